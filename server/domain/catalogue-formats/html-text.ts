import { Parser } from 'htmlparser2'

/** Elements whose text is never shown: their content is dropped with them. */
const HIDDEN = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
])
/** Elements that stand as a paragraph of their own. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'table',
  'tr',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'figure',
  'hr',
])

/**
 * A product description written in HTML (Shopify's `Body (HTML)`, WooCommerce's `Description`) as the plain
 * text with Markdown's marks that product pages show: paragraphs and headings apart, list items as `- `,
 * line breaks kept, bold and italic marked, table cells apart; tags, attributes, scripts and styles gone,
 * entities decoded. Text without tags comes back as it was, trimmed.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim()
  let out = ''
  let hidden = 0
  let listDepth = 0
  const newline = (count: number) => {
    const trimmed = out.replace(/[ \t]+$/, '')
    const existing = /\n*$/.exec(trimmed)?.[0].length ?? 0
    out = trimmed + (trimmed ? '\n'.repeat(Math.max(0, count - existing)) : '')
  }
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden += 1
        if (hidden) return
        if (name === 'br') newline(1)
        else if (name === 'li') {
          newline(1)
          out += `${'  '.repeat(Math.max(0, listDepth - 1))}- `
        } else if (BLOCKS.has(name)) {
          if (name === 'ul' || name === 'ol') listDepth += 1
          newline(listDepth > 1 && (name === 'ul' || name === 'ol') ? 1 : 2)
          if (/^h[1-6]$/.test(name)) out += '## '
        } else if (name === 'td' || name === 'th') {
          if (!/(^|\n)$/.test(out)) out += ' | '
        } else if (name === 'strong' || name === 'b') out += '**'
        else if (name === 'em' || name === 'i') out += '*'
      },
      ontext(text) {
        if (hidden) return
        const flat = text.replace(/\s+/g, ' ')
        out += /(^|\s)$/.test(out) ? flat.replace(/^ /, '') : flat
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) {
          hidden = Math.max(0, hidden - 1)
          return
        }
        if (hidden) return
        // the mark closes on the word, a space inside it goes after it
        const mark = name === 'strong' || name === 'b' ? '**' : name === 'em' || name === 'i' ? '*' : ''
        if (mark) out = out.endsWith(' ') ? `${out.slice(0, -1)}${mark} ` : `${out}${mark}`
        else if (BLOCKS.has(name)) {
          if (name === 'ul' || name === 'ol') listDepth = Math.max(0, listDepth - 1)
          newline(2)
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, '').replace(/^ (?!\s*- )/, ''))
    .join('\n')
    .replace(/\*\*\*\*/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
