import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * The back office's reviews (`/api/v1/admin/reviews…`), shared by the API and the reviews page. Owners and
 * managers only.
 *
 * - `GET reviews?status=` → adminReviewsAnswer: one page of the reviews in that state, newest first: guests'
 *   reviews wait as `pending`; `active` ones are on the product page; `rejected` ones are hidden.
 * - `POST reviews/:id/approve` → adminReviewAnswer: the review is shown (`active`).
 * - `POST reviews/:id/hide` → adminReviewAnswer: the review is hidden (`rejected`).
 * - `POST reviews/:id/reply` (reviewReplyBody) → adminReviewAnswer: the shop's answer, shown under the review;
 *   an empty text removes it.
 * Each change is audited, and the product's rating and count follow its active reviews at once.
 */

export const reviewStatuses = ['pending', 'active', 'rejected'] as const
export const reviewStatus = z.enum(reviewStatuses)
export type ReviewStatus = z.infer<typeof reviewStatus>

export const reviewIdParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})

export const adminReviewsQuery = z.object({
  status: z._default(reviewStatus, 'pending'),
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(1_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(50)), 20),
})
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>

export const adminReview = z.object({
  id: z.int(),
  product: z.object({ id: z.int(), name: z.string(), slug: z.string() }),
  rating: z.int(),
  text: z.string(),
  /** the photos as uploaded (`path`) and where a browser reads them (`url`) */
  photos: z.array(z.object({ path: z.string(), url: z.string() })),
  /** the name and number the review was signed with */
  name: z.string(),
  phone: z.nullable(z.string()),
  /** written by a signed-in shopper, not a guest */
  byCustomer: z.boolean(),
  status: reviewStatus,
  createdAt: z.string(),
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(z.string()),
})
export type AdminReview = z.infer<typeof adminReview>

export const adminReviewsAnswer = z.object({
  data: z.array(adminReview),
  meta: z.object({
    page: z.int(),
    perPage: z.int(),
    hasNext: z.boolean(),
    /** how many reviews wait for a decision, whatever the tab */
    pending: z.int(),
  }),
})
export type AdminReviewsAnswer = z.infer<typeof adminReviewsAnswer>

export const adminReviewAnswer = z.object({ data: adminReview })

export const reviewReplyBody = z.strictObject({
  /** '' removes the reply */
  text: z
    .string()
    .check(
      z.trim(),
      z.maxLength(1000, 'At most {count} characters'),
      noControlCharacters({ multiline: true }),
    ),
})
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>
