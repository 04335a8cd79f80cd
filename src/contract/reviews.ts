import { z } from 'zod/mini'
import { bdPhone } from './addresses'
import { noControlCharacters } from './common'

const slug = z.string().check(z.trim(), z.minLength(1), z.maxLength(200), noControlCharacters())

export const reviewListQuery = z.object({
  currentPage: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
  product_slug: slug,
  status: z._default(z.literal('active'), 'active'),
})

export const review = z.object({
  id: z.int(),
  productId: z.int(),
  name: z.string(),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(['active', 'pending', 'rejected']),
  createdAt: z.string(),
  /** the shop's answer, shown under the review (absent from answers kept since before replies: none) */
  reply: z._default(z.nullable(z.string()), null),
})
export type Review = z.infer<typeof review>

export const reviewListResponse = z.object({
  data: z.array(review),
  currentPage: z.int(),
  perPage: z.int(),
  total: z.int(),
  average: z.number(),
  /** "1".."5" -> number of active reviews with that rating */
  counts: z.record(z.string(), z.int()),
})
export type ReviewListResponse = z.infer<typeof reviewListResponse>

/** a path returned by the file uploader: uploads/<generated>.webp */
export const uploadPath = z.string().check(z.regex(/^uploads\/[a-z0-9-]+\.webp$/, 'Upload the photo first'))

const reviewFields = {
  product_slug: slug,
  rating: z.int().check(z.minimum(1, 'Choose a rating'), z.maximum(5, 'Choose a rating')),
  text: z._default(
    z.string().check(z.trim(), z.maxLength(2000), noControlCharacters({ multiline: true })),
    '',
  ),
  photos: z._default(z.array(uploadPath).check(z.maxLength(4, 'Up to 4 photos')), []),
}

export const reviewCreateBody = z.strictObject(reviewFields)
export type ReviewCreateBody = z.input<typeof reviewCreateBody>
export const reviewGuestBody = z.strictObject({
  ...reviewFields,
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Enter your name'), z.maxLength(100), noControlCharacters()),
  phone: bdPhone,
})
export type ReviewGuestBody = z.input<typeof reviewGuestBody>

export const reviewResponse = z.object({ data: review })

export const myReview = z.extend(review, { productSlug: z.string(), productName: z.string() })
export const myReviewsResponse = z.object({
  data: z.array(myReview),
  isUserReviewed: z.record(z.string(), z.boolean()),
})
export type MyReviewsResponse = z.infer<typeof myReviewsResponse>

export const uploadResponse = z.object({
  data: z.object({ path: z.string(), url: z.string(), width: z.int(), height: z.int() }),
})
