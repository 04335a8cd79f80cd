import { queryOptions } from '@tanstack/react-query'
import { pageDocument } from '../../contract/menu'
import { apiGet, storage } from '../../lib/api'

export const pageKeys = {
  all: ['pages'] as const,
  page: (slug: string) => [...pageKeys.all, slug] as const,
}

/** A page menu item's content: `pages/{slug}.json` (SPEC §7). */
export const pageQuery = (slug: string) =>
  queryOptions({
    queryKey: pageKeys.page(slug),
    queryFn: ({ signal }) =>
      apiGet(`/pages/${encodeURIComponent(slug)}.json`, pageDocument, { client: storage, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  })
