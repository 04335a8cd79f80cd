import { z } from 'zod/mini'
import { type ListingFilters, listingSort, newWithinDays } from '../../contract/product'
import { type ListingScope, scopeFilters } from '../../lib/listing-scope'
import { decodeList, lastCategory } from '../../lib/query-string'

/** storefront §1/§9: rows of 4; a page holds this many row blocks. */
export const LISTING_COLUMNS = 4
export const LISTING_ROW_BLOCKS = 6

export function listingPageSize(rowBlocks: number = LISTING_ROW_BLOCKS): number {
  return LISTING_COLUMNS * rowBlocks
}

/** A URL value that is not what it should be counts as absent. */
const orAbsent = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)

/** Query values arrive as text (`size=42` is the size "42"); one set in code may be a number. */
const text = orAbsent(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value).trim()),
  ),
)
const amount = orAbsent(z.coerce.number().check(z.nonnegative()))
/** `true` in the query string, or a flag set in code. */
const flag = orAbsent(
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false'])]),
    z.transform((value) => value === true || value === 'true'),
  ),
)

/** `new=7`: added in the last 7 days (or 30); any other number counts as absent. */
const newWithin = orAbsent(z.pipe(z.coerce.number(), z.literal(newWithinDays)))

/** The listing's view state in the URL. A malformed shared link falls back to the defaults. */
export const listingSearchSchema = z.object({
  page: orAbsent(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
  sort: orAbsent(listingSort),
  category: text,
  brand: text,
  size: text,
  colour: text,
  minPrice: amount,
  maxPrice: amount,
  inStock: flag,
  discount: flag,
  new: newWithin,
})
export type ListingSearch = z.infer<typeof listingSearchSchema>

/** The patch that removes every filter, the sort and the page (a search page keeps its term). */
export const clearedListingSearch: Record<keyof ListingSearch, undefined> = {
  page: undefined,
  sort: undefined,
  category: undefined,
  brand: undefined,
  size: undefined,
  colour: undefined,
  minPrice: undefined,
  maxPrice: undefined,
  inStock: undefined,
  discount: undefined,
  new: undefined,
}

export const searchPageSchema = z.extend(listingSearchSchema, { text: text })
export type SearchPageSearch = z.infer<typeof searchPageSchema>

export type { ListingScope }

function nonEmpty<T>(values: T[]): T[] | undefined {
  return values.length ? values : undefined
}

/** The API's `filters` object for a listing page and its URL state. */
export function toListingFilters(scope: ListingScope, search: ListingSearch): ListingFilters {
  const fixed = scopeFilters(scope)
  const filters: ListingFilters = {
    category: lastCategory(search.category) ?? fixed.category,
    brand: fixed.brand ?? nonEmpty(decodeList(search.brand)),
    campaign: fixed.campaign,
    size: nonEmpty(decodeList(search.size)),
    colour: nonEmpty(decodeList(search.colour)),
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    inStock: search.inStock || undefined,
    discount: search.discount || undefined,
    new: search.new,
    sort: search.sort,
  }
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ListingFilters
}

export type ListingRequest = {
  currentPage: number
  perPage: number
  search?: string
  filters: ListingFilters
}

export function listingRequest(scope: ListingScope, search: ListingSearch): ListingRequest {
  return {
    currentPage: search.page ?? 1,
    perPage: listingPageSize(),
    ...(scope.search ? { search: scope.search } : {}),
    filters: toListingFilters(scope, search),
  }
}

/** Number of pages for a total, at least 1. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage))
}

/** The page numbers a pager shows: the first, the last, and a window around the current one. */
export function pagerPages(current: number, last: number, around = 1): (number | 'gap')[] {
  const pages: (number | 'gap')[] = []
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= around) pages.push(page)
    else if (pages.at(-1) !== 'gap') pages.push('gap')
  }
  return pages
}
