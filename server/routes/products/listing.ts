import { type SQL, sql } from 'drizzle-orm'
import type { FacetCount, ListingFacets, ListingFilters, ListingSort } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { compareSizes, escapeLike, withoutFilters } from '../../domain/listing'
import type { CatalogueRefs } from './refs'

/** A search term as the queries use it: the plain text and its LIKE patterns. */
export type SearchTerm = { text: string; contains: string; prefix: string; wordPrefix: string }

export function searchTerm(text: string): SearchTerm {
  const escaped = escapeLike(text)
  return { text, contains: `%${escaped}%`, prefix: `${escaped}%`, wordPrefix: `% ${escaped}%` }
}

/** How a search matches: exactly (prefix/substring) or, when that finds nothing, by trigram similarity. */
export type SearchMode = 'exact' | 'similar'

const list = <T>(values: T[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

/** WHERE conditions for the filters (slugs resolved through refs; an unknown slug matches nothing). */
export function conditions(
  filters: ListingFilters,
  refs: CatalogueRefs,
  search: SearchTerm | null,
  mode: SearchMode,
): SQL {
  const parts: SQL[] = [sql`p.status = 'active'`]
  if (search) {
    parts.push(
      mode === 'exact' ? sql`p.search_text like ${search.contains}` : sql`${search.text} <% p.search_text`,
    )
  }
  if (filters.category !== undefined) {
    const id = refs.categoryBySlug.get(filters.category)?.id ?? -1
    parts.push(sql`p.category_path @> array[${id}]::integer[]`)
  }
  if (filters.brand && filters.brand.length > 0) {
    const ids = filters.brand.map((slug) => refs.brandBySlug.get(slug)?.id ?? -1)
    parts.push(sql`p.brand_id in (${list(ids)})`)
  }
  if (filters.campaign !== undefined) {
    const id = refs.campaignBySlug.get(filters.campaign)?.id ?? -1
    parts.push(sql`p.campaign_ids @> array[${id}]::integer[]`)
  }
  if (filters.size && filters.size.length > 0)
    parts.push(sql`p.sizes && array[${list(filters.size)}]::text[]`)
  if (filters.colour && filters.colour.length > 0) {
    parts.push(sql`p.colours && array[${list(filters.colour)}]::text[]`)
  }
  if (filters.minPrice !== undefined) parts.push(sql`p.discounted_price >= ${filters.minPrice}`)
  if (filters.maxPrice !== undefined) parts.push(sql`p.discounted_price <= ${filters.maxPrice}`)
  if (filters.inStock) parts.push(sql`p.in_stock`)
  if (filters.discount) parts.push(sql`p.discount_percent > 0`)
  return sql.join(parts, sql` and `)
}

/**
 * The three ranks of an exact search, best first: the name starts with the term, a later word
 * starts with it, the term is inside a word. Each rank is read in popularity order on its own,
 * so a page never has to rank every match.
 */
export function searchTiers(search: SearchTerm): SQL[] {
  return [
    sql`p.search_text like ${search.prefix}`,
    sql`p.search_text not like ${search.prefix} and p.search_text like ${search.wordPrefix}`,
    sql`p.search_text not like ${search.prefix} and p.search_text not like ${search.wordPrefix}`,
  ]
}

export function orderBy(sort: ListingSort | undefined, search: SearchTerm | null, mode: SearchMode): SQL {
  if (!sort && search) {
    if (mode === 'similar')
      return sql`word_similarity(${search.text}, p.search_text) desc, p.sold_count desc, p.id desc`
    return sql`case when p.search_text like ${search.prefix} then 0 when p.search_text like ${search.wordPrefix} then 1 else 2 end, p.sold_count desc, p.id desc`
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

/** Total and facets for a search + filters; each facet counted with the other filters applied. */
export const emptyFacets = (): ListingFacets => ({
  categories: [],
  brands: [],
  sizes: [],
  colours: [],
  price: { min: 0, max: 0 },
})

export async function countAndFacets(
  db: Db,
  refs: CatalogueRefs,
  filters: ListingFilters,
  search: SearchTerm | null,
  mode: SearchMode,
  withFacets = true,
): Promise<{ total: number; tiers: number[]; facets: ListingFacets }> {
  const where = (f: ListingFilters) => conditions(f, refs, search, mode)
  const tiered = search && mode === 'exact' ? searchTiers(search) : null
  const totals = queryRows<{
    count: string | number
    t0: string | number | null
    t1: string | number | null
  }>(
    db,
    tiered
      ? sql`select count(*) as count, count(*) filter (where ${tiered[0]}) as t0, count(*) filter (where ${tiered[1]}) as t1
            from products p where ${where(filters)}`
      : sql`select count(*) as count, null as t0, null as t1 from products p where ${where(filters)}`,
  ).then((rows) => {
    const row = rows[0]
    const total = Number(row?.count ?? 0)
    if (!tiered) return { total, tiers: [total] }
    const t0 = Number(row?.t0 ?? 0)
    const t1 = Number(row?.t1 ?? 0)
    return { total, tiers: [t0, t1, total - t0 - t1] }
  })
  if (!withFacets) return { ...(await totals), facets: emptyFacets() }
  const current = filters.category ? refs.categoryBySlug.get(filters.category) : undefined
  const children = [...refs.categories.values()].filter((c) =>
    filters.category ? c.parentId === (current?.id ?? -1) : c.parentId === null,
  )
  const childIds = children.map((c) => c.id)
  const [counted, categoryRows, brandRows, sizeRows, colourRows, priceRows] = await Promise.all([
    totals,
    childIds.length === 0
      ? Promise.resolve([] as CountRow[])
      : queryRows<CountRow>(
          db,
          sql`select c as key, count(*) as count from products p cross join lateral unnest(p.category_path) c
              where ${where(filters)} and c in (${list(childIds)}) group by c`,
        ),
    queryRows<CountRow>(
      db,
      sql`select p.brand_id as key, count(*) as count from products p where ${where(withoutFilters(filters, 'brand'))} group by p.brand_id`,
    ),
    queryRows<CountRow>(
      db,
      sql`select s as key, count(*) as count from products p cross join lateral unnest(p.sizes) s
          where ${where(withoutFilters(filters, 'size'))} group by s`,
    ),
    queryRows<CountRow>(
      db,
      sql`select s as key, count(*) as count from products p cross join lateral unnest(p.colours) s
          where ${where(withoutFilters(filters, 'colour'))} group by s`,
    ),
    queryRows<{ min: string | number | null; max: string | number | null }>(
      db,
      sql`select min(p.discounted_price) as min, max(p.discounted_price) as max from products p
          where ${where(withoutFilters(filters, 'minPrice', 'maxPrice'))}`,
    ),
  ])
  const counts = (rows: CountRow[]) => new Map(rows.map((r) => [String(r.key), Number(r.count)]))
  const categoryCounts = counts(categoryRows)
  const categories: FacetCount[] = children
    .map((c) => ({ value: c.slug, label: c.name, count: categoryCounts.get(String(c.id)) ?? 0 }))
    .filter((f) => f.count > 0)
  const brands: FacetCount[] = brandRows
    .map((r) => {
      const brand = refs.brands.get(Number(r.key))
      return {
        value: brand?.slug ?? String(r.key),
        label: brand?.name ?? String(r.key),
        count: Number(r.count),
      }
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
  const sizes: FacetCount[] = sizeRows
    .map((r) => ({ value: String(r.key), label: String(r.key), count: Number(r.count) }))
    .sort((a, b) => compareSizes(a.value, b.value))
  const colours: FacetCount[] = colourRows
    .map((r) => ({ value: String(r.key), label: String(r.key), count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
  const price = priceRows[0]
  return {
    ...counted,
    facets: {
      categories,
      brands,
      sizes,
      colours,
      price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) },
    },
  }
}
