import { z } from 'zod/mini'

/**
 * `POST /api/v1/admin/images?for=<use>` (owners and managers): one image per request, multipart field
 * `file` (JPEG, PNG or WebP, at most 5 MB and 25 megapixels). It is re-encoded to WebP in the sizes its use
 * needs (with the `xs` variant) and kept in the media store; the answer's `path` is what a product's
 * `thumbnail`, a brand's `logo`, a campaign's `banner`, a category's `image` or the shop's logo names.
 * 413 / 415 `file` for what is refused.
 */
export const imageUse = z.enum(['product', 'campaign', 'brand', 'category', 'shop'])
export type ImageUse = z.infer<typeof imageUse>

export const adminImageQuery = z.object({ for: imageUse })

export const adminImageAnswer = z.object({
  data: z.object({ path: z.string(), url: z.string(), width: z.int(), height: z.int() }),
})
export type AdminImage = z.infer<typeof adminImageAnswer>['data']
