import { sql } from 'drizzle-orm'
import type { ListingFilters, ListingSort } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { BANGLA_START, hasBangla } from '../../domain/synonyms'
import { sqlValues } from './listing'
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

/** Values numbered in the order they are met: rows keep small numbers, counts are arrays indexed by them. */
class Codes<K> {
  private numbers = new Map<K, number>()
  values: K[] = []
  of(value: K): number {
    let code = this.numbers.get(value)
    if (code === undefined) {
      code = this.values.length
      this.numbers.set(value, code)
      this.values.push(value)
    }
    return code
  }
  find(value: K): number | undefined {
    return this.numbers.get(value)
  }
}

/** Lists that are the same are kept once (most products share their sizes, colours and category path). */
class Lists {
  private kept = new Map<string, readonly number[]>()
  of(values: readonly number[]): readonly number[] {
    const key = values.join(',')
    let list = this.kept.get(key)
    if (!list) {
      list = [...values]
      this.kept.set(key, list)
    }
    return list
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
/** how many searches' rows are kept for the searches typed after them */
const SEARCHES_KEPT = 16
/** a page this deep is read by sorting every match, not through a bounded heap */
const HEAP_LIMIT = 5_000

const ALIVE = 1
const IN_STOCK = 2
const DISCOUNTED = 4

/**
 * The index's columns, one slot per row position (typed arrays, grown as products are added); a product no
 * longer active leaves its slot dead.
 */
class Columns {
  size = 0
  position = new Map<number, number>()
  ids = new Int32Array(0)
  flags = new Uint8Array(0)
  brand = new Int32Array(0)
  price = new Float64Array(0)
  created = new Float64Array(0)
  sold = new Int32Array(0)
  rating = new Float64Array(0)
  search: string[] = []
  categoryPath: (readonly number[])[] = []
  campaignIds: (readonly number[])[] = []
  sizes: (readonly number[])[] = []
  colours: (readonly number[])[] = []
  brandCodes = new Codes<number>()
  sizeCodes = new Codes<string>()
  colourCodes = new Codes<string>()
  private lists = new Lists()
  /**
   * The rows whose search text contains each of the last searches' spellings: a shopper typing "sar", "sare",
   * "saree" has each next search looked for among the rows of the one before. Emptied by every write.
   */
  private searched = new Map<string, Int32Array>()

  /** The rows any of the spellings can be in: those of an earlier search each spelling contains one of. */
  candidates(spellings: readonly string[]): { rows: Int32Array; exact: boolean } | null {
    const key = spellings.join('\n')
    const same = this.searched.get(key)
    if (same) return { rows: same, exact: true }
    for (const [earlier, rows] of this.searched) {
      const parts = earlier.split('\n')
      if (spellings.every((spelling) => parts.some((part) => spelling.includes(part))))
        return { rows, exact: false }
    }
    return null
  }

  /** Keeps the rows a search's spellings are in, for the searches typed after it. */
  remember(spellings: readonly string[], rows: Int32Array) {
    const key = spellings.join('\n')
    this.searched.delete(key)
    if (this.searched.size >= SEARCHES_KEPT) this.searched.delete(this.searched.keys().next().value as string)
    this.searched.set(key, rows)
  }

  private grow() {
    const capacity = Math.max(1024, this.ids.length * 2)
    const bigger = <T extends Int32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity)
      next.set(old)
      return next
    }
    this.ids = bigger(this.ids, (n) => new Int32Array(n))
    this.flags = bigger(this.flags, (n) => new Uint8Array(n))
    this.brand = bigger(this.brand, (n) => new Int32Array(n))
    this.price = bigger(this.price, (n) => new Float64Array(n))
    this.created = bigger(this.created, (n) => new Float64Array(n))
    this.sold = bigger(this.sold, (n) => new Int32Array(n))
    this.rating = bigger(this.rating, (n) => new Float64Array(n))
  }

  put(row: Row) {
    this.searched.clear()
    let at = this.position.get(row.id)
    if (at === undefined) {
      if (this.size === this.ids.length) this.grow()
      at = this.size++
      this.position.set(row.id, at)
      this.ids[at] = row.id
    }
    this.flags[at] = ALIVE | (row.in_stock ? IN_STOCK : 0) | (row.discounted ? DISCOUNTED : 0)
    this.brand[at] = this.brandCodes.of(row.brand_id)
    this.price[at] = Number(row.price)
    this.created[at] = Number(row.created)
    this.sold[at] = row.sold_count
    this.rating[at] = Number(row.rating_avg)
    this.search[at] = row.search_text
    this.categoryPath[at] = this.lists.of(row.category_path)
    this.campaignIds[at] = this.lists.of(row.campaign_ids)
    this.sizes[at] = this.lists.of(row.sizes.map((size) => this.sizeCodes.of(size)))
    this.colours[at] = this.lists.of(row.colours.map((colour) => this.colourCodes.of(colour)))
  }

  remove(id: number) {
    const at = this.position.get(id)
    if (at === undefined) return
    this.searched.clear()
    const none = this.lists.of([])
    this.flags[at] = 0
    this.search[at] = ''
    this.categoryPath[at] = none
    this.campaignIds[at] = none
    this.sizes[at] = none
    this.colours[at] = none
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
  /** why the last round failed (the database did not answer), until one succeeds */
  let failure: unknown = null

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
        sql`select ${indexColumns} from products p where p.status = 'active' and p.id in (${sqlValues(some)})`,
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
        failure = null
      } catch (error) {
        // the SQL path answers meanwhile; the next listing tries again
        failure = error
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
    /** Waits until the index is current (tests, the start); rejects when the database did not answer. */
    async settle(): Promise<void> {
      while (!current) {
        await catchUp()
        if (failure) throw failure
      }
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

/** Which codes a filter asks for (a value the index has never seen matches nothing). */
function wanted<K>(codes: Codes<K>, values: K[] | undefined): boolean[] | null {
  if (!values?.length) return null
  const asked = new Array<boolean>(codes.values.length).fill(false)
  for (const value of values) {
    const code = codes.find(value)
    if (code !== undefined) asked[code] = true
  }
  return asked
}

const anyOf = (codes: readonly number[], asked: boolean[]) => codes.some((code) => asked[code] === true)

/** The counts of the codes that were counted at least once, by value. */
function tallied<K>(codes: Codes<K>, counts: Int32Array): Map<K, number> {
  const out = new Map<K, number>()
  counts.forEach((count, code) => {
    if (count > 0) out.set(codes.values[code] as K, count)
  })
  return out
}

/** One pass over the index: what a listing's SQL queries would count, and its page's ids. */
export function scanIndex(c: Columns, input: ScanInput): IndexScan {
  const { filters, refs } = input
  const categoryId =
    filters.category === undefined ? null : (refs.categoryBySlug.get(filters.category)?.id ?? -1)
  const campaignId =
    filters.campaign === undefined ? null : (refs.campaignBySlug.get(filters.campaign)?.id ?? -1)
  const brands = wanted(
    c.brandCodes,
    filters.brand?.map((slug) => refs.brandBySlug.get(slug)?.id ?? -1),
  )
  const sizes = wanted(c.sizeCodes, filters.size)
  const colours = wanted(c.colourCodes, filters.colour)
  const { minPrice, maxPrice } = filters
  const search = input.search ? matcher(input.search) : null
  const facets = input.facets
  const childSlot = new Map((facets?.children ?? []).map((id, slot) => [id, slot]))

  const categoryCounts = new Int32Array(childSlot.size)
  const brandCounts = new Int32Array(c.brandCodes.values.length)
  const sizeCounts = new Int32Array(c.sizeCodes.values.length)
  const colourCounts = new Int32Array(c.colourCodes.values.length)
  let price: { min: number; max: number } | null = null
  const tiers = search ? [0, 0, 0] : [0]
  const tierOf = new Map<number, number>()
  const matches: number[] = []

  // a search visits the rows an earlier search's spellings are in, and keeps those its own are in
  const spellings = input.search?.map((spelling) => spelling.text) ?? []
  const known = search ? c.candidates(spellings) : null
  const contained: number[] | null = search && !known?.exact ? [] : null
  const visit = known?.rows ?? null
  const count = visit ? visit.length : c.size
  for (let at = 0; at < count; at++) {
    const row = visit ? (visit[at] as number) : at
    const flags = c.flags[row] as number
    if (!(flags & ALIVE)) continue
    if (search && !known?.exact) {
      if (!search.contains(c.search[row] as string)) continue
      contained?.push(row)
    }
    // the filters every facet applies: a row failing one of them counts nowhere
    if (filters.inStock && !(flags & IN_STOCK)) continue
    if (filters.discount && !(flags & DISCOUNTED)) continue
    if (categoryId !== null && !(c.categoryPath[row] as readonly number[]).includes(categoryId)) continue
    if (campaignId !== null && !(c.campaignIds[row] as readonly number[]).includes(campaignId)) continue
    // the filters a facet leaves out of its own counts
    const rowPrice = c.price[row] as number
    const rowSizes = c.sizes[row] as readonly number[]
    const rowColours = c.colours[row] as readonly number[]
    const brandOk = !brands || brands[c.brand[row] as number] === true
    const sizeOk = !sizes || anyOf(rowSizes, sizes)
    const colourOk = !colours || anyOf(rowColours, colours)
    const priceOk =
      (minPrice === undefined || rowPrice >= minPrice) && (maxPrice === undefined || rowPrice <= maxPrice)
    const failed = (brandOk ? 0 : 1) + (sizeOk ? 0 : 1) + (colourOk ? 0 : 1) + (priceOk ? 0 : 1)
    if (failed > 1) continue
    if (facets) {
      if (failed === 0) {
        for (const id of c.categoryPath[row] as readonly number[]) {
          const slot = childSlot.get(id)
          if (slot !== undefined) categoryCounts[slot] = (categoryCounts[slot] as number) + 1
        }
      }
      if (sizeOk && colourOk && priceOk) {
        const code = c.brand[row] as number
        brandCounts[code] = (brandCounts[code] as number) + 1
      }
      if (brandOk && colourOk && priceOk)
        for (const code of rowSizes) sizeCounts[code] = (sizeCounts[code] as number) + 1
      if (brandOk && sizeOk && priceOk)
        for (const code of rowColours) colourCounts[code] = (colourCounts[code] as number) + 1
      if (brandOk && sizeOk && colourOk) {
        if (!price) price = { min: rowPrice, max: rowPrice }
        else if (rowPrice < price.min) price.min = rowPrice
        else if (rowPrice > price.max) price.max = rowPrice
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
  if (contained) c.remember(spellings, Int32Array.from(contained))
  const page = input.page
    ? pageOf(matches, comparer(c, input.page.order, tierOf), input.page.offset, input.page.limit).map(
        (row) => c.ids[row] as number,
      )
    : []
  const categories = new Map<number, number>()
  for (const [id, slot] of childSlot)
    if ((categoryCounts[slot] as number) > 0) categories.set(id, categoryCounts[slot] as number)
  return {
    total: tiers.reduce((a, b) => a + b, 0),
    tiers,
    facets: {
      categories,
      brands: tallied(c.brandCodes, brandCounts),
      sizes: tallied(c.sizeCodes, sizeCounts),
      colours: tallied(c.colourCodes, colourCounts),
      price,
    },
    page,
  }
}
