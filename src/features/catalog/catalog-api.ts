import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listingResponse } from '../../contract/product'
import { apiGet, apiV2 } from '../../lib/api'
import { productKeys } from '../../state/products'
import type { ListingRequest } from './listing-search'

/** GET product/storefront on API v2 (storefront §7): one page of a filtered listing with its facets. */
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
    meta: { persist: true },
  })
