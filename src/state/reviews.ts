import { queryOptions } from '@tanstack/react-query'
import { myReviewsResponse } from '../contract/reviews'
import { apiGet } from '../lib/api'

/** Query keys of reviews: a product's pages of reviews, and the signed-in shopper's own. */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofProduct: (slug: string) => [...reviewKeys.all, 'product', slug] as const,
  page: (slug: string, page: number) => [...reviewKeys.ofProduct(slug), page] as const,
  mine: () => [...reviewKeys.all, 'mine'] as const,
}

/** The signed-in shopper's reviews: listed on /user/reviews, and checked on a product before reviewing again. */
export const myReviewsQuery = queryOptions({
  queryKey: reviewKeys.mine(),
  queryFn: ({ signal }) => apiGet('/review/mine', myReviewsResponse, { signal }),
})
