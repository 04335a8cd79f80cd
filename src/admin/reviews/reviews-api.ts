import { queryOptions } from '@tanstack/react-query'
import { type AdminReviewsQuery, adminReviewAnswer, adminReviewsAnswer } from '../../contract/admin-reviews'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The review queue's reads and writes (src/contract/admin-reviews.ts), none of them kept on the device. */
export const reviewQueueKeys = {
  all: () => [...adminKeys.all, 'reviews'] as const,
  list: (query: AdminReviewsQuery) => [...reviewQueueKeys.all(), query] as const,
}

export const reviewQueueQuery = (query: AdminReviewsQuery) =>
  queryOptions({
    queryKey: reviewQueueKeys.list(query),
    queryFn: ({ signal }) => adminRead(withSearch('/admin/reviews', query), adminReviewsAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

export type ReviewAction = { id: number } & ({ verb: 'approve' | 'hide' } | { verb: 'reply'; text: string })

export const reviewsApi = {
  act: (action: ReviewAction) =>
    adminWrite(
      'post',
      `/admin/reviews/${action.id}/${action.verb}`,
      adminReviewAnswer,
      action.verb === 'reply' ? { text: action.text } : {},
    ).then((answer) => answer.data),
}
