import type { Language } from '../../../src/contract/language'
import { injectHead, withPageLanguage } from './product-head'
import { OUTLINE_STYLE, withOutline } from './product-outline'

/** around a slot's name: a character no HTML page holds */
const MARK = '\u0000'
const HEAD_SLOT = `${MARK}head${MARK}`
const OUTLINE_SLOT = `${MARK}outline${MARK}`

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
      // the page's text at even places, the slots' names at odd ones
      parts = withPageLanguage(page, language).split(MARK)
      made.set(key, parts)
    }
    return parts.map((part, at) => (at % 2 === 0 ? part : part === 'head' ? head : (outline ?? ''))).join('')
  }
}
