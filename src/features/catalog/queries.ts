import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type GetByLogicBody, listingResponse, productSummariesResponse } from '../../contract/product'
import { apiGet, apiSend, apiV2 } from '../../lib/api'
import type { ListingRequest } from './listing-search'

export const productKeys = {
  all: ['products'] as const,
  listings: () => [...productKeys.all, 'listing'] as const,
  listing: (request: ListingRequest) => [...productKeys.listings(), request] as const,
  logic: (body: GetByLogicBody) => [...productKeys.all, 'logic', body] as const,
}

/** GET product/storefront on API v2 (SPEC §7): one page of a filtered listing with its facets. */
export const listingQuery = (request: ListingRequest) =>
  queryOptions({
    queryKey: productKeys.listing(request),
    queryFn: ({ signal }) =>
      apiGet('/product/storefront', listingResponse, {
        client: apiV2,
        signal,
        query: {
          currentPage: request.currentPage,
          perPage: request.perPage,
          search: request.search,
          filters: Object.keys(request.filters).length ? JSON.stringify(request.filters) : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  })

/** POST product/storefront/get-by-logic: new arrivals, a category's or a campaign's products, etc. */
export const productsByLogicQuery = (body: GetByLogicBody) =>
  queryOptions({
    queryKey: productKeys.logic(body),
    queryFn: ({ signal }) =>
      apiSend('post', '/product/storefront/get-by-logic', body, productSummariesResponse, { signal }),
    select: (response) => response.data,
  })
