import { type SQL, sql } from 'drizzle-orm'
import type { ListingFacets, ListingFilters } from '../../../src/contract/product'
import { newSince, withoutFilters } from '../../domain/listing'
import {
  type Bits,
  type ColumnLoader,
  type Columns,
  type FilterColumn,
  type Scratch,
  setBit,
} from './facet-columns'
import { FlagColumn, IdsColumn, ValueColumn, ValuesColumn } from './filter-columns'
import type { CatalogueRefs, NamedRef } from './refs'
import { sqlValues } from './sql-values'

/**
 * The listing's filters, each declared once for the two engines that must give the same answers: PostgreSQL
 * (listing.ts builds its WHERE from `sql`) and the facet index (facet-index.ts combines the bitmaps `bits`
 * gives, over the columns the filters' loaders bring). Both loop over `catalogueFilters`: a new filter is its
 * field in the contract and one declaration here, and the facet index's property test draws it with the rest.
 */

/** What a filter reads besides the filters asked: the ids of slugs, and the day the listing is for. */
export type FilterContext = {
  refs: CatalogueRefs
  /** when the listing's day started, in Dhaka (ms, `dhakaToday`): a filter relative to now counts whole days */
  today: number
}

/** The facets each counted without its own filter (the other filters applied). */
export type OwnFacet = Exclude<keyof ListingFacets, 'categories'>

export type ListingFilter = {
  /** the fields of `ListingFilters` it reads */
  keys: readonly (keyof ListingFilters)[]
  /** the facet counted without it; a filter with none narrows every facet */
  facet?: OwnFacet
  /** the column the index loads for it; none when it reads the index's sort columns */
  column?: ColumnLoader
  /** its condition on the product `p`, or null when it is not asked */
  sql(filters: ListingFilters, context: FilterContext): SQL | null
  /**
   * its rows in the index, or null when it is not asked: a bitmap the scan only reads (a column's own, or one
   * from the scan's scratch); a value the index has never met has no rows
   */
  bits(index: Columns, filters: ListingFilters, context: FilterContext, scratch: Scratch): Bits | null
}

const loader = <C extends FilterColumn>(name: string, select: string, make: () => C): ColumnLoader<C> => ({
  name,
  select,
  make,
})

export const categoryColumn = loader('category_path', 'p.category_path', () => new IdsColumn())
const campaignColumn = loader('campaign_ids', 'p.campaign_ids', () => new IdsColumn())
export const brandColumn = loader('brand_id', 'p.brand_id', () => new ValueColumn<number>())
export const sizeColumn = loader('sizes', 'p.sizes', () => new ValuesColumn<string>())
export const colourColumn = loader('colours', 'p.colours', () => new ValuesColumn<string>())

/** The products under one id: a category (its subcategories' too: the path lists them) or a campaign. */
function underOne(
  key: 'category' | 'campaign',
  column: ColumnLoader<IdsColumn>,
  named: (refs: CatalogueRefs) => Map<string, NamedRef>,
): ListingFilter {
  return {
    keys: [key],
    column,
    sql(filters, { refs }) {
      const slug = filters[key]
      if (slug === undefined) return null
      return sql`${sql.raw(column.select)} @> array[${named(refs).get(slug)?.id ?? -1}]::integer[]`
    },
    bits(index, filters, { refs }, scratch) {
      const slug = filters[key]
      if (slug === undefined) return null
      const id = named(refs).get(slug)?.id
      return (id === undefined ? undefined : index.columnOf(column).bits.get(id)) ?? scratch.take()
    },
  }
}

/** The products having any of the values asked (their sizes, their colours). */
function anyOf(
  key: 'size' | 'colour',
  facet: OwnFacet,
  column: ColumnLoader<ValuesColumn<string>>,
): ListingFilter {
  return {
    keys: [key],
    facet,
    column,
    sql(filters) {
      const values = filters[key]
      return values?.length ? sql`${sql.raw(column.select)} && array[${sqlValues(values)}]::text[]` : null
    },
    bits(index, filters, _context, scratch) {
      const values = filters[key]
      return values?.length ? index.columnOf(column).anyOf(scratch, values) : null
    },
  }
}

/** The products where a yes-or-no column of theirs holds: the same expression is the condition and the column. */
function flag(key: 'inStock' | 'discount', column: ColumnLoader<FlagColumn>): ListingFilter {
  return {
    keys: [key],
    column,
    sql: (filters) => (filters[key] ? sql.raw(column.select) : null),
    bits: (index, filters) => (filters[key] ? index.columnOf(column).bits : null),
  }
}

/** The ids of the brands asked (-1 for a slug no brand has: it matches nothing). */
const brandIds = (filters: ListingFilters, refs: CatalogueRefs) =>
  filters.brand?.map((slug) => refs.brandBySlug.get(slug)?.id ?? -1)

/** The rows priced from `low` to `high`: a stretch of the rows in price order, found by halving. */
function pricedBetween(c: Columns, scratch: Scratch, low: number, high: number): Bits {
  const order = c.orders.price_asc
  const price = c.price
  let from = 0
  let to = order.length
  while (from < to) {
    const middle = (from + to) >>> 1
    if ((price[order[middle] as number] as number) < low) from = middle + 1
    else to = middle
  }
  const bits = scratch.take()
  for (let i = from; i < order.length; i++) {
    const row = order[i] as number
    if ((price[row] as number) > high) break
    setBit(bits, row)
  }
  return bits
}

/** The rows created at `since` (µs, as the index keeps `created`) or later: the start of the newest order. */
function createdSince(c: Columns, scratch: Scratch, since: number): Bits {
  const order = c.orders.newest
  const created = c.created
  const bits = scratch.take()
  for (let i = 0; i < order.length; i++) {
    const row = order[i] as number
    if ((created[row] as number) < since) break
    setBit(bits, row)
  }
  return bits
}

/** Every filter a listing can ask for, in the order their conditions are written. */
export const catalogueFilters: readonly ListingFilter[] = [
  underOne('category', categoryColumn, (refs) => refs.categoryBySlug),
  {
    keys: ['brand'],
    facet: 'brands',
    column: brandColumn,
    sql: (filters, { refs }) => {
      const ids = brandIds(filters, refs)
      return ids?.length ? sql`p.brand_id in (${sqlValues(ids)})` : null
    },
    bits: (index, filters, { refs }, scratch) => {
      const ids = brandIds(filters, refs)
      return ids?.length ? index.columnOf(brandColumn).anyOf(scratch, ids) : null
    },
  },
  underOne('campaign', campaignColumn, (refs) => refs.campaignBySlug),
  anyOf('size', 'sizes', sizeColumn),
  anyOf('colour', 'colours', colourColumn),
  {
    // no column of its own: the rows in price order, which the index keeps for sorting
    keys: ['minPrice', 'maxPrice'],
    facet: 'price',
    sql: ({ minPrice, maxPrice }) => {
      const ends = [
        ...(minPrice === undefined ? [] : [sql`p.discounted_price >= ${minPrice}`]),
        ...(maxPrice === undefined ? [] : [sql`p.discounted_price <= ${maxPrice}`]),
      ]
      return ends.length ? sql.join(ends, sql` and `) : null
    },
    bits: (index, { minPrice, maxPrice }, _context, scratch) =>
      minPrice === undefined && maxPrice === undefined
        ? null
        : pricedBetween(
            index,
            scratch,
            minPrice ?? Number.NEGATIVE_INFINITY,
            maxPrice ?? Number.POSITIVE_INFINITY,
          ),
  },
  flag(
    'inStock',
    loader('in_stock', 'p.in_stock', () => new FlagColumn()),
  ),
  flag(
    'discount',
    loader('discounted', 'p.discount_percent > 0', () => new FlagColumn()),
  ),
  {
    // no column of its own: the rows newest first, which the index keeps for sorting
    keys: ['new'],
    sql: (filters, { today }) =>
      filters.new === undefined
        ? null
        : sql`p.created_at >= ${new Date(newSince(filters.new, today)).toISOString()}::timestamptz`,
    bits: (index, filters, { today }, scratch) =>
      filters.new === undefined ? null : createdSince(index, scratch, newSince(filters.new, today) * 1000),
  },
]

/** The columns the index loads for the filters. */
export const filterColumns = catalogueFilters.flatMap((filter) => (filter.column ? [filter.column] : []))

/** The filters asked, without those a facet is counted without. */
export function besideFacet(filters: ListingFilters, facet: OwnFacet): ListingFilters {
  return withoutFilters(
    filters,
    ...catalogueFilters.filter((filter) => filter.facet === facet).flatMap((filter) => filter.keys),
  )
}

/** The SQL conditions of the filters asked. */
export function filterConditions(filters: ListingFilters, context: FilterContext): SQL[] {
  const parts: SQL[] = []
  for (const filter of catalogueFilters) {
    const condition = filter.sql(filters, context)
    if (condition) parts.push(condition)
  }
  return parts
}
