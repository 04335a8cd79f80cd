import { z } from 'zod/mini'
import { money, noControlCharacters, positiveInt, requestSchema } from './common'
import { LANGUAGES } from './language'

/** `value`: the English, the key a choice, a cart and an order keep; `label`: the value in the answer's language */
export const skuAttribute = z.object({ key: z.string(), value: z.string(), label: z.optional(z.string()) })

const count = z.int().check(z.nonnegative())

export const sku = z.object({
  id: z.int(),
  sku: z.string(),
  price: money,
  discountedPrice: money,
  discountedValue: money,
  stockQuantity: count,
  vat: z.number().check(z.nonnegative()),
  attributes: z.array(skuAttribute),
})
export type Sku = z.infer<typeof sku>

const namedRef = z.object({ id: z.int(), name: z.string(), slug: z.string() })
/** a campaign as a product or a listing names it: when it starts and ends, and its banner (an upcoming one's page shows it) */
const campaignRef = z.extend(namedRef, {
  startsAt: z.string(),
  endsAt: z.string(),
  banner: z.nullable(z.string()),
})

/** A product card: what listings, search and the dropdown show. */
export const productSummary = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  price: money,
  discounted_price: money,
  discount_percent: z.int().check(z.minimum(0), z.maximum(100)),
  /** comma-separated image paths under the media root (storefront §3) */
  thumbnail: z.string(),
  category: namedRef,
  brand: namedRef,
  in_stock: z.boolean(),
  rating: z.number().check(z.minimum(0), z.maximum(5)),
  rating_count: count,
  sold_count: count,
  sizes: z.array(z.string()),
  colours: z.array(z.string()),
})
export type ProductSummary = z.infer<typeof productSummary>

/** Product (as read), storefront §3: the card fields plus skus and the long description. */
export const product = z.extend(productSummary, {
  skus: z.array(sku),
  shortDescription: z.string(),
  longDescription: z.string(),
  /** breadcrumb from the top category down to the product's own */
  categoryPath: z.array(namedRef),
  campaign: z.nullable(campaignRef),
})
export type Product = z.infer<typeof product>

export const sortOptions = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const
export const listingSort = z.enum(sortOptions)
export type ListingSort = z.infer<typeof listingSort>

const text = (max: number) => z.string().check(z.maxLength(max), noControlCharacters())
const texts = (max: number) => z.optional(z.array(text(max)).check(z.maxLength(50)))
const amount = requestSchema(() => z.optional(z.number().check(z.nonnegative())))

/** `new`: products added in the last 7 or 30 days (today and the days before it, in Bangladesh) */
export const newWithinDays = [7, 30] as const

/** The `filters` query parameter: a JSON object of these fields. */
export const listingFilters = requestSchema(() =>
  z.strictObject({
    category: z.optional(text(100)),
    brand: texts(100),
    campaign: z.optional(text(100)),
    size: texts(20),
    colour: texts(40),
    minPrice: amount,
    maxPrice: amount,
    inStock: z.optional(z.boolean()),
    discount: z.optional(z.boolean()),
    new: z.optional(z.literal(newWithinDays)),
    sort: z.optional(listingSort),
  }),
)
export type ListingFilters = z.infer<typeof listingFilters>

/** `?lang=`: the language of the catalogue's names and descriptions; without it, `Accept-Language` decides */
const lang = requestSchema(() => z.optional(z.enum(LANGUAGES)))

/** The query of a catalogue read with nothing else to ask. */
export const languageQuery = requestSchema(() => z.object({ lang }))

export const listingQuery = requestSchema(() =>
  z.object({
    currentPage: z._default(positiveInt.check(z.maximum(10_000)), 1),
    perPage: z._default(positiveInt.check(z.maximum(100)), 24),
    search: z.optional(z.string().check(z.trim(), z.maxLength(100), noControlCharacters())),
    /** JSON text of `listingFilters` */
    filters: z.optional(z.string().check(z.maxLength(2000), noControlCharacters({ multiline: true }))),
    /** `false` skips the facet counts (answered empty): what a search-as-you-type dropdown wants */
    facets: z.optional(z.enum(['true', 'false'])),
    lang,
  }),
)
export type ListingQuery = z.infer<typeof listingQuery>

export const facetCount = z.object({ value: z.string(), label: z.string(), count: z.int() })
export type FacetCount = z.infer<typeof facetCount>

export const listingFacets = z.object({
  categories: z.array(facetCount),
  brands: z.array(facetCount),
  sizes: z.array(facetCount),
  colours: z.array(facetCount),
  price: z.object({ min: money, max: money }),
})
export type ListingFacets = z.infer<typeof listingFacets>

export const listingResponse = z.object({
  data: z.array(productSummary),
  currentPage: z.int(),
  perPage: z.int(),
  /**
   * count of matches: exact for listings and for searches matching up to 1000 products in each rank
   * (name starts with the term, a later word does, the term is inside a word); beyond that an estimate,
   * and `hasNext` then says whether a full page came back
   */
  total: z.int(),
  hasNext: z.boolean(),
  facets: listingFacets,
  /** the names of what the listing is filtered on, for its heading: the category, a single brand, the campaign */
  scope: z.object({
    category: z.nullable(namedRef),
    brand: z.nullable(namedRef),
    campaign: z.nullable(campaignRef),
  }),
})
export type ListingResponse = z.infer<typeof listingResponse>

export const productResponse = z.object({ data: product })
export const productsResponse = z.object({ data: z.array(product) })
export const productSummariesResponse = z.object({ data: z.array(productSummary) })

const productId = requestSchema(() => z.int().check(z.positive(), z.maximum(2_147_483_647)))

export const getByIdsBody = requestSchema(() =>
  z.strictObject({ ids: z.array(productId).check(z.maxLength(100)) }),
)
export const getByIdsQuery = requestSchema(() =>
  z.object({ perPage: z._default(positiveInt.check(z.maximum(100)), 100), lang }),
)

export const productLogics = [
  'new_arrivals',
  'best_sellers',
  'discounted',
  'top_rated',
  'category',
  'brand',
  'campaign',
  /** products the shop picked by hand for a home page section: their ids, in order, as `12,15,9` */
  'products',
] as const
export const getByLogicBody = requestSchema(() =>
  z.strictObject({
    logic: z.enum(productLogics),
    /** category, brand or campaign slug, required for those logics; the ids for `products` */
    slug: z.optional(text(100)),
    limit: z._default(z.int().check(z.minimum(1), z.maximum(48)), 12),
  }),
)
export type GetByLogicBody = z.infer<typeof getByLogicBody>

export const productDetailsResponse = z.object({
  data: z.object({ id: z.int(), longDescription: z.string() }),
})

export const relatedQuery = requestSchema(() =>
  z.object({ limit: z._default(positiveInt.check(z.maximum(48)), 8), lang }),
)
export const relatedFindBody = requestSchema(() =>
  z.strictObject({
    product_ids: z.array(productId).check(z.minLength(1), z.maxLength(100)),
    isCategoryFilter: z._default(z.boolean(), true),
  }),
)
