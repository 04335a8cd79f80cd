import type { Language } from '../../../src/contract/language'
import { injectHead, withPageLanguage } from './product-head'
import { OUTLINE_STYLE, withOutline } from './product-outline'

const HEAD_SLOT = '\u0000head\u0000'
const OUTLINE_SLOT = '\u0000outline\u0000'
const SLOTS = /(\u0000head\u0000|\u0000outline\u0000)/

/**
 * A product page from index.html, made once into the parts around its two slots (the product's head, its
 * outline) per language and kind of page: each page is then the parts joined with the product's own, not
 * index.html rewritten by several passes of patterns. The same page as `injectHead`, `withOutline` and
 * `withPageLanguage` make.
 */
export function productPageTemplate(html: string) {
  const made = new Map<string, string[]>()
  return (language: Language, head: string, outline: string | null): string => {
    const key = `${language}:${outline === null ? 'head' : 'outline'}`
    let parts = made.get(key)
    if (!parts) {
      const page =
        outline === null
          ? injectHead(html, HEAD_SLOT)
          : withOutline(injectHead(html, `${HEAD_SLOT}\n    ${OUTLINE_STYLE}`), OUTLINE_SLOT)
      parts = withPageLanguage(page, language).split(SLOTS)
      made.set(key, parts)
    }
    return parts
      .map((part) => (part === HEAD_SLOT ? head : part === OUTLINE_SLOT ? (outline ?? '') : part))
      .join('')
  }
}
