import { z } from 'zod'
import { bdPhone } from './addresses'

export const reviewListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(10),
  product_slug: z.string().trim().min(1).max(200),
  status: z.literal('active').default('active'),
})

export const review = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(['active', 'pending', 'rejected']),
  createdAt: z.string(),
})
export type Review = z.infer<typeof review>

export const reviewListResponse = z.object({
  data: z.array(review),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  average: z.number(),
  /** "1".."5" -> number of active reviews with that rating */
  counts: z.record(z.string(), z.number().int()),
})
export type ReviewListResponse = z.infer<typeof reviewListResponse>

/** a path returned by the file uploader: uploads/<generated>.webp */
export const uploadPath = z.string().regex(/^uploads\/[a-z0-9-]+\.webp$/, 'Upload the photo first')

const reviewFields = {
  product_slug: z.string().trim().min(1).max(200),
  rating: z.number().int().min(1, 'Choose a rating').max(5, 'Choose a rating'),
  text: z.string().trim().max(2000).default(''),
  photos: z.array(uploadPath).max(4, 'Up to 4 photos').default([]),
}

export const reviewCreateBody = z.object(reviewFields).strict()
export type ReviewCreateBody = z.input<typeof reviewCreateBody>
export const reviewGuestBody = z
  .object({ ...reviewFields, name: z.string().trim().min(2, 'Enter your name').max(100), phone: bdPhone })
  .strict()
export type ReviewGuestBody = z.input<typeof reviewGuestBody>

export const reviewResponse = z.object({ data: review })

export const myReview = review.extend({ productSlug: z.string(), productName: z.string() })
export const myReviewsResponse = z.object({
  data: z.array(myReview),
  isUserReviewed: z.record(z.string(), z.boolean()),
})
export type MyReviewsResponse = z.infer<typeof myReviewsResponse>

export const uploadResponse = z.object({
  data: z.object({ path: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
})
