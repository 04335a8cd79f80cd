import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  type GetByLogicBody,
  type ListingFacets,
  type ListingFilters,
  type ListingResponse,
  listingResponse,
  type ProductSummary,
} from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { normaliseSearch, tierSlices } from '../../domain/listing'
import { productIdOfKey } from '../../domain/product-key'
import { correctTerm } from '../../domain/spelling'
import { badRequest, notFound } from '../../plugins/errors'
import {
  conditions,
  countAndFacets,
  orderBy,
  SEARCH_COUNT_CAP,
  type SearchMode,
  searchTerm,
  searchTiers,
  type Totals,
} from './listing'
import { createProductJsonCache, ownedJson } from './product-json'
import { type CatalogueRefs, createRefsCache, type NamedRef } from './refs'
import { type SummaryRow, summaryColumns, toSummary } from './rows'

const FACET_CACHE_SIZE = 1000
const summarySql = sql.raw(summaryColumns)

type ListingInput = {
  currentPage: number
  perPage: number
  search?: string
  filters: ListingFilters
  facets?: 'true' | 'false'
}

/** Count and facets of a search; `text` is the term actually searched (a corrected spelling when the typed one found nothing). */
type Counted = Totals & { facets: ListingFacets; mode: SearchMode; text: string }

const VOCABULARY_TTL_MS = 5 * 60_000

/**
 * How long counts and listing pages are answered as they are, and how long at most while they reload.
 * Several instances sharing PostgreSQL see each other's writes only by reloading, so their pages
 * stay fresh for a minute. The embedded database has one writer, this process, which drops what it
 * changes (`forgetListings`); and its queries run on this process's own thread, so a reload holds
 * every other request up: its pages are kept far longer.
 */
const LISTING_TIMES = {
  shared: { facetTtl: 30_000, pageTtl: 60_000, maxAge: 5 * 60_000 },
  embedded: { facetTtl: 15 * 60_000, pageTtl: 15 * 60_000, maxAge: 60 * 60_000 },
} as const
const PAGE_CACHE_SIZE = 2000

type CatalogueOptions = {
  /** the embedded database: this process is its only writer */
  embedded?: boolean
  now?: () => number
}

/**
 * A value kept for `ttl`; after that the old value is still answered while a fresh one loads
 * (up to `maxAge`), so no request waits for a reload.
 */
function staleWhileRevalidate<T>(ttl: number, maxAge: number, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T>; refreshing: boolean } | null = null
  function reload(): Promise<T> {
    const value = load()
    value.then(
      () => {
        entry = { at: Date.now(), value, refreshing: false }
      },
      () => {
        if (entry?.value === value) entry = null
        else if (entry) entry.refreshing = false
      },
    )
    return value
  }
  return {
    get(): Promise<T> {
      const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY
      if (!entry || age > maxAge) {
        const value = reload()
        entry = { at: Date.now(), value, refreshing: true }
        return value
      }
      if (age > ttl && !entry.refreshing) {
        entry.refreshing = true
        reload()
      }
      return entry.value
    },
  }
}

const DATA_OPEN = Buffer.from('{"data":')
const ARRAY_OPEN = Buffer.from('[')
const ARRAY_CLOSE = Buffer.from(']')
const OBJECT_CLOSE = Buffer.from('}')
const COMMA = Buffer.from(',')

/** `{"data":…}` around serialized products: one of them, or an array of them. */
function jsonData(products: Buffer[], asArray: boolean): Buffer {
  const items = products.flatMap((one, index) => (index === 0 ? [one] : [COMMA, one]))
  const data = asArray ? [ARRAY_OPEN, ...items, ARRAY_CLOSE] : items
  return Buffer.concat([DATA_OPEN, ...data, OBJECT_CLOSE])
}

/** The category, the single brand and the campaign a listing is filtered on, by name. */
function listingScope(filters: ListingFilters, refs: CatalogueRefs): ListingResponse['scope'] {
  const named = (ref: NamedRef | undefined) => (ref ? { id: ref.id, name: ref.name, slug: ref.slug } : null)
  const campaign = filters.campaign ? refs.campaignBySlug.get(filters.campaign) : undefined
  return {
    category: named(filters.category ? refs.categoryBySlug.get(filters.category) : undefined),
    brand: named(filters.brand?.length === 1 ? refs.brandBySlug.get(filters.brand[0] as string) : undefined),
    campaign: campaign
      ? { id: campaign.id, name: campaign.name, slug: campaign.slug, endsAt: campaign.endsAt.toISOString() }
      : null,
  }
}

/** Catalogue reads for the storefront: listing with facets, search, single products and product groups. */
export function createCatalogue(db: Db, { embedded = false, now = Date.now }: CatalogueOptions = {}) {
  const times = LISTING_TIMES[embedded ? 'embedded' : 'shared']
  const refsCache = createRefsCache(db)
  const counted = new Map<string, ReturnType<typeof staleWhileRevalidate<Counted>>>()
  const pages = new Map<string, ReturnType<typeof staleWhileRevalidate<Buffer>>>()
  const productJson = createProductJsonCache(db, now)
  /** Every word of the active catalogue's search text: what misspelt search words are corrected to. */
  const vocabulary = staleWhileRevalidate(VOCABULARY_TTL_MS, 10 * VOCABULARY_TTL_MS, () =>
    queryRows<{ word: string }>(
      db,
      sql`select distinct w as word from products p cross join lateral unnest(string_to_array(p.search_text, ' ')) w
          where p.status = 'active' and length(w) >= 2`,
    ).then((rows) => rows.map((r) => r.word)),
  )
  const words = () => vocabulary.get()
  /** Counts and facets per search + filters: fresh for a while, then answered while they reload. */
  function cachedCount(key: string, load: () => Promise<Counted>): Promise<Counted> {
    let hit = counted.get(key)
    if (!hit) {
      if (counted.size >= FACET_CACHE_SIZE) counted.delete(counted.keys().next().value as string)
      hit = staleWhileRevalidate(times.facetTtl, times.maxAge, load)
      counted.set(key, hit)
    }
    return hit.get()
  }

  async function summaries(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number) {
    const refs = await refsCache.get()
    const rows = await queryRows<SummaryRow>(
      db,
      sql`select ${summarySql} from products p where p.status = 'active' and ${where} order by ${order} limit ${limit}`,
    )
    return rows.map((row) => toSummary(row, refs))
  }

  async function loadListing(input: ListingInput): Promise<ListingResponse> {
    const refs = await refsCache.get()
    const text = input.search ? normaliseSearch(input.search) : ''
    const search = text ? searchTerm(text) : null
    const { sort, ...filterOnly } = input.filters
    const withFacets = input.facets !== 'false'
    const key = JSON.stringify([text, filterOnly, withFacets])
    const count = await cachedCount(key, async (): Promise<Counted> => {
      const exact = await countAndFacets(db, refs, filterOnly, search, 'exact', withFacets)
      if (exact.total > 0 || !search || text.length < 3) return { ...exact, mode: 'exact', text }
      // nothing found: first the same search with misspelt words corrected, then trigram similarity
      const corrected = correctTerm(text, await words())
      if (corrected !== text) {
        const fixed = await countAndFacets(db, refs, filterOnly, searchTerm(corrected), 'exact', withFacets)
        if (fixed.total > 0) return { ...fixed, mode: 'exact', text: corrected }
      }
      const similar = await countAndFacets(db, refs, filterOnly, search, 'similar', withFacets)
      return { ...similar, mode: 'similar', text }
    })
    const searched = count.text ? searchTerm(count.text) : null
    const offset = (input.currentPage - 1) * input.perPage
    const where = conditions(filterOnly, refs, searched, count.mode)
    let rows: SummaryRow[] = []
    if (count.total <= offset && !count.capped) rows = []
    else if (searched && !sort && count.mode === 'exact') {
      // ranked search: read only the ranks this page covers, each in popularity order; a rank
      // counted only up to the cap is taken as endless, so a page never runs past it
      const tiers = searchTiers(searched)
      const capIndex = count.tiers.findIndex((n) => n > SEARCH_COUNT_CAP)
      const sizes = capIndex < 0 ? count.tiers : [...count.tiers.slice(0, capIndex), Number.POSITIVE_INFINITY]
      for (const [tier, skip, take] of tierSlices(sizes, offset, input.perPage)) {
        rows.push(
          ...(await queryRows<SummaryRow>(
            db,
            sql`select ${summarySql} from products p
                where ${where} and ${tiers[tier] as SQL}
                order by p.sold_count desc, p.id desc limit ${take} offset ${skip}`,
          )),
        )
      }
    } else {
      rows = await queryRows<SummaryRow>(
        db,
        sql`select ${summarySql} from products p where ${where}
            order by ${orderBy(sort, searched, count.mode)} limit ${input.perPage} offset ${offset}`,
      )
    }
    return {
      data: rows.map((row) => toSummary(row, refs)),
      currentPage: input.currentPage,
      perPage: input.perPage,
      total: count.capped ? Math.max(count.total, offset + rows.length) : count.total,
      hasNext: count.capped ? rows.length === input.perPage : offset + rows.length < count.total,
      facets: count.facets,
      scope: listingScope(filterOnly, refs),
    }
  }

  return {
    refs: () => refsCache.get(),

    /** A listing page as JSON (checked against the contract once, when the page is loaded). */
    async listingJson(input: ListingInput): Promise<Buffer> {
      const key = JSON.stringify([
        input.search ? normaliseSearch(input.search) : '',
        input.filters,
        input.currentPage,
        input.perPage,
        input.facets !== 'false',
      ])
      let page = pages.get(key)
      if (!page) {
        if (pages.size >= PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value as string)
        page = staleWhileRevalidate(times.pageTtl, times.maxAge, () =>
          loadListing(input).then((answer) => ownedJson(JSON.stringify(z.encode(listingResponse, answer)))),
        )
        pages.set(key, page)
      }
      return page.get()
    },

    /** One active product by slug, or by id when the key is a number, as `{"data":product}` JSON. */
    async productJson(key: string): Promise<Buffer> {
      const id = productIdOfKey(key)
      const rows = await queryRows<{ id: number }>(
        db,
        id !== null
          ? sql`select id from products where id = ${id} and status = 'active'`
          : sql`select id from products where slug = ${key} and status = 'active'`,
      )
      const [json] = rows[0] ? await productJson.many([rows[0].id], await refsCache.get()) : []
      if (json === undefined) throw notFound('product', 'Product not found')
      return jsonData([json], false)
    },

    /** Active products with skus in the order of `ids`, as `{"data":[…]}` JSON; unknown ids are skipped. */
    async byIdsJson(ids: number[], limit: number): Promise<Buffer> {
      const unique = [...new Set(ids)].slice(0, limit)
      return jsonData(await productJson.many(unique, await refsCache.get()), true)
    },

    /** Drops what is kept of products this instance has just changed (stock taken, price edited). */
    forgetProducts(productIds: Iterable<number>) {
      productJson.forget(productIds)
    },

    /** Drops the kept listing pages and their counts (after a change of prices or of what is listed). */
    forgetListings() {
      pages.clear()
      counted.clear()
    },

    async byLogic(body: GetByLogicBody): Promise<ProductSummary[]> {
      const refs = await refsCache.get()
      const requireSlug = () => {
        if (!body.slug) throw badRequest('slug', `A ${body.logic} slug is required`)
        return body.slug
      }
      switch (body.logic) {
        case 'new_arrivals':
          return summaries(sql`true`, sql`p.created_at desc, p.id desc`, body.limit)
        case 'best_sellers':
          return summaries(sql`true`, sql`p.sold_count desc, p.id desc`, body.limit)
        case 'top_rated':
          return summaries(sql`p.rating_count > 0`, sql`p.rating_avg desc, p.id desc`, body.limit)
        case 'discounted':
          return summaries(
            sql`p.discount_percent > 0`,
            sql`p.discount_percent desc, p.sold_count desc, p.id desc`,
            body.limit,
          )
        case 'category': {
          const category = refs.categoryBySlug.get(requireSlug())
          if (!category) throw notFound('slug', 'Category not found')
          return summaries(
            sql`p.category_path @> array[${category.id}]::integer[]`,
            sql`p.sold_count desc, p.id desc`,
            body.limit,
          )
        }
        case 'brand': {
          const brand = refs.brandBySlug.get(requireSlug())
          if (!brand) throw notFound('slug', 'Brand not found')
          return summaries(sql`p.brand_id = ${brand.id}`, sql`p.sold_count desc, p.id desc`, body.limit)
        }
        case 'campaign': {
          const campaign = refs.campaignBySlug.get(requireSlug())
          if (!campaign) throw notFound('slug', 'Campaign not found')
          return summaries(
            sql`p.campaign_ids @> array[${campaign.id}]::integer[]`,
            sql`p.sold_count desc, p.id desc`,
            body.limit,
          )
        }
      }
    },

    async details(id: number): Promise<{ id: number; longDescription: string }> {
      const rows = await queryRows<{ id: number; long_description: string }>(
        db,
        sql`select id, long_description from products where id = ${id} and status = 'active'`,
      )
      const row = rows[0]
      if (!row) throw notFound('product', 'Product not found')
      return { id: row.id, longDescription: row.long_description }
    },

    /** Products from the same category (then the same top category), best sellers first. */
    async related(key: string, limit: number): Promise<ProductSummary[]> {
      const id = productIdOfKey(key)
      const rows = await queryRows<{ id: number; category_path: number[] }>(
        db,
        id !== null
          ? sql`select id, category_path from products where id = ${id} and status = 'active'`
          : sql`select id, category_path from products where slug = ${key} and status = 'active'`,
      )
      const product = rows[0]
      if (!product) throw notFound('product', 'Product not found')
      const leaf = product.category_path[product.category_path.length - 1] ?? -1
      const top = product.category_path[0] ?? -1
      return summaries(
        sql`p.id <> ${product.id} and p.category_path @> array[${top}]::integer[]`,
        sql`(p.category_path @> array[${leaf}]::integer[]) desc, p.sold_count desc, p.id desc`,
        limit,
      )
    },

    /** Products sharing a category (or, without the category filter, a brand) with the given ones. */
    async relatedTo(productIds: number[], byCategory: boolean, limit: number): Promise<ProductSummary[]> {
      const ids = sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )
      const column = byCategory ? sql`category_id` : sql`brand_id`
      return summaries(
        sql`p.id not in (${ids}) and p.${column} in (select ${column} from products where id in (${ids}))`,
        sql`p.sold_count desc, p.id desc`,
        limit,
      )
    },
  }
}

export type Catalogue = ReturnType<typeof createCatalogue>
