import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type GetByLogicBody,
  productResponse,
  productSummariesResponse,
  productsResponse,
} from '../contract/product'
import { apiGet, apiSend, DEADLINES, isUnreachable } from '../lib/api'
import { cachedProductsByIds } from '../lib/cached-products'
import { currentLanguage } from '../lib/language'
import { queryClient } from '../lib/query-client'

/**
 * The one key factory of catalogue products: listings, home sections, a product by slug or id, related
 * products, and the products behind the local cart and wish list. Catalogue data is the same for every
 * shopper, so each query below opts into the persisted cache (`meta.persist`) and shows offline. The
 * API answers in the page's language, so each key names it: a switch asks again, and each language's
 * answers stay on the device for offline browsing in it.
 */
export const productKeys = {
  all: ['products'] as const,
  listings: () => [...productKeys.all, 'listing'] as const,
  /** one page of a listing; the request is the catalogue feature's */
  listing: (request: object) => [...productKeys.listings(), currentLanguage(), request] as const,
  logic: (body: GetByLogicBody) => [...productKeys.all, 'logic', currentLanguage(), body] as const,
  bySlug: (slug: string) => [...productKeys.all, 'slug', currentLanguage(), slug] as const,
  details: (id: number) => [...productKeys.all, 'details', currentLanguage(), id] as const,
  related: (slug: string) => [...productKeys.all, 'related', currentLanguage(), slug] as const,
  byIds: (ids: readonly number[]) => [...productKeys.all, 'ids', currentLanguage(), ids] as const,
}

/** POST product/storefront/get-by-logic: new arrivals, a category's or a campaign's products, etc. */
export const productsByLogicQuery = (body: GetByLogicBody) =>
  queryOptions({
    queryKey: productKeys.logic(body),
    queryFn: ({ signal }) =>
      apiSend('post', '/product/storefront/get-by-logic', body, productSummariesResponse, {
        signal,
        deadline: DEADLINES.read,
      }),
    select: (response) => response.data,
    meta: { persist: true },
  })

/** One product by slug or id (storefront §7 GET product/storefront/{slug}): quick view, a campaign's end. */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: productKeys.bySlug(slug),
    queryFn: async ({ signal }) =>
      (await apiGet(`/product/storefront/${encodeURIComponent(slug)}`, productResponse, { signal })).data,
    staleTime: 60_000,
    meta: { persist: true },
  })

/** storefront §9: product-by-ids page size */
export const BY_IDS_PAGE_SIZE = 100

export async function fetchProductsByIds(ids: readonly number[], signal?: AbortSignal) {
  if (ids.length === 0) return []
  const answer = await apiSend('post', '/product/storefront/get-by-ids', { ids }, productsResponse, {
    query: { perPage: BY_IDS_PAGE_SIZE },
    signal,
    deadline: DEADLINES.read,
  })
  return answer.data
}

/**
 * The products for the ids kept in local storage (sorted, unique). The key changes with the ids,
 * so a changed list fetches again; the previous answer stays on screen meanwhile.
 */
export function productsByIdsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: productKeys.byIds(ids),
    queryFn: ({ signal }) =>
      fetchProductsByIds(ids, signal).catch((error: unknown) => {
        // offline or too slow after an add or remove (a new set of ids): the products as last seen here
        const cached = isUnreachable(error) ? cachedProductsByIds(queryClient, ids) : undefined
        if (cached) return cached
        throw error
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { persist: true },
  })
}
