import { queryOptions } from '@tanstack/react-query'
import { productDetailsResponse, productSummariesResponse } from '../../contract/product'
import {
  type ReviewCreateBody,
  type ReviewGuestBody,
  reviewListResponse,
  reviewResponse,
  uploadResponse,
} from '../../contract/reviews'
import { apiGet, apiSend, apiUpload } from '../../lib/api'
import { productKeys } from '../../state/products'
import { reviewKeys } from '../../state/reviews'

export const productDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.details(id),
    queryFn: async ({ signal }) =>
      (await apiGet(`/product/storefront/product-details/${id}`, productDetailsResponse, { signal })).data,
    staleTime: 5 * 60_000,
    meta: { persist: true },
  })

export const relatedProductsQuery = (slug: string) =>
  queryOptions({
    queryKey: productKeys.related(slug),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/product/storefront/related-products/${encodeURIComponent(slug)}`,
          productSummariesResponse,
          {
            signal,
            query: { limit: 8 },
          },
        )
      ).data,
    staleTime: 5 * 60_000,
    meta: { persist: true },
  })

export const reviewsQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: reviewKeys.page(slug, page),
    queryFn: ({ signal }) =>
      apiGet('/review', reviewListResponse, {
        signal,
        query: { product_slug: slug, currentPage: page, perPage: 5, status: 'active' },
      }),
    placeholderData: (previous) => previous,
  })

export async function postReview(body: ReviewCreateBody) {
  return (await apiSend('post', '/review/product', body, reviewResponse)).data
}

export async function postGuestReview(body: ReviewGuestBody) {
  return (await apiSend('post', '/review/product/without-login', body, reviewResponse)).data
}

/** Uploads one review photo (multipart); the server re-encodes it and answers its path. */
export async function uploadReviewPhoto(file: File) {
  const form = new FormData()
  form.append('file', file)
  return (await apiUpload('/file-uploader', form, uploadResponse, { query: { for: 'review' } })).data
}
