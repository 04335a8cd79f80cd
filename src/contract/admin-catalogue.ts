import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * The back office's categories, brands and campaigns (`/api/v1/admin/…`). Categories and brands: owners and
 * managers; the same for campaigns.
 * - `GET categories` → categoriesAnswer; `POST categories` (categoryBody, `addToMenu` to put it in the main
 *   menu too) → 201 categoryAnswer; `PATCH categories/:id`
 *   (categoryPatchBody: only the fields sent change) → categoryAnswer; `PUT categories/order` (a parent's children in their new order) → categoriesAnswer;
 *   `DELETE categories/:id` → 204, or 409 with `counts` while products or children use it.
 * - `GET brands`, `POST brands`, `PATCH brands/:id` (brandPatchBody), `DELETE brands/:id` alike.
 * - `GET campaigns` → campaignsAnswer; `GET campaigns/:id` → campaignAnswer; `POST campaigns` → 201;
 *   `PUT campaigns/:id` (campaignUpdateBody: every field, with the version it was loaded at: else 409
 *   `version` and `conflict`);
 *   `DELETE campaigns/:id` → 204; `GET campaigns/candidates?q=` → candidatesAnswer (products to add).
 * Times are ISO 8601 with their offset; the pages show and read them in Asia/Dhaka time.
 */

const MAX_ID = 2_147_483_647
const id = z.int().check(z.positive(), z.maximum(MAX_ID))
export const catalogueIdParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(MAX_ID)),
})

/** lower-case letters, digits and single hyphens; empty: made from the English name */
export const slugInput = z
  .string()
  .check(
    z.trim(),
    z.maxLength(100, 'At most 100 characters'),
    z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lower-case letters, digits and hyphens'),
  )
const nameInput = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a name'),
    z.maxLength(100, 'At most 100 characters'),
    noControlCharacters(),
  )
const optionalName = z
  .string()
  .check(z.trim(), z.maxLength(100, 'At most 100 characters'), noControlCharacters())
const text = z
  .string()
  .check(z.trim(), z.maxLength(2000, 'At most 2000 characters'), noControlCharacters({ multiline: true }))
/** a media path as the image upload answers it; '' for none */
const imagePath = z
  .string()
  .check(z.maxLength(300), z.regex(/^([a-z0-9][a-z0-9/_.-]*\.webp)?$/, 'Upload the image again'))

/** A change to a category or brand: the fields sent, at least one; the others stay as they are. */
const someFields = z.refine<object>(
  (body) => Object.values(body).some((value) => value !== undefined),
  'Send at least one field to change',
)

// ---------------------------------------------------------------- categories

const categoryFields = {
  slug: slugInput,
  name: nameInput,
  nameBn: optionalName,
  /** a top-level category, or null: this one is top-level */
  parentId: z.nullable(id),
  image: imagePath,
}
export const categoryBody = z.strictObject({
  ...categoryFields,
  slug: z._default(slugInput, ''),
  nameBn: z._default(optionalName, ''),
  parentId: z._default(z.nullable(id), null),
  image: z._default(imagePath, ''),
  /**
   * also add it to the main menu, in the same request: into its parent's submenu when the parent is a
   * top-level item of the menu, else at the end (audited as `menu.update`; needs `content.write` too)
   */
  addToMenu: z._default(z.boolean(), false),
})
export type CategoryBody = z.input<typeof categoryBody>
/** `PATCH categories/:id`: an empty `slug` is made again from the English name */
export const categoryPatchBody = z.partial(z.strictObject(categoryFields)).check(someFields)
export type CategoryPatchBody = z.input<typeof categoryPatchBody>

export const adminCategory = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  parentId: z.nullable(z.int()),
  position: z.int(),
  image: z.string(),
  /** products filed under it or its children */
  products: z.int(),
  children: z.int(),
})
export type AdminCategory = z.infer<typeof adminCategory>
export const categoriesAnswer = z.object({ data: z.array(adminCategory) })
export const categoryAnswer = z.object({ data: adminCategory })

/** A parent's children (or the top level, parentId null), all of them, in their new order. */
export const categoryOrderBody = z.strictObject({
  parentId: z.nullable(id),
  ids: z.array(id).check(z.maxLength(500)),
})

// ---------------------------------------------------------------- brands

const brandFields = { slug: slugInput, name: nameInput, nameBn: optionalName, logo: imagePath }
export const brandBody = z.strictObject({
  ...brandFields,
  slug: z._default(slugInput, ''),
  nameBn: z._default(optionalName, ''),
  logo: z._default(imagePath, ''),
})
export type BrandBody = z.input<typeof brandBody>
/** `PATCH brands/:id`: an empty `slug` is made again from the English name */
export const brandPatchBody = z.partial(z.strictObject(brandFields)).check(someFields)
export type BrandPatchBody = z.input<typeof brandPatchBody>
export const adminBrand = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  logo: z.string(),
  products: z.int(),
})
export type AdminBrand = z.infer<typeof adminBrand>
export const brandsAnswer = z.object({ data: z.array(adminBrand) })
export const brandAnswer = z.object({ data: adminBrand })

/** What a refused delete says: how many products and child categories still use it. */
export const inUseAnswer = z.object({
  error: z.record(z.string(), z.array(z.string())),
  counts: z.object({ products: z.int(), children: z.int() }),
})

// ---------------------------------------------------------------- campaigns

export const campaignStatus = z.enum(['scheduled', 'running', 'ended'])
export type CampaignStatus = z.infer<typeof campaignStatus>

/** an ISO 8601 moment with its offset (`2026-11-25T18:00:00+06:00`); a plain check keeps zod's date parser out of the shop's chunks */
const moment = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'Enter a date and time'),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'Enter a date and time'),
)
const taka = z.number().check(
  z.positive('Enter a price above 0'),
  z.maximum(10_000_000),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
)

/** How products join a campaign by rule (applied again on every save): any of the categories and brands. */
export const campaignRule = z.strictObject({
  categoryIds: z._default(z.array(id).check(z.maxLength(200)), []),
  brandIds: z._default(z.array(id).check(z.maxLength(200)), []),
  /** only products already discounted at least this much */
  minDiscountPercent: z._default(z.int().check(z.minimum(0), z.maximum(100)), 0),
})
export type CampaignRule = z.infer<typeof campaignRule>

const campaignFields = {
  slug: slugInput,
  name: nameInput,
  nameBn: optionalName,
  description: text,
  descriptionBn: text,
  banner: imagePath,
  startsAt: moment,
  endsAt: moment,
  /** off every member's price, unless the campaign gives the product its own price */
  discountPercent: z.int().check(z.minimum(0), z.maximum(90, 'At most 90%')),
  /** products chosen by hand (ignored when a rule chooses them) */
  productIds: z.array(id).check(z.maxLength(1000, 'At most 1000 products')),
  /** per-product campaign prices (TK); the product must be in the campaign */
  prices: z.array(z.strictObject({ productId: id, price: taka })).check(z.maxLength(1000)),
  rule: z.nullable(campaignRule),
}
/** the version the editor loaded */
const campaignVersion = z.optional(z.int().check(z.positive()))

/** `POST campaigns`: what is left out takes its default. */
export const campaignBody = z.strictObject({
  /** absent when creating */
  version: campaignVersion,
  ...campaignFields,
  slug: z._default(slugInput, ''),
  nameBn: z._default(optionalName, ''),
  description: z._default(text, ''),
  descriptionBn: z._default(text, ''),
  banner: z._default(imagePath, ''),
  discountPercent: z._default(campaignFields.discountPercent, 0),
  productIds: z._default(campaignFields.productIds, []),
  prices: z._default(campaignFields.prices, []),
  rule: z._default(campaignFields.rule, null),
})
export type CampaignBody = z.input<typeof campaignBody>
/** `PUT campaigns/:id`: the whole campaign, every field (one left out is refused, never reset to a default). */
export const campaignUpdateBody = z.strictObject({ version: campaignVersion, ...campaignFields })
export type CampaignUpdateBody = z.input<typeof campaignUpdateBody>

export const campaignProduct = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  /** its lowest regular price and what shoppers pay now */
  price: z.number(),
  discountedPrice: z.number(),
})
export type CampaignProduct = z.infer<typeof campaignProduct>

const campaignSummary = {
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  nameBn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: campaignStatus,
  discountPercent: z.int(),
  productCount: z.int(),
  byRule: z.boolean(),
}
export const campaignsAnswer = z.object({ data: z.array(z.object(campaignSummary)) })
export type AdminCampaignSummary = z.infer<typeof campaignsAnswer>['data'][number]

export const adminCampaign = z.object({
  ...campaignSummary,
  description: z.string(),
  descriptionBn: z.string(),
  banner: z.string(),
  rule: z.nullable(campaignRule),
  products: z.array(campaignProduct),
  prices: z.array(z.object({ productId: z.int(), price: z.number() })),
  version: z.int(),
  updatedAt: z.string(),
  /** who saved it last (staff name), null when unknown */
  updatedBy: z.nullable(z.string()),
})
export type AdminCampaign = z.infer<typeof adminCampaign>
export const campaignAnswer = z.object({ data: adminCampaign })

/** A refused save: someone saved the campaign since it was loaded. */
export const conflictAnswer = z.object({
  error: z.record(z.string(), z.array(z.string())),
  conflict: z.object({ by: z.nullable(z.string()), at: z.string() }),
})
export type ConflictAnswer = z.infer<typeof conflictAnswer>

export const candidatesQuery = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100), noControlCharacters()), ''),
})
export const candidatesAnswer = z.object({ data: z.array(campaignProduct) })
