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

/**
 * A page's head as a search engine and a link preview read it: its title and description, its canonical
 * address in its language and the other language's (hreflang, English as x-default), and what Open Graph says
 * of the shop. One writer for product and listing pages.
 */
export function pageHeadTags(page: {
  title: string
  description: string
  url: string
  addresses: { en: string; bn: string }
  shopName: string
}): string[] {
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(page.addresses.en)}" />`,
    `<link rel="alternate" hreflang="bn" href="${escapeHtml(page.addresses.bn)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(page.addresses.en)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(page.shopName)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
  ]
}
