import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * The product editor's contract (owners and managers), under /api/v1/admin:
 * - `GET products/:id` → adminProductAnswer: the whole product, drafts and archived ones too.
 * - `POST products` (adminProductBody) → 201 adminProductAnswer; a new product is a draft unless the body
 *   says otherwise.
 * - `PUT products/:id` (adminProductUpdateBody: the body and the `version` it was loaded at) → 200
 *   adminProductAnswer, or 409 productConflictAnswer when someone saved it since (nothing is written).
 * - `POST products/:id/duplicate` (no body) → 201 adminProductAnswer: a new draft copy named "… (copy)"
 *   ("… (কপি)" in Bangla), at the slug followed by `-copy` (`-copy-2` … when taken), with the same texts,
 *   category, brand, campaigns, images, options and prices, and its skus with new codes and no stock.
 *
 * Rules: an empty `slug` is made from the English name; a slug is lower-case a-z, 0-9 and dashes, unique,
 * and a product's former slug (kept in `formerSlugs`, still leading shoppers to it) may be taken only by that
 * product. Sku codes are unique in the shop; an empty one is made on save from the product's short code and
 * the values (`PNJ-014-M-RED`: three letters of the name, the product's number, the values; at most 40
 * ASCII characters; server/domain/sku-codes.ts) and then kept as any other. Each sku has one value of every
 * option, no two skus the same values. Money has at most two decimals, the discounted price is at most the price, VAT is 0–100, stock and
 * weight are whole numbers from 0. At most 12 images, each a path the image upload answered; an active
 * product has at least one image and one sku.
 * Skus are matched by `id` (or, without one, by their code among the product's skus); the product's skus the
 * body leaves out are deleted, except a sku that orders name: that answers 409 `skus` naming it, and stays
 * (orders keep pointing at it). To stop selling such a sku, keep it with its stock at 0.
 * Field errors name their place: `name`, `slug`, `skus.2.price`, `images.0.path`.
 */

export const productStatuses = ['draft', 'active', 'archived'] as const
export const productStatus = z.enum(productStatuses)
export type ProductStatus = z.infer<typeof productStatus>

export const MAX_PRODUCT_IMAGES = 12
export const MAX_OPTIONS = 3
export const MAX_SKUS = 200

const line = (max: number) => z.string().check(z.trim(), z.maxLength(max), noControlCharacters())
const paragraphs = (max: number) =>
  z.string().check(z.maxLength(max), noControlCharacters({ multiline: true }))
const id = z.int().check(z.positive(), z.maximum(2_147_483_647))

export const productImage = z.object({
  path: z.string().check(z.maxLength(300)),
  alt: line(300),
  altBn: line(300),
})
export type ProductImage = z.infer<typeof productImage>

export const productOption = z.object({
  name: line(40),
  values: z.array(line(60)).check(z.maxLength(50)),
})
export type ProductOption = z.infer<typeof productOption>

/** one sku as the editor sends it: `id` for one that exists (else it is matched by code, or added) */
export const productSkuInput = z.object({
  id: z.optional(id),
  sku: line(64),
  /** the value of each option, by the option's name */
  values: z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(60))),
  price: z.number(),
  discountedPrice: z.number(),
  vat: z.number(),
  stockQuantity: z.number(),
  weightGrams: z.number(),
})
export type ProductSkuInput = z.infer<typeof productSkuInput>

const productFields = {
  slug: line(120),
  name: line(200),
  nameBn: line(200),
  shortDescription: paragraphs(2000),
  shortDescriptionBn: paragraphs(2000),
  longDescription: paragraphs(20_000),
  longDescriptionBn: paragraphs(20_000),
  categoryId: id,
  brandId: id,
  campaignIds: z.array(id).check(z.maxLength(50)),
  status: productStatus,
  images: z.array(productImage).check(z.maxLength(50)),
  options: z.array(productOption).check(z.maxLength(10)),
  metaTitle: line(200),
  metaDescription: paragraphs(500),
}

export const adminProductBody = z.strictObject({
  ...productFields,
  /** a new product is a draft unless this says otherwise */
  status: z.optional(productStatus),
  skus: z.array(productSkuInput).check(z.maxLength(1000)),
})
export type AdminProductBody = z.input<typeof adminProductBody>

export const adminProductUpdateBody = z.strictObject({
  ...productFields,
  skus: z.array(productSkuInput).check(z.maxLength(1000)),
  /** the version the editor loaded */
  version: z.int().check(z.positive()),
})
export type AdminProductUpdateBody = z.infer<typeof adminProductUpdateBody>

export const productSku = z.object({
  id: z.int(),
  sku: z.string(),
  values: z.record(z.string(), z.string()),
  price: z.number(),
  discountedPrice: z.number(),
  vat: z.number(),
  stockQuantity: z.int(),
  weightGrams: z.int(),
})
export type ProductSku = z.infer<typeof productSku>

export const adminProduct = z.object({
  id: z.int(),
  version: z.int(),
  updatedAt: z.string(),
  updatedBy: z.nullable(z.object({ id: z.int(), name: z.string() })),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  shortDescription: z.string(),
  shortDescriptionBn: z.string(),
  longDescription: z.string(),
  longDescriptionBn: z.string(),
  categoryId: z.int(),
  brandId: z.int(),
  campaignIds: z.array(z.int()),
  status: productStatus,
  images: z.array(productImage),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(productSku),
  metaTitle: z.string(),
  metaDescription: z.string(),
  formerSlugs: z.array(z.string()),
})
export type AdminProduct = z.infer<typeof adminProduct>

export const adminProductAnswer = z.object({ data: adminProduct })

export const adminProductParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})

/** 409 on a save from an older version: who saved it last (their name, or null) and when (ISO 8601) */
export const productConflictAnswer = z.object({
  error: z.record(z.string(), z.array(z.string())),
  conflict: z.optional(z.object({ by: z.nullable(z.string()), at: z.string() })),
})
export type ProductConflict = { by: string | null; at: string }

// ---------------------------------------------------------------- rules both ends apply

/** what a slug looks like: lower-case a-z and 0-9 words joined by single dashes */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug made from a name: `Jamdani Saree (Red)` → `jamdani-saree-red`; '' when nothing Latin is left. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** Every combination of the options' values, in order (the first option varies slowest); one empty one without options. */
export function optionCombinations(options: readonly ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combinations, option) =>
      combinations.flatMap((combination) =>
        option.values.map((value) => ({ ...combination, [option.name]: value })),
      ),
    [{}],
  )
}

/** The key that tells two skus' values apart, whatever order the options were written in. */
export function valuesKey(values: Record<string, string>): string {
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
