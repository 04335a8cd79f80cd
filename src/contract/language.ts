/** The shop's languages: English (the source of every text) and Bangla. */
export const LANGUAGES = ['en', 'bn'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'bn'
}

/**
 * The language an API request asks for: `?lang=` when given (a link, a cache-friendly catalogue read),
 * else the first language of `Accept-Language` (by its q weights) that the shop speaks, else English.
 */
export function requestLanguage(acceptLanguage: string | undefined, lang?: unknown): Language {
  if (isLanguage(lang)) return lang
  if (!acceptLanguage) return 'en'
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { primary: tag.trim().toLowerCase().split(/[-_]/)[0], q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { primary } of ranked) if (isLanguage(primary)) return primary
  return 'en'
}
