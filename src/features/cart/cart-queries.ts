import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { productsResponse } from '../../contract/product'
import { apiSend } from '../../lib/api'
import { queryClient } from '../../lib/query-client'
import { cachedProductsByIds, isOfflineError } from '../offline'

/** SPEC §9: product-by-ids page size */
export const BY_IDS_PAGE_SIZE = 100

/** Query keys of the products behind the local cart and wish list. */
export const cartKeys = {
  all: ['cart'] as const,
  products: (ids: readonly number[]) => [...cartKeys.all, 'products', ids] as const,
}

export async function fetchProductsByIds(ids: readonly number[], signal?: AbortSignal) {
  if (ids.length === 0) return []
  const answer = await apiSend('post', '/product/storefront/get-by-ids', { ids }, productsResponse, {
    query: { perPage: BY_IDS_PAGE_SIZE },
    signal,
  })
  return answer.data
}

/**
 * The products for the ids kept in local storage (sorted, unique). The key changes with the ids,
 * so a changed list fetches again; the previous answer stays on screen meanwhile.
 */
export function cartProductsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: cartKeys.products(ids),
    queryFn: ({ signal }) =>
      fetchProductsByIds(ids, signal).catch((error: unknown) => {
        // offline after an add or remove (a new set of ids): the products as last seen on this device
        const cached = isOfflineError(error) ? cachedProductsByIds(queryClient, ids) : undefined
        if (cached) return cached
        throw error
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // public catalogue data: kept in the persisted cache so the lists show offline
    meta: { persist: true },
  })
}
