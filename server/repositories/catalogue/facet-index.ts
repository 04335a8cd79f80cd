import { sql } from 'drizzle-orm'
import type { ListingFilters, ListingSort } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { BANGLA_START, hasBangla } from '../../domain/synonyms'
import type { CatalogueRefs } from './refs'

/**
 * The active catalogue's filter and sort columns, kept in this process: a listing's total, facet counts and
 * the ids of its page come from one pass over it (a few milliseconds at 100,000 products) instead of six
 * queries whose plans depend on the planner's luck. PostgreSQL stays the source of truth: the index is
 * loaded from it, patched from it for every product a change names, reloaded whole for any other change,
 * and not used at all (the SQL path answers) from the moment a change is announced until it has caught up.
 */

/** How the rows of a listing are ordered; `rank`: a search without a sort (best match, then popularity). */
export type IndexOrder = ListingSort | 'rank'

/** One spelling of a search, as the index compares it with a product's search text. */
export type IndexSpelling = { text: string }

/** What one pass gives: the total, each search rank's count, the facets, and the page's product ids. */
export type IndexScan = {
  total: number
  /** matches of each search rank (one rank without a search) */
  tiers: number[]
  facets: {
    /** products per child category, by id */
    categories: Map<number, number>
    brands: Map<number, number>
    sizes: Map<string, number>
    colours: Map<string, number>
    price: { min: number; max: number } | null
  }
  /** the ids of rows [offset, offset + limit) in the order asked for */
  page: number[]
}

/** A set of row positions: one bit each. */
class Bits {
  words: number[] = []
  has(row: number): boolean {
    return (((this.words[row >>> 5] ?? 0) >>> (row & 31)) & 1) === 1
  }
  set(row: number, on: boolean) {
    const at = row >>> 5
    while (this.words.length <= at) this.words.push(0)
    const mask = 1 << (row & 31)
    this.words[at] = on ? (this.words[at] as number) | mask : (this.words[at] as number) & ~mask
  }
}

type Row = {
  id: number
  category_path: number[]
  brand_id: number
  campaign_ids: number[]
  sizes: string[]
  colours: string[]
  price: string | number
  in_stock: boolean
  discounted: boolean
  created: string | number
  sold_count: number
  rating_avg: string | number
  search_text: string
}

/** the active products' columns the index keeps; `created` in microseconds, as exact as the database orders */
const indexColumns = sql.raw(`p.id, p.category_path, p.brand_id, p.campaign_ids, p.sizes, p.colours,
  p.discounted_price as price, p.in_stock, p.discount_percent > 0 as discounted,
  (extract(epoch from p.created_at) * 1000000)::bigint as created, p.sold_count, p.rating_avg, p.search_text`)
const LOAD_BATCH = 5_000
/** a page this deep is read by sorting every match, not through a bounded heap */
const HEAP_LIMIT = 5_000

/** The index's columns: one slot per row position; a product no longer active leaves its slot dead. */
class Columns {
  position = new Map<number, number>()
  ids: number[] = []
  alive = new Bits()
  brand: number[] = []
  price: number[] = []
  inStock = new Bits()
  discounted = new Bits()
  created: number[] = []
  sold: number[] = []
  rating: number[] = []
  search: string[] = []
  categories = new Map<number, Bits>()
  campaigns = new Map<number, Bits>()
  sizes = new Map<string, Bits>()
  colours = new Map<string, Bits>()

  put(row: Row) {
    let at = this.position.get(row.id)
    if (at === undefined) {
      at = this.ids.length
      this.position.set(row.id, at)
      this.ids.push(row.id)
    } else this.clearSets(at)
    this.alive.set(at, true)
    this.brand[at] = row.brand_id
    this.price[at] = Number(row.price)
    this.inStock.set(at, row.in_stock)
    this.discounted.set(at, row.discounted)
    this.created[at] = Number(row.created)
    this.sold[at] = row.sold_count
    this.rating[at] = Number(row.rating_avg)
    this.search[at] = row.search_text
    const mark = <K>(sets: Map<K, Bits>, keys: K[]) => {
      for (const key of keys) {
        const bits = sets.get(key) ?? new Bits()
        sets.set(key, bits)
        bits.set(at, true)
      }
    }
    mark(this.categories, row.category_path)
    mark(this.campaigns, row.campaign_ids)
    mark(this.sizes, row.sizes)
    mark(this.colours, row.colours)
  }

  remove(id: number) {
    const at = this.position.get(id)
    if (at === undefined) return
    this.alive.set(at, false)
    this.clearSets(at)
    this.search[at] = ''
  }

  private clearSets(at: number) {
    for (const sets of [this.categories, this.campaigns, this.sizes, this.colours] as Map<unknown, Bits>[]) {
      for (const bits of sets.values()) if (bits.has(at)) bits.set(at, false)
    }
  }
}

/** Whether a product's search text matches a spelling: anywhere, at the name's start, at a word's start. */
function matcher(spellings: IndexSpelling[]) {
  const forms = spellings.map(({ text }) => ({
    text,
    // a Bangla name starts after the English words
    prefix: hasBangla(text) ? `${BANGLA_START}${text}` : null,
    word: ` ${text}`,
  }))
  return {
    contains: (search: string) => forms.some((form) => search.includes(form.text)),
    /** 0: the name starts with it; 1: a later word does; 2: inside a word */
    tier(search: string): number {
      if (forms.some((form) => (form.prefix ? search.includes(form.prefix) : search.startsWith(form.text))))
        return 0
      return forms.some((form) => search.includes(form.word)) ? 1 : 2
    },
  }
}

/** `a` before `b` (negative) in the listing's order; ties broken by id as the SQL orders do. */
function comparer(c: Columns, order: IndexOrder, tiers: Map<number, number>) {
  const ids = c.ids
  switch (order) {
    case 'price_asc':
      return (a: number, b: number) => (c.price[a] as number) - (c.price[b] as number) || ids[a]! - ids[b]!
    case 'price_desc':
      return (a: number, b: number) => (c.price[b] as number) - (c.price[a] as number) || ids[b]! - ids[a]!
    case 'best_selling':
      return (a: number, b: number) => (c.sold[b] as number) - (c.sold[a] as number) || ids[b]! - ids[a]!
    case 'top_rated':
      return (a: number, b: number) => (c.rating[b] as number) - (c.rating[a] as number) || ids[b]! - ids[a]!
    case 'rank':
      return (a: number, b: number) =>
        (tiers.get(a) ?? 0) - (tiers.get(b) ?? 0) ||
        (c.sold[b] as number) - (c.sold[a] as number) ||
        ids[b]! - ids[a]!
    default:
      return (a: number, b: number) =>
        (c.created[b] as number) - (c.created[a] as number) || ids[b]! - ids[a]!
  }
}

/** The `limit` best rows after skipping `offset`, by `before`, without sorting every match. */
function pageOf(rows: number[], before: (a: number, b: number) => number, offset: number, limit: number) {
  const keep = offset + limit
  if (keep > HEAP_LIMIT || rows.length <= keep) return rows.sort(before).slice(offset, keep)
  // a heap of the `keep` best, its worst at the root
  const heap: number[] = []
  const worse = (i: number, j: number) => before(heap[i] as number, heap[j] as number) > 0
  const swap = (i: number, j: number) => {
    const held = heap[i] as number
    heap[i] = heap[j] as number
    heap[j] = held
  }
  const down = (from: number) => {
    let i = from
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let top = i
      if (left < heap.length && worse(left, top)) top = left
      if (right < heap.length && worse(right, top)) top = right
      if (top === i) return
      swap(i, top)
      i = top
    }
  }
  for (const row of rows) {
    if (heap.length < keep) {
      heap.push(row)
      let i = heap.length - 1
      while (i > 0 && worse(i, (i - 1) >> 1)) {
        swap(i, (i - 1) >> 1)
        i = (i - 1) >> 1
      }
    } else if (before(row, heap[0] as number) < 0) {
      heap[0] = row
      down(0)
    }
  }
  return heap.sort(before).slice(offset, keep)
}

export type ScanInput = {
  filters: ListingFilters
  refs: CatalogueRefs
  /** the spellings searched (exact matching), or null */
  search: IndexSpelling[] | null
  /** count the facets; the child categories are counted when given */
  facets: { children: number[] } | null
  page: { order: IndexOrder; offset: number; limit: number } | null
}

export function createFacetIndex(db: Db) {
  let columns: Columns | null = null
  /** bumped by every change: work begun before a change does not mark the index current */
  let generation = 0
  let current = false
  let pendingProducts = new Set<number>()
  let wholeReload = true
  let working: Promise<void> | null = null

  async function loadAll(): Promise<Columns> {
    const loaded = new Columns()
    let after = 0
    // in batches by id: no answer large enough to hold the event loop up while it is read
    for (;;) {
      const rows = await queryRows<Row>(
        db,
        sql`select ${indexColumns} from products p where p.status = 'active' and p.id > ${after}
            order by p.id limit ${LOAD_BATCH}`,
      )
      for (const row of rows) loaded.put(row)
      const last = rows.at(-1)
      if (!last || rows.length < LOAD_BATCH) return loaded
      after = last.id
    }
  }

  async function patch(target: Columns, ids: number[]) {
    for (let start = 0; start < ids.length; start += LOAD_BATCH) {
      const some = ids.slice(start, start + LOAD_BATCH)
      const rows = await queryRows<Row>(
        db,
        sql`select ${indexColumns} from products p where p.status = 'active' and p.id in (${sql.join(
          some.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      const active = new Set(rows.map((row) => row.id))
      for (const row of rows) target.put(row)
      for (const id of some) if (!active.has(id)) target.remove(id)
    }
  }

  /** Brings the index up to date; a change arriving meanwhile starts another round. */
  function catchUp(): Promise<void> {
    working ??= (async () => {
      try {
        while (!current) {
          const started = generation
          const whole = wholeReload || columns === null
          const ids = [...pendingProducts]
          wholeReload = false
          pendingProducts = new Set()
          if (whole) columns = await loadAll()
          else if (columns) await patch(columns, ids)
          if (generation === started) current = true
        }
      } catch {
        // the SQL path answers meanwhile; the next listing tries again
        wholeReload = true
      } finally {
        working = null
      }
    })()
    return working
  }

  return {
    /** The index as it is when it is current, or null (the SQL path answers) while it catches up. */
    ready(): Columns | null {
      if (current && columns) return columns
      void catchUp()
      return null
    },
    /** Waits until the index is current (tests, the start). */
    async settle(): Promise<void> {
      while (!current) await catchUp()
    },
    /** A change was announced: not used again until it has read it. */
    changed(change: { products?: number[]; all?: boolean; listings?: boolean; refs?: boolean }) {
      generation += 1
      current = false
      if (change.all || change.refs || (change.listings && !change.products)) wholeReload = true
      for (const id of change.products ?? []) pendingProducts.add(id)
    },
  }
}

export type FacetIndex = ReturnType<typeof createFacetIndex>

/** One pass over the index: what a listing's SQL queries would count, and its page's ids. */
export function scanIndex(c: Columns, input: ScanInput): IndexScan {
  const { filters, refs } = input
  const idsOf = <K>(values: K[] | undefined, lookup: (value: K) => number | undefined) =>
    values?.length ? new Set(values.map((value) => lookup(value) ?? -1)) : null
  const category =
    filters.category === undefined
      ? null
      : (c.categories.get(refs.categoryBySlug.get(filters.category)?.id ?? -1) ?? new Bits())
  const campaign =
    filters.campaign === undefined
      ? null
      : (c.campaigns.get(refs.campaignBySlug.get(filters.campaign)?.id ?? -1) ?? new Bits())
  const brands = idsOf(filters.brand, (slug) => refs.brandBySlug.get(slug)?.id)
  const sizeSets = filters.size?.length ? filters.size.map((size) => c.sizes.get(size) ?? new Bits()) : null
  const colourSets = filters.colour?.length
    ? filters.colour.map((colour) => c.colours.get(colour) ?? new Bits())
    : null
  const { minPrice, maxPrice } = filters
  const search = input.search ? matcher(input.search) : null
  const facets = input.facets
  const children = (facets?.children ?? []).map((id) => [id, c.categories.get(id)] as const)
  const sizeKeys = [...c.sizes]
  const colourKeys = [...c.colours]

  const categoryCounts = new Map<number, number>()
  const brandCounts = new Map<number, number>()
  const sizeCounts = new Map<string, number>()
  const colourCounts = new Map<string, number>()
  let price: { min: number; max: number } | null = null
  const tiers = search ? [0, 0, 0] : [0]
  const tierOf = new Map<number, number>()
  const matches: number[] = []
  const add = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1)
  const countSets = (keys: [string, Bits][], counts: Map<string, number>, row: number) => {
    for (const [key, bits] of keys) if (bits.has(row)) add(counts, key)
  }

  for (let row = 0; row < c.ids.length; row++) {
    if (!c.alive.has(row)) continue
    // the filters every facet applies: a row failing one of them counts nowhere
    if (search && !search.contains(c.search[row] as string)) continue
    if (category && !category.has(row)) continue
    if (campaign && !campaign.has(row)) continue
    if (filters.inStock && !c.inStock.has(row)) continue
    if (filters.discount && !c.discounted.has(row)) continue
    // the filters a facet leaves out of its own counts
    const rowPrice = c.price[row] as number
    const brandOk = !brands || brands.has(c.brand[row] as number)
    const sizeOk = !sizeSets || sizeSets.some((bits) => bits.has(row))
    const colourOk = !colourSets || colourSets.some((bits) => bits.has(row))
    const priceOk =
      (minPrice === undefined || rowPrice >= minPrice) && (maxPrice === undefined || rowPrice <= maxPrice)
    const failed = (brandOk ? 0 : 1) + (sizeOk ? 0 : 1) + (colourOk ? 0 : 1) + (priceOk ? 0 : 1)
    if (failed > 1) continue
    if (facets) {
      if (brandOk && sizeOk && colourOk && priceOk) {
        for (const [id, bits] of children) if (bits?.has(row)) add(categoryCounts, id)
      }
      if (sizeOk && colourOk && priceOk) add(brandCounts, c.brand[row] as number)
      if (brandOk && colourOk && priceOk) countSets(sizeKeys, sizeCounts, row)
      if (brandOk && sizeOk && priceOk) countSets(colourKeys, colourCounts, row)
      if (brandOk && sizeOk && colourOk) {
        if (!price) price = { min: rowPrice, max: rowPrice }
        else {
          if (rowPrice < price.min) price.min = rowPrice
          if (rowPrice > price.max) price.max = rowPrice
        }
      }
    }
    if (failed > 0) continue
    const tier = search ? search.tier(c.search[row] as string) : 0
    tiers[tier] = (tiers[tier] as number) + 1
    if (input.page) {
      matches.push(row)
      if (search) tierOf.set(row, tier)
    }
  }
  const page = input.page
    ? pageOf(matches, comparer(c, input.page.order, tierOf), input.page.offset, input.page.limit).map(
        (row) => c.ids[row] as number,
      )
    : []
  return {
    total: tiers.reduce((a, b) => a + b, 0),
    tiers,
    facets: {
      categories: categoryCounts,
      brands: brandCounts,
      sizes: sizeCounts,
      colours: colourCounts,
      price,
    },
    page,
  }
}
