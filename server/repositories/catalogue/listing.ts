import { type SQL, sql } from 'drizzle-orm'
import type { FacetCount, ListingFacets, ListingFilters, ListingSort } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { compareSizes, compareText, escapeLike } from '../../domain/listing'
import { BANGLA_START, hasBangla, searchAlternatives } from '../../domain/synonyms'
import { besideFacet, type FilterContext, filterConditions } from './filters'
import { type CatalogueRefs, optionLabel } from './refs'
import { sqlValues } from './sql-values'

/**
 * One spelling of a search term and its LIKE patterns; `score`: how much a look-alike word resembles what was
 * typed (a search by similarity ranks by it).
 */
type SearchPattern = { text: string; contains: string; prefix: string; wordPrefix: string; score?: number }

/**
 * A search term as the queries use it: the normalised text and the patterns of each spelling it is
 * searched by (as typed, and with shoppers' words replaced by the catalogue's; see domain/synonyms).
 */
export type SearchTerm = { text: string; patterns: SearchPattern[] }

function searchPattern(spelling: string): SearchPattern {
  const escaped = escapeLike(spelling)
  // a Bangla name starts after the English words
  const prefix = hasBangla(spelling) ? `%${BANGLA_START}${escaped}%` : `${escaped}%`
  return { text: spelling, contains: `%${escaped}%`, prefix, wordPrefix: `% ${escaped}%` }
}

export function searchTerm(text: string): SearchTerm {
  return { text, patterns: searchAlternatives(text).map(searchPattern) }
}

/** A search by similarity: the catalogue's words that resemble what was typed, each with how much it does. */
export function similarTerm(text: string, words: { word: string; score: number }[]): SearchTerm {
  return { text, patterns: words.map(({ word, score }) => ({ ...searchPattern(word), score })) }
}

/** Any of the spellings matching: one condition per spelling, so each can use the trigram index. */
function anyPattern(search: SearchTerm, condition: (pattern: SearchPattern) => SQL): SQL {
  const parts = search.patterns.map(condition)
  return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` or `)})`
}

/**
 * How a search matches: exactly (prefix/substring), or, when that finds nothing even corrected, by the
 * catalogue's words that resemble it (`similarTerm`), the most alike first.
 */
export type SearchMode = 'exact' | 'similar'

/**
 * WHERE conditions for the search and the filters (filters.ts; slugs resolved through the refs, an unknown slug
 * matches nothing).
 */
export function conditions(filters: ListingFilters, context: FilterContext, search: SearchTerm | null): SQL {
  const searched = search ? [anyPattern(search, (p) => sql`p.search_text like ${p.contains}`)] : []
  return sql.join([sql`p.status = 'active'`, ...searched, ...filterConditions(filters, context)], sql` and `)
}

/**
 * The three ranks of an exact search, best first: the name starts with the term, a later word
 * starts with it, the term is inside a word. Each rank is read in popularity order on its own,
 * so a page never has to rank every match.
 */
export function searchTiers(search: SearchTerm): SQL[] {
  const starts = anyPattern(search, (p) => sql`p.search_text like ${p.prefix}`)
  const wordStarts = anyPattern(search, (p) => sql`p.search_text like ${p.wordPrefix}`)
  return [starts, sql`not (${starts}) and ${wordStarts}`, sql`not (${starts}) and not (${wordStarts})`]
}

export function orderBy(sort: ListingSort | undefined, search: SearchTerm | null, mode: SearchMode): SQL {
  if (!sort && search) {
    if (mode === 'similar') {
      // a product ranks by the most alike word it holds
      const scores = search.patterns.map(
        (p) => sql`case when p.search_text like ${p.contains} then ${p.score ?? 0}::real else 0 end`,
      )
      const best = scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`
      return sql`${best} desc, p.sold_count desc, p.id desc`
    }
    const starts = anyPattern(search, (p) => sql`p.search_text like ${p.prefix}`)
    const wordStarts = anyPattern(search, (p) => sql`p.search_text like ${p.wordPrefix}`)
    return sql`case when ${starts} then 0 when ${wordStarts} then 1 else 2 end, p.sold_count desc, p.id desc`
  }
  switch (sort ?? 'newest') {
    case 'price_asc':
      return sql`p.discounted_price asc, p.id asc`
    case 'price_desc':
      return sql`p.discounted_price desc, p.id desc`
    case 'best_selling':
      return sql`p.sold_count desc, p.id desc`
    case 'top_rated':
      return sql`p.rating_avg desc, p.id desc`
    default:
      return sql`p.created_at desc, p.id desc`
  }
}

type CountRow = { key: string | number; count: string | number }

/** Facet values most listed first, then by label. */
const byCountThenLabel = (a: FacetCount, b: FacetCount) => b.count - a.count || compareText(a.label, b.label)

/** Facets counted once, with the category, brand, size and colour labels named from other refs (another language). */
export function localFacets(facets: ListingFacets, refs: CatalogueRefs): ListingFacets {
  const relabel = (facet: FacetCount, named: Map<string, { name: string }>) => ({
    ...facet,
    label: named.get(facet.value)?.name ?? facet.label,
  })
  return {
    ...facets,
    categories: facets.categories.map((f) => relabel(f, refs.categoryBySlug)),
    brands: facets.brands.map((f) => relabel(f, refs.brandBySlug)).sort(byCountThenLabel),
    // a size or colour is filtered on by its English value, in links of either language
    sizes: facets.sizes.map((f) => ({ ...f, label: optionLabel(refs, 'size', f.value) })),
    colours: facets.colours.map((f) => ({ ...f, label: optionLabel(refs, 'colour', f.value) })),
  }
}

/** Total and facets for a search + filters; each facet counted with the other filters applied. */
export const emptyFacets = (): ListingFacets => ({
  categories: [],
  brands: [],
  sizes: [],
  colours: [],
  price: { min: 0, max: 0 },
})

/**
 * Matches of a listing: `tiers` are the matches of each search rank (one rank without a search), or null
 * where they were not counted one by one (the facet index counts all matches at once).
 * A search counts each rank only up to SEARCH_COUNT_CAP; past it (`capped`) the rank holds at least
 * that many and `total` is the planner's estimate.
 */
export type Totals = { total: number; tiers: number[] | null; capped: boolean }

export const SEARCH_COUNT_CAP = 1000

async function countAll(db: Db, where: SQL): Promise<Totals> {
  const rows = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from products p where ${where}`,
  )
  const total = Number(rows[0]?.count ?? 0)
  return { total, tiers: [total], capped: false }
}

async function countSearch(db: Db, where: SQL, tiers: SQL[] | null): Promise<Totals> {
  const limited = (tier: SQL | null) =>
    sql`(select count(*) from (select 1 from products p where ${where}${tier ? sql` and ${tier}` : sql``}
         limit ${SEARCH_COUNT_CAP + 1}) m)`
  const parts = tiers ? tiers.map((tier) => limited(tier)) : [limited(null)]
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select ${sql.join(
      parts.map((part, index) => sql`${part} as ${sql.raw(`t${index}`)}`),
      sql`, `,
    )}`,
  )
  const counts = parts.map((_, index) => Number(rows[0]?.[`t${index}`] ?? 0))
  const capped = counts.some((count) => count > SEARCH_COUNT_CAP)
  const sum = counts.reduce((a, b) => a + b, 0)
  if (!capped) return { total: sum, tiers: counts, capped }
  return { total: Math.max(sum, await estimate(db, where)), tiers: counts, capped }
}

/** The planner's estimate of how many rows match. */
async function estimate(db: Db, where: SQL): Promise<number> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from products p where ${where}`,
  )
  const first = rows[0] ? Object.values(rows[0])[0] : undefined
  const plan = typeof first === 'string' ? JSON.parse(first) : first
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0))
}

/** The child categories a listing's category facet counts: the category's children, or the top ones. */
export function childCategories(filters: ListingFilters, refs: CatalogueRefs) {
  const current = filters.category ? refs.categoryBySlug.get(filters.category) : undefined
  return [...refs.categories.values()].filter((c) =>
    filters.category ? c.parentId === (current?.id ?? -1) : c.parentId === null,
  )
}

/** Counts of each facet value, as the queries or the facet index give them. */
export type FacetTallies = {
  categories: Map<number, number>
  brands: Map<number, number>
  sizes: Map<string, number>
  colours: Map<string, number>
  price: { min: number; max: number } | null
}

/** The facets a listing answers, from their counts: labelled, in the order shoppers see them. */
export function facetsOf(
  tallies: FacetTallies,
  children: ReturnType<typeof childCategories>,
  refs: CatalogueRefs,
): ListingFacets {
  const categories: FacetCount[] = children
    .map((c) => ({ value: c.slug, label: c.name, count: tallies.categories.get(c.id) ?? 0 }))
    .filter((f) => f.count > 0)
  const brands: FacetCount[] = [...tallies.brands]
    .map(([id, count]) => {
      const brand = refs.brands.get(id)
      return { value: brand?.slug ?? String(id), label: brand?.name ?? String(id), count }
    })
    .sort(byCountThenLabel)
  const sizes: FacetCount[] = [...tallies.sizes]
    .map(([value, count]) => ({ value, label: value, count }))
    .sort((a, b) => compareSizes(a.value, b.value))
  const colours: FacetCount[] = [...tallies.colours]
    .map(([value, count]) => ({ value, label: value, count }))
    .sort(byCountThenLabel)
  return { categories, brands, sizes, colours, price: tallies.price ?? { min: 0, max: 0 } }
}

export async function countAndFacets(
  db: Db,
  context: FilterContext,
  filters: ListingFilters,
  search: SearchTerm | null,
  mode: SearchMode,
  withFacets = true,
): Promise<Totals & { facets: ListingFacets }> {
  const { refs } = context
  const where = (f: ListingFilters) => conditions(f, context, search)
  const tiered = search && mode === 'exact' ? searchTiers(search) : null
  const totals = search ? countSearch(db, where(filters), tiered) : countAll(db, where(filters))
  if (!withFacets) return { ...(await totals), facets: emptyFacets() }
  const children = childCategories(filters, refs)
  const childIds = children.map((c) => c.id)
  const [counted, categoryRows, brandRows, sizeRows, colourRows, priceRows] = await Promise.all([
    totals,
    childIds.length === 0
      ? Promise.resolve([] as CountRow[])
      : queryRows<CountRow>(
          db,
          sql`select c as key, count(*) as count from products p cross join lateral unnest(p.category_path) c
              where ${where(filters)} and c in (${sqlValues(childIds)}) group by c`,
        ),
    queryRows<CountRow>(
      db,
      sql`select p.brand_id as key, count(*) as count from products p where ${where(besideFacet(filters, 'brands'))} group by p.brand_id`,
    ),
    queryRows<CountRow>(
      db,
      sql`select s as key, count(*) as count from products p cross join lateral unnest(p.sizes) s
          where ${where(besideFacet(filters, 'sizes'))} group by s`,
    ),
    queryRows<CountRow>(
      db,
      sql`select s as key, count(*) as count from products p cross join lateral unnest(p.colours) s
          where ${where(besideFacet(filters, 'colours'))} group by s`,
    ),
    queryRows<{ min: string | number | null; max: string | number | null }>(
      db,
      // `+ 0`: the price's index would give min and max by walking it in order, filtering row by row until a
      // match (seconds on a narrow filter, up to the statement timeout); the filters' own indexes find the rows
      sql`select min(p.discounted_price + 0) as min, max(p.discounted_price + 0) as max from products p
          where ${where(besideFacet(filters, 'price'))}`,
    ),
  ])
  const counts = <K>(rows: CountRow[], key: (value: string | number) => K) =>
    new Map(rows.map((r) => [key(r.key), Number(r.count)]))
  const price = priceRows[0]
  const tallies: FacetTallies = {
    categories: counts(categoryRows, Number),
    brands: counts(brandRows, Number),
    sizes: counts(sizeRows, String),
    colours: counts(colourRows, String),
    price: price?.min == null ? null : { min: Number(price.min), max: Number(price.max) },
  }
  return { ...counted, facets: facetsOf(tallies, children, refs) }
}
