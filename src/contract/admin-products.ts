import { z } from 'zod/mini'
import { productStatus } from './admin-product'
import { noControlCharacters } from './common'

export { type ProductStatus, productStatus } from './admin-product'

/**
 * The back office's products list and its bulk actions (`/api/v1/admin/products…`), shared by the API and
 * the products page.
 *
 * - `GET products` (any staff role) → adminProductsAnswer: one page of products matching the filters.
 *   `meta.total` is exact up to PRODUCT_COUNT_CAP; above it the answer says `total: PRODUCT_COUNT_CAP,
 *   totalCapped: true` ("more than 1,000": narrow the filters), so counting stays fast on a large
 *   catalogue. `hasNext` is always exact. Pages reach LIST_DEPTH products deep (a page past it is a 400
 *   on `page`): each page is read off an index, and a deeper one would cost a long skip.
 * - `POST products/bulk` (owner, manager) → bulkAnswer: publish, unpublish, archive, a discount on every sku,
 *   adding to or removing from a campaign. A product the action cannot apply to is skipped with a reason;
 *   one already as asked is neither changed nor skipped.
 * - `POST products/bulk-stock` (any staff role) → bulkAnswer: adds `by` (or takes it away) on every sku of
 *   each product. When any sku would go below 0 nothing is written: 409 with `products` naming them.
 * - `GET products/:id/stock` (any staff role) → productStockAnswer: the product's skus, to change one
 *   through `PATCH skus/:id`.
 * - `PATCH products/:id/skus` (skusChangeBody) → productStockAnswer: one stock, price or discounted price
 *   written into every sku of the product, or into those `skuIds` names. Stock is any staff role's, prices
 *   managers' and owners' (`prices.write`): a body naming a figure the role may not change is refused whole
 *   (403), and so is one that leaves a sku's discounted price above its price (400); nothing is written.
 */

/** the most products one bulk action takes */
export const BULK_LIMIT = 500
/** counts above this are answered as "this many or more" */
export const PRODUCT_COUNT_CAP = 1_000
/** how far into a list its pages reach (page × perPage): past it, narrower filters find the product */
export const LIST_DEPTH = 10_000

export const stockFilter = z.enum(['out', 'low', 'in'])
export type StockFilter = z.infer<typeof stockFilter>
export const productSort = z.enum(['updated', 'created', 'name', 'price', 'stock'])
export type ProductSort = z.infer<typeof productSort>
export const sortDirection = z.enum(['asc', 'desc'])
export type SortDirection = z.infer<typeof sortDirection>

/** each sort's direction when none is given: the newest first, names A to Z, the cheapest and the emptiest first */
export const DEFAULT_DIRECTION: Record<ProductSort, SortDirection> = {
  updated: 'desc',
  created: 'desc',
  name: 'asc',
  price: 'asc',
  stock: 'asc',
}

const id = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))

export const adminProductsQuery = z.object({
  /** words of the name (English or Bangla), the slug, or a sku's exact code */
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'At most {count} characters'), noControlCharacters()),
  ),
  status: z.optional(productStatus),
  /** the category or any of its children */
  categoryId: z.optional(id),
  brandId: z.optional(id),
  campaignId: z.optional(id),
  /** out: none left; low: 1 to the shop's low-stock level; in: more */
  stock: z.optional(stockFilter),
  sort: z._default(productSort, 'updated'),
  /** none: the sort's own direction (DEFAULT_DIRECTION) */
  dir: z.optional(sortDirection),
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 25),
})
export type AdminProductsQuery = z.input<typeof adminProductsQuery>

export const adminProductRow = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  /** the first image's path (see mediaUrl), '' when it has none */
  image: z.string(),
  status: productStatus,
  categoryName: z.string(),
  brandName: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  stockQuantity: z.int(),
  /** out: 0; low: at most the low-stock level; in: more */
  stockLevel: stockFilter,
  skuCount: z.int(),
  updatedAt: z.string(),
  version: z.int(),
})
export type AdminProductRow = z.infer<typeof adminProductRow>

export const adminProductsAnswer = z.object({
  data: z.array(adminProductRow),
  meta: z.object({
    page: z.int(),
    perPage: z.int(),
    total: z.int(),
    /** more than PRODUCT_COUNT_CAP match: `total` is the cap */
    totalCapped: z.boolean(),
    hasNext: z.boolean(),
  }),
})
export type AdminProductsAnswer = z.infer<typeof adminProductsAnswer>

const productIds = z
  .array(z.int().check(z.positive(), z.maximum(2_147_483_647)))
  .check(
    z.minLength(1, 'Choose at least one product'),
    z.maxLength(BULK_LIMIT, 'At most {count} products at once'),
  )

export const bulkAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('publish') }),
  z.strictObject({ type: z.literal('unpublish') }),
  z.strictObject({ type: z.literal('archive') }),
  z.strictObject({
    type: z.literal('discount'),
    /** every sku's discounted price becomes its price less this, in whole TK; 0 ends the discount */
    percent: z.int().check(z.minimum(0), z.maximum(90)),
  }),
  z.strictObject({ type: z.literal('add-campaign'), campaignId: z.int().check(z.positive()) }),
  z.strictObject({ type: z.literal('remove-campaign'), campaignId: z.int().check(z.positive()) }),
])
export type BulkAction = z.infer<typeof bulkAction>

export const bulkBody = z.strictObject({ ids: productIds, action: bulkAction })
export type BulkBody = z.infer<typeof bulkBody>

export const bulkStockBody = z.strictObject({
  ids: productIds,
  /** added to every sku's stock (negative: taken away) */
  by: z.int().check(
    z.minimum(-1_000_000),
    z.maximum(1_000_000),
    z.refine((value) => value !== 0, 'Enter a number other than 0'),
  ),
})
export type BulkStockBody = z.infer<typeof bulkStockBody>

/** why a product was left as it was */
export const skipReason = z.enum(['not-found', 'no-sku', 'no-image'])
export type SkipReason = z.infer<typeof skipReason>

export const bulkAnswer = z.object({
  data: z.object({
    changed: z.int(),
    skipped: z.array(z.object({ id: z.int(), reason: skipReason })),
  }),
})
export type BulkResult = z.infer<typeof bulkAnswer>['data']

/** The 409 of a stock change that would take a sku below 0: the products, and nothing written. */
export const bulkStockRefusal = z.object({
  error: z.record(z.string(), z.array(z.string())),
  products: z.array(z.object({ id: z.int(), name: z.string() })),
})

export const productIdParams = z.object({ id })

export const productStockSku = z.object({
  id: z.int(),
  sku: z.string(),
  size: z.nullable(z.string()),
  colour: z.nullable(z.string()),
  attributes: z.array(z.object({ key: z.string(), value: z.string() })),
  stockQuantity: z.int(),
  price: z.number(),
  discountedPrice: z.number(),
})
export type ProductStockSku = z.infer<typeof productStockSku>
export const productStockAnswer = z.object({ data: z.array(productStockSku) })

const money = () =>
  z.number().check(
    z.gte(0, 'Enter an amount of 0 or more'),
    z.lte(10_000_000, 'The amount is too large'),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
  )

export const skusChangeBody = z
  .strictObject({
    /** the skus to change (the product's own); none: all of them */
    skuIds: z.optional(
      z
        .array(z.int().check(z.positive(), z.maximum(2_147_483_647)))
        .check(z.minLength(1, 'Choose at least one sku'), z.maxLength(1000)),
    ),
    stockQuantity: z.optional(
      z
        .int()
        .check(z.gte(0, 'Enter a whole number of 0 or more'), z.lte(1_000_000, 'The number is too large')),
    ),
    price: z.optional(money()),
    discountedPrice: z.optional(money()),
  })
  .check(
    z.refine(
      (body) => [body.stockQuantity, body.price, body.discountedPrice].some((value) => value !== undefined),
      'Give price, discountedPrice or stockQuantity',
    ),
  )
export type SkusChangeBody = z.infer<typeof skusChangeBody>
