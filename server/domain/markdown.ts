import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import type { PageDocument } from '../../src/contract/menu'

/**
 * A content page's Markdown as the HTML shoppers get: rendered by marked (GitHub's flavour), then
 * sanitised to an allow-list of tags and attributes. Raw HTML in the Markdown goes through the same
 * list, so no script, style, frame, form or event handler gets through, and links and images take only
 * http(s), mailto and tel addresses (or paths of the shop).
 */
const marked = new Marked({ gfm: true, breaks: false, async: false })

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // the page's title is its only h1: a Markdown heading one level down
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '')
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs,
      }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  disallowedTagsMode: 'discard',
}

/** Safe HTML for a page's Markdown. */
export function markdownToHtml(markdown: string): string {
  const html = marked.parse(markdown) as string
  return sanitizeHtml(html, allowed).trim()
}

/** A page's document for shoppers from its Markdown: one HTML block. */
export function markdownBlocks(markdown: string): PageDocument['blocks'] {
  return [{ type: 'html', html: markdownToHtml(markdown) }]
}

/**
 * A page written before Markdown (headings, paragraphs, lists) as Markdown, for the editor. Characters that
 * Markdown would read as markup are escaped, so the page reads the same once saved.
 */
export function blocksToMarkdown(blocks: PageDocument['blocks']): string {
  const literal = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/^(\d+)\./, '$1\\.')
  return blocks
    .map((block) => {
      if (block.type === 'heading') return `## ${literal(block.text)}`
      if (block.type === 'paragraph') return literal(block.text)
      if (block.type === 'list') return block.items.map((item) => `- ${literal(item)}`).join('\n')
      return block.html
    })
    .join('\n\n')
}
