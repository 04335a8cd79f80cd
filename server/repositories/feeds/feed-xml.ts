import type { FeedItem } from './feed-items'

/** Google's namespace for product attributes; Meta reads the same RSS 2.0 feeds. */
export const G_NAMESPACE = 'http://base.google.com/ns/1.0'

/** RSS's own elements; every other attribute is in Google's namespace (`g:price`). */
const RSS_ELEMENTS = new Set(['title', 'link', 'description'])

/** Characters XML 1.0 does not allow at all (control characters other than tab and line ends). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

/** Text inside an XML element. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The feed's opening: the channel's title, link and description. */
export function feedHead(channel: { title: string; link: string; description: string }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${G_NAMESPACE}">\n<channel>\n` +
    `<title>${xmlText(channel.title)}</title>\n<link>${xmlText(channel.link)}</link>\n` +
    `<description>${xmlText(channel.description)}</description>\n`
  )
}

export const FEED_TAIL = '</channel>\n</rss>\n'

export function itemXml(item: FeedItem): string {
  let xml = '<item>'
  for (const [name, value] of item) {
    const tag = RSS_ELEMENTS.has(name) ? name : `g:${name}`
    xml += `<${tag}>${xmlText(value)}</${tag}>`
  }
  return `${xml}</item>\n`
}
