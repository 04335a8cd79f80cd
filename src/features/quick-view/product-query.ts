import { queryOptions } from '@tanstack/react-query'
import { productResponse } from '../../contract/product'
import { apiGet } from '../../lib/api'

export const quickViewKeys = {
  all: ['quick-view'] as const,
  product: (slug: string) => [...quickViewKeys.all, 'product', slug] as const,
}

/** One product by slug or id (SPEC §7 GET product/storefront/{slug}). */
export function quickViewProductQuery(slug: string) {
  return queryOptions({
    queryKey: quickViewKeys.product(slug),
    queryFn: async ({ signal }) =>
      (await apiGet(`/product/storefront/${encodeURIComponent(slug)}`, productResponse, { signal })).data,
    staleTime: 60_000,
    // public catalogue data: kept in the persisted cache so the lists show offline
    meta: { persist: true },
  })
}
