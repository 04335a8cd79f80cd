import { z } from 'zod'
import { money, positiveInt } from './common'

export const skuAttribute = z.object({ key: z.string(), value: z.string() })

export const sku = z.object({
  id: z.number().int(),
  sku: z.string(),
  price: money,
  discountedPrice: money,
  discountedValue: money,
  stockQuantity: z.number().int().nonnegative(),
  vat: z.number().nonnegative(),
  attributes: z.array(skuAttribute),
})
export type Sku = z.infer<typeof sku>

const namedRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })

/** A product card: what listings, search and the dropdown show. */
export const productSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: money,
  discounted_price: money,
  discount_percent: z.number().int().min(0).max(100),
  /** comma-separated image paths under the media root (SPEC §3) */
  thumbnail: z.string(),
  category: namedRef,
  brand: namedRef,
  in_stock: z.boolean(),
  rating: z.number().min(0).max(5),
  rating_count: z.number().int().nonnegative(),
  sold_count: z.number().int().nonnegative(),
  sizes: z.array(z.string()),
  colours: z.array(z.string()),
})
export type ProductSummary = z.infer<typeof productSummary>

/** Product (as read), SPEC §3: the card fields plus skus and the long description. */
export const product = productSummary.extend({
  skus: z.array(sku),
  shortDescription: z.string(),
  longDescription: z.string(),
  /** breadcrumb from the top category down to the product's own */
  categoryPath: z.array(namedRef),
  campaign: namedRef.extend({ endsAt: z.string() }).nullable(),
})
export type Product = z.infer<typeof product>

export const sortOptions = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const
export const listingSort = z.enum(sortOptions)
export type ListingSort = z.infer<typeof listingSort>

/** The `filters` query parameter: a JSON object of these fields. */
export const listingFilters = z
  .object({
    category: z.string().max(100).optional(),
    brand: z.array(z.string().max(100)).max(50).optional(),
    campaign: z.string().max(100).optional(),
    size: z.array(z.string().max(20)).max(50).optional(),
    colour: z.array(z.string().max(40)).max(50).optional(),
    minPrice: z.number().nonnegative().optional(),
    maxPrice: z.number().nonnegative().optional(),
    inStock: z.boolean().optional(),
    discount: z.boolean().optional(),
    sort: listingSort.optional(),
  })
  .strict()
export type ListingFilters = z.infer<typeof listingFilters>

export const listingQuery = z.object({
  currentPage: positiveInt.max(10_000).default(1),
  perPage: positiveInt.max(100).default(24),
  search: z.string().trim().max(100).optional(),
  /** JSON text of `listingFilters` */
  filters: z.string().max(2000).optional(),
  /** `false` skips the facet counts (answered empty): what a search-as-you-type dropdown wants */
  facets: z.enum(['true', 'false']).optional(),
})
export type ListingQuery = z.infer<typeof listingQuery>

export const facetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() })
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
  currentPage: z.number().int(),
  perPage: z.number().int(),
  /**
   * count of matches: exact for listings and for searches matching up to 1000 products in each rank
   * (name starts with the term, a later word does, the term is inside a word); beyond that an estimate,
   * and `hasNext` then says whether a full page came back
   */
  total: z.number().int(),
  hasNext: z.boolean(),
  facets: listingFacets,
  /** the names of what the listing is filtered on, for its heading: the category, a single brand, the campaign */
  scope: z.object({
    category: namedRef.nullable(),
    brand: namedRef.nullable(),
    campaign: namedRef.extend({ endsAt: z.string() }).nullable(),
  }),
})
export type ListingResponse = z.infer<typeof listingResponse>

export const productResponse = z.object({ data: product })
export const productsResponse = z.object({ data: z.array(product) })
export const productSummariesResponse = z.object({ data: z.array(productSummary) })

export const getByIdsBody = z.object({ ids: z.array(z.number().int().positive()).max(100) }).strict()
export const getByIdsQuery = z.object({ perPage: positiveInt.max(100).default(100) })

export const productLogics = [
  'new_arrivals',
  'best_sellers',
  'discounted',
  'top_rated',
  'category',
  'brand',
  'campaign',
] as const
export const getByLogicBody = z
  .object({
    logic: z.enum(productLogics),
    /** category, brand or campaign slug, required for those logics */
    slug: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(48).default(12),
  })
  .strict()
export type GetByLogicBody = z.infer<typeof getByLogicBody>

export const productDetailsResponse = z.object({
  data: z.object({ id: z.number().int(), longDescription: z.string() }),
})

export const relatedQuery = z.object({ limit: positiveInt.max(48).default(8) })
export const relatedFindBody = z
  .object({
    product_ids: z.array(z.number().int().positive()).min(1).max(100),
    isCategoryFilter: z.boolean().default(true),
  })
  .strict()
