import { queryOptions } from '@tanstack/react-query'
import { pageDocument } from '../../contract/menu'
import { currentLanguage, type Language } from '../../i18n'
import { apiGet, storage } from '../../lib/api'

export const pageKeys = {
  all: ['pages'] as const,
  page: (slug: string, language: Language) => [...pageKeys.all, slug, language] as const,
}

/** A page menu item's content: `pages/{slug}.json` (storefront §7), `?lang=bn` for the Bangla page. */
export const pageQuery = (slug: string) => {
  const language = currentLanguage()
  return queryOptions({
    queryKey: pageKeys.page(slug, language),
    queryFn: ({ signal }) =>
      apiGet(`/pages/${encodeURIComponent(slug)}.json`, pageDocument, {
        client: storage,
        signal,
        query: language === 'bn' ? { lang: 'bn' } : undefined,
      }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  })
}
