/** Text in HTML, in an element or an attribute's double quotes. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A catalogue image's address as the app's `mediaUrl` makes it (src/lib/media.ts): the page's preload, its
 * outline and the app's page ask for the very same file.
 */
export function mediaAddress(path: string, mediaRoot: string): string {
  const clean = path.trim().replace(/^\/+/, '')
  return /^https?:\/\//.test(clean) ? clean : `${mediaRoot}/${clean}`
}
