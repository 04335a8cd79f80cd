import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Language } from '../../../src/contract/language'
import {
  type ListingFacets,
  type ListingFilters,
  type ListingResponse,
  listingResponse,
} from '../../../src/contract/product'
import type { CatalogueChange } from '../../db/catalogue-changes'
import { type Db, queryRows } from '../../db/client'
import { dhakaToday, normaliseSearch, tierSlices } from '../../domain/listing'
import { correctTerm, similarWords } from '../../domain/spelling'
import { foldBangla } from '../../domain/synonyms'
import { createFacetIndex, type IndexOrder, scanIndex } from './facet-index'
import type { FilterContext } from './filters'
import { type Kept, staleWhileRevalidate } from './kept'
import {
  childCategories,
  conditions,
  countAndFacets,
  emptyFacets,
  facetsOf,
  localFacets,
  orderBy,
  SEARCH_COUNT_CAP,
  type SearchMode,
  type SearchTerm,
  searchTerm,
  searchTiers,
  similarTerm,
  type Totals,
} from './listing'
import { ownedJson } from './product-json'
import { type CatalogueRefs, campaignOf, type NamedRef } from './refs'
import { type SummaryRow, summarySql, toSummary } from './rows'
import { sqlValues } from './sql-values'

// kept answers cost memory (a page is ~15 KB); with the facet index a page not kept is read in milliseconds
const FACET_CACHE_SIZE = 600
const PAGE_CACHE_SIZE = 600
const VOCABULARY_TTL_MS = 5 * 60_000

export type ListingInput = {
  currentPage: number
  perPage: number
  search?: string
  filters: ListingFilters
  facets?: 'true' | 'false'
  /** the language of the names (default English) */
  language?: Language
}

/**
 * Count and facets of a search; `term` is what was actually searched: the typed words, their correction when
 * they found nothing, or the words resembling them.
 */
type Counted = Totals & { facets: ListingFacets; mode: SearchMode; term: SearchTerm | null }

/**
 * How long counts and listing pages are answered as they are, and how long at most while they reload.
 * Several instances sharing PostgreSQL see each other's writes only by reloading, so their pages
 * stay fresh for a minute. The embedded database has one writer, this process, which drops what it
 * changes (`forget`); and it has one session, so a reload makes every other query wait its
 * turn: its pages are kept far longer.
 */
const LISTING_TIMES = {
  shared: { facetTtl: 30_000, pageTtl: 60_000, maxAge: 5 * 60_000 },
  embedded: { facetTtl: 15 * 60_000, pageTtl: 15 * 60_000, maxAge: 60 * 60_000 },
} as const

/** The category, the single brand and the campaign a listing is filtered on, by name. */
function listingScope(filters: ListingFilters, refs: CatalogueRefs): ListingResponse['scope'] {
  const named = (ref: NamedRef | undefined) => (ref ? { id: ref.id, name: ref.name, slug: ref.slug } : null)
  const campaign = filters.campaign ? refs.campaignBySlug.get(filters.campaign) : undefined
  return {
    category: named(filters.category ? refs.categoryBySlug.get(filters.category) : undefined),
    brand: named(filters.brand?.length === 1 ? refs.brandBySlug.get(filters.brand[0] as string) : undefined),
    campaign: campaign ? campaignOf(campaign) : null,
  }
}

/**
 * The search as it is compared with the catalogue's search text: normalised, Bangla folded (so a
 * misspelt Bangla word is corrected against the words as they are kept).
 */
const searchedText = (input: ListingInput) => (input.search ? foldBangla(normaliseSearch(input.search)) : '')

/** A map of kept values, the oldest dropped beyond `size`. */
function keptMap<T>(size: number, ttl: number, maxAge: number) {
  const kept = new Map<string, Kept<T>>()
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      let hit = kept.get(key)
      if (!hit) {
        if (kept.size >= size) kept.delete(kept.keys().next().value as string)
        hit = staleWhileRevalidate(ttl, maxAge, load)
        kept.set(key, hit)
      }
      return hit.get()
    },
    /** a value is kept for the key (fresh or still answered while it reloads) */
    has: (key: string) => kept.has(key),
    clear: () => kept.clear(),
  }
}

/**
 * Listing pages with their counts and facets, and search with its spelling correction: each page is
 * kept as JSON, and counts per search + filters are kept apart from the pages they are shared by.
 */
export function createListings(
  db: Db,
  refs: (language?: Language) => Promise<CatalogueRefs>,
  embedded: boolean,
  options: { facetIndex?: boolean; now?: () => number } = {},
) {
  const now = options.now ?? Date.now
  const times = LISTING_TIMES[embedded ? 'embedded' : 'shared']
  /** counts, facets and page ids of exact listings in one pass in memory, while it is current */
  const index = options.facetIndex === false ? null : createFacetIndex(db)
  const counted = keptMap<Counted>(FACET_CACHE_SIZE, times.facetTtl, times.maxAge)
  const pages = keptMap<Buffer>(PAGE_CACHE_SIZE, times.pageTtl, times.maxAge)
  /** Every word of the active catalogue's search text: what misspelt search words are corrected to. */
  const vocabulary = staleWhileRevalidate(VOCABULARY_TTL_MS, 10 * VOCABULARY_TTL_MS, () =>
    queryRows<{ word: string }>(
      db,
      sql`select distinct w as word from products p cross join lateral unnest(string_to_array(p.search_text, ' ')) w
          where p.status = 'active' and length(w) >= 2`,
    ).then((rows) => rows.map((r) => r.word)),
  )

  /** The count and facets of a search's matches: from the facet index while it is current, else by SQL. */
  async function matchCount(
    filters: ListingFilters,
    search: SearchTerm | null,
    withFacets: boolean,
    context: FilterContext,
    mode: SearchMode = 'exact',
  ): Promise<Totals & { facets: ListingFacets }> {
    const columns = await index?.ready()
    if (!columns) return countAndFacets(db, context, filters, search, mode, withFacets)
    const children = withFacets ? childCategories(filters, context.refs) : []
    const scan = scanIndex(columns, {
      filters,
      context,
      search: search?.patterns ?? null,
      facets: withFacets ? { children: children.map((c) => c.id) } : null,
      page: null,
    })
    return {
      total: scan.total,
      tiers: null,
      capped: false,
      facets: withFacets ? facetsOf(scan.facets, children, context.refs) : emptyFacets(),
    }
  }

  /** The words of the active catalogue: from the facet index while it is current. */
  const words = async () => (await index?.ready())?.vocabulary() ?? (await vocabulary.get())

  /** Some active product matches the search, whatever the filters. */
  async function anyMatch(search: SearchTerm, context: FilterContext): Promise<boolean> {
    const columns = await index?.ready()
    if (columns)
      return (
        scanIndex(columns, { filters: {}, context, search: search.patterns, facets: null, page: null })
          .total > 0
      )
    const rows = await queryRows(
      db,
      sql`select 1 from products p where ${conditions({}, context, search)} limit 1`,
    )
    return rows.length > 0
  }

  /**
   * The count and facets: the typed search, then with misspelt words corrected, then by similarity. A word
   * that finds products of its own is not misspelt: when the filters leave none of them, none is the answer.
   */
  async function count(
    text: string,
    filters: ListingFilters,
    withFacets: boolean,
    context: FilterContext,
  ): Promise<Counted> {
    const search = text ? searchTerm(text) : null
    const exact = await matchCount(filters, search, withFacets, context)
    const asTyped = { ...exact, mode: 'exact' as const, term: search }
    if (exact.total > 0 || !search || text.length < 3) return asTyped
    if (Object.keys(filters).length > 0 && (await anyMatch(search, context))) return asTyped
    const vocabulary = await words()
    const corrected = correctTerm(text, vocabulary)
    if (corrected !== text) {
      const term = searchTerm(corrected)
      const fixed = await matchCount(filters, term, withFacets, context)
      if (fixed.total > 0) return { ...fixed, mode: 'exact' as const, term }
    }
    const alike = similarWords(text, vocabulary)
    if (alike.length === 0) return asTyped
    const term = similarTerm(text, alike)
    const similar = await matchCount(filters, term, withFacets, context, 'similar')
    return { ...similar, mode: 'similar' as const, term }
  }

  /**
   * The page's rows: from the ids the facet index orders while it is current; else a ranked search reads only
   * the ranks the page covers, each in popularity order.
   */
  async function pageRows(
    input: ListingInput,
    counts: Counted,
    where: SQL,
    context: FilterContext,
  ): Promise<SummaryRow[]> {
    const columns = summarySql[input.language ?? 'en']
    const searched = counts.term
    const offset = (input.currentPage - 1) * input.perPage
    if (counts.total <= offset && !counts.capped) return []
    const indexed = await index?.ready()
    if (indexed) {
      const order: IndexOrder = input.filters.sort ?? (searched ? 'rank' : 'newest')
      const { page } = scanIndex(indexed, {
        filters: input.filters,
        context,
        search: searched?.patterns ?? null,
        facets: null,
        page: { order, offset, limit: input.perPage },
      })
      if (page.length === 0) return []
      const rows = await queryRows<SummaryRow>(
        db,
        sql`select ${columns} from products p where p.status = 'active' and p.id in (${sqlValues(page)})`,
      )
      const byId = new Map(rows.map((row) => [row.id, row]))
      return page.flatMap((id) => byId.get(id) ?? [])
    }
    if (!searched || input.filters.sort || counts.mode !== 'exact' || !counts.tiers) {
      return queryRows<SummaryRow>(
        db,
        sql`select ${columns} from products p where ${where}
            order by ${orderBy(input.filters.sort, searched, counts.mode)} limit ${input.perPage} offset ${offset}`,
      )
    }
    // a rank counted only up to the cap is taken as endless, so a page never runs past it
    const tiers = searchTiers(searched)
    const counted = counts.tiers
    const capIndex = counted.findIndex((n) => n > SEARCH_COUNT_CAP)
    const sizes = capIndex < 0 ? counted : [...counted.slice(0, capIndex), Number.POSITIVE_INFINITY]
    const rows: SummaryRow[] = []
    for (const [tier, skip, take] of tierSlices(sizes, offset, input.perPage)) {
      rows.push(
        ...(await queryRows<SummaryRow>(
          db,
          sql`select ${columns} from products p
              where ${where} and ${tiers[tier] as SQL}
              order by p.sold_count desc, p.id desc limit ${take} offset ${skip}`,
        )),
      )
    }
    return rows
  }

  /**
   * A listing page: counts and facets are the same in every language (kept once, their labels
   * named again for Bangla); the page's rows are read in the language asked for.
   */
  async function loadListing(input: ListingInput, today: number): Promise<ListingResponse> {
    const language = input.language ?? 'en'
    const known = await refs()
    const named = language === 'en' ? known : await refs(language)
    const context: FilterContext = { refs: known, today }
    const text = searchedText(input)
    const { sort: _sort, ...filterOnly } = input.filters
    const withFacets = input.facets !== 'false'
    const counts = await counted.get(JSON.stringify([text, filterOnly, withFacets, today]), () =>
      count(text, filterOnly, withFacets, context),
    )
    const rows = await pageRows(input, counts, conditions(filterOnly, context, counts.term), context)
    const offset = (input.currentPage - 1) * input.perPage
    return {
      data: rows.map((row) => toSummary(row, named)),
      currentPage: input.currentPage,
      perPage: input.perPage,
      total: counts.capped ? Math.max(counts.total, offset + rows.length) : counts.total,
      hasNext: counts.capped ? rows.length === input.perPage : offset + rows.length < counts.total,
      facets: named === known ? counts.facets : localFacets(counts.facets, named),
      scope: listingScope(filterOnly, named),
    }
  }

  /** a page is kept for the day it was asked on: a filter relative to today answers anew the next day */
  const pageKey = (input: ListingInput, today: number) =>
    JSON.stringify([
      input.language ?? 'en',
      searchedText(input),
      input.filters,
      input.currentPage,
      input.perPage,
      input.facets !== 'false',
      today,
    ])

  return {
    /** A listing page as JSON (checked against the contract once, when the page is loaded), kept per language. */
    listingJson(input: ListingInput): Promise<Buffer> {
      const today = dhakaToday(now())
      return pages.get(pageKey(input, today), () =>
        // the answer's schema has no codecs: parsing checks it as encoding would, on zod's compiled path
        loadListing(input, today).then((answer) =>
          ownedJson(JSON.stringify(z.parse(listingResponse, answer))),
        ),
      )
    },
    /** The page is kept: answering it asks nothing of the database. */
    listingKept: (input: ListingInput) => pages.has(pageKey(input, dhakaToday(now()))),
    /** Drops the kept listing pages and their counts. */
    forget() {
      pages.clear()
      counted.clear()
    },
    /** Every change of the catalogue: the facet index is not used again until it has read it. */
    indexChanged(change: CatalogueChange) {
      index?.changed(change)
    },
    /** Waits until the facet index is current (tests). */
    indexSettled: () => index?.settle() ?? Promise.resolve(),
  }
}
