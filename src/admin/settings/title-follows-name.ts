import type { ShopSettings } from '../../contract/settings'

type Texts = ShopSettings['name']
const LANGUAGES = ['en', 'bn'] as const

/** the shop's name as a title in `language` names it: an empty Bangla name is the English one */
const nameIn = (name: Texts, language: keyof Texts) => name[language] || name.en

/**
 * What follows the shop's name in each SEO title of the loaded settings (`Haat — fashion for Bangladesh`: ` —
 * fashion for Bangladesh`), or null where the title does not begin with the name.
 */
export function titleTails(settings: Pick<ShopSettings, 'name' | 'seo'>): Record<keyof Texts, string | null> {
  const tail = (language: keyof Texts) => {
    const name = nameIn(settings.name, language)
    const title = settings.seo.title[language]
    return name && title.startsWith(name) ? title.slice(name.length) : null
  }
  return { en: tail('en'), bn: tail('bn') }
}

/**
 * The SEO titles after the shop's name changed from `before` to `after`: a title still made of the name and its
 * tail follows the name, so a renamed shop's pages are not titled with the old name; a title the owner wrote
 * otherwise stays as it is.
 */
export function titleAfterRename(
  title: Texts,
  tails: Record<keyof Texts, string | null>,
  before: Texts,
  after: Texts,
): Texts {
  const next = { ...title }
  for (const language of LANGUAGES) {
    const tail = tails[language]
    if (tail !== null && title[language] === nameIn(before, language) + tail) {
      next[language] = nameIn(after, language) + tail
    }
  }
  return next
}
