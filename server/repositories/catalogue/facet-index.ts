import { sql } from 'drizzle-orm'
import type { ListingFilters, ListingSort } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import {
  type Bits,
  bitCount,
  Columns,
  hasBit,
  type IndexRow,
  type KeptOrder,
  nextTurn,
  type Scratch,
  type SearchMatch,
} from './facet-columns'
import {
  brandColumn,
  catalogueFilters,
  categoryColumn,
  colourColumn,
  type FilterContext,
  filterColumns,
  type OwnFacet,
  sizeColumn,
} from './filters'
import { sqlValues } from './sql-values'

/**
 * The active catalogue's filter and sort columns, kept in this process: a listing's total, facet counts and
 * the ids of its page come from one pass over it (a few milliseconds at 100,000 products) instead of six
 * queries whose plans depend on the planner's luck. PostgreSQL stays the source of truth: the index is
 * loaded from it, patched from it for every product a change names, reloaded whole for any other change,
 * and not used at all (the SQL path answers) from the moment a change is announced until it has caught up.
 */

/**
 * the active products' columns the index keeps: its sort and search columns (`created` in microseconds, as exact
 * as the database orders) and the filters' own
 */
const indexColumns = sql.raw(`p.id, p.discounted_price as price,
  (extract(epoch from p.created_at) * 1000000)::bigint as created, p.sold_count, p.rating_avg, p.search_text,
  ${filterColumns.map((column) => `${column.select} as ${column.name}`).join(', ')}`)
const LOAD_BATCH = 1_000
/** how many rows are put into the index before the event loop gets a turn (1,000 held it for 30-60 ms) */
const PUT_STEP = 250

/** Puts rows into the columns, giving requests a turn every PUT_STEP rows. */
async function putInSteps(target: Columns, rows: IndexRow[]) {
  for (let at = 0; at < rows.length; at++) {
    target.put(rows[at] as IndexRow)
    if (at % PUT_STEP === PUT_STEP - 1) await nextTurn()
  }
}

/** How the rows of a listing are ordered; `rank`: a search without a sort (best match, then popularity). */
export type IndexOrder = ListingSort | 'rank'

/**
 * One spelling of a search, as the index compares it with a product's search text; `score`: a look-alike
 * word's likeness (a search by similarity ranks by it rather than by where the spelling is).
 */
export type IndexSpelling = { text: string; score?: number }

/** What a scan gives: the total, the facets, and the page's product ids. */
export type IndexScan = {
  total: number
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

export type ScanInput = {
  filters: ListingFilters
  context: FilterContext
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
    const loaded = new Columns(filterColumns)
    let after = 0
    // in batches by id: no answer large enough to hold the event loop up while it is read
    for (;;) {
      const rows = await queryRows<IndexRow>(
        db,
        sql`select ${indexColumns} from products p where p.status = 'active' and p.id > ${after}
            order by p.id limit ${LOAD_BATCH}`,
      )
      await putInSteps(loaded, rows)
      const last = rows.at(-1)
      if (!last || rows.length < LOAD_BATCH) {
        await loaded.reorder()
        return loaded
      }
      after = last.id
    }
  }

  async function patch(target: Columns, ids: number[]) {
    for (let start = 0; start < ids.length; start += LOAD_BATCH) {
      const some = ids.slice(start, start + LOAD_BATCH)
      const rows = await queryRows<IndexRow>(
        db,
        sql`select ${indexColumns} from products p where p.status = 'active' and p.id in (${sqlValues(some)})`,
      )
      const active = new Set(rows.map((row) => row.id))
      await putInSteps(target, rows)
      for (const id of some) if (!active.has(id)) target.remove(id)
    }
    await target.reorder()
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
    /**
     * The index when it is current. Before it was ever loaded (a start), listings wait for it: on a big
     * catalogue the SQL path would take longer than the load. Afterwards, while it catches up with a change,
     * or when loading failed: null, and the SQL path answers.
     */
    async ready(): Promise<Columns | null> {
      if (current && columns) return columns
      if (columns === null && failure === null) {
        await catchUp()
        if (current && columns) return columns
      }
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

/** how many words can be counted in the time one row is visited */
const ROW_COST = 8

/** Calls `visit` with every row whose bit is set, in row order, over the words listed in `used`. */
function eachRow(bits: Bits, used: Int32Array, visit: (row: number) => void) {
  for (const w of used) {
    let word = bits[w] as number
    while (word !== 0) {
      const lowest = word & -word
      visit((w << 5) + 31 - Math.clz32(lowest))
      word ^= lowest
    }
  }
}

/** The words of `bits` with some bit set: every later bitmap is combined over these alone. */
function usedWords(bits: Bits): Int32Array {
  const used: number[] = []
  for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) used.push(w)
  return Int32Array.from(used)
}

/** `scope` and every bitmap given, over the used words; the rest of the words stay 0. */
function both(scratch: Scratch, scope: Bits, used: Int32Array, filters: readonly Bits[]): Bits {
  const out = scratch.take()
  for (const w of used) {
    let word = scope[w] as number
    for (const bits of filters) word &= bits[w] as number
    out[w] = word
  }
  return out
}

function countBits(bits: Bits, used: Int32Array): number {
  let n = 0
  for (const w of used) n += bitCount(bits[w] as number)
  return n
}

/**
 * How many rows of `rows` each value has: by the values' bitmaps when there are few values for many rows,
 * else row by row (`valuesOf`).
 */
function perValue(
  rows: Bits,
  used: Int32Array,
  valueBits: Bits[],
  valuesOf: (row: number, counts: Int32Array) => void,
): Int32Array {
  const counts = new Int32Array(valueBits.length)
  const n = countBits(rows, used)
  if (n === 0) return counts
  // a row visited costs several times a word counted
  if (n * ROW_COST < valueBits.length * used.length) {
    eachRow(rows, used, (row) => valuesOf(row, counts))
    return counts
  }
  valueBits.forEach((bits, code) => {
    let count = 0
    for (const w of used) count += bitCount((rows[w] as number) & (bits[w] as number))
    counts[code] = count
  })
  return counts
}

/** The lowest and highest price of `rows`: row by row when they are few, else from the ends of the price order. */
function priceRange(c: Columns, rows: Bits, used: Int32Array): { min: number; max: number } | null {
  const n = countBits(rows, used)
  if (n === 0) return null
  const price = c.price
  if (n * ROW_COST < used.length * 32) {
    let min = Number.POSITIVE_INFINITY
    let max = Number.NEGATIVE_INFINITY
    eachRow(rows, used, (row) => {
      const value = price[row] as number
      if (value < min) min = value
      if (value > max) max = value
    })
    return { min, max }
  }
  const order = c.orders.price_asc
  let first = 0
  while (!hasBit(rows, order[first] as number)) first++
  let last = order.length - 1
  while (!hasBit(rows, order[last] as number)) last--
  return { min: price[order[first] as number] as number, max: price[order[last] as number] as number }
}

/** Counts a row once under each of the codes its list holds (its sizes, its colours). */
const countListed = (lists: (readonly number[])[]) => (row: number, counts: Int32Array) => {
  for (const code of lists[row] as readonly number[]) counts[code] = (counts[code] as number) + 1
}

/** The counts of the codes counted at least once, by value. */
function tallied<K>(values: K[], counts: Int32Array): Map<K, number> {
  const out = new Map<K, number>()
  counts.forEach((count, code) => {
    if (count > 0) out.set(values[code] as K, count)
  })
  return out
}

/** Rows [offset, offset + limit) of `rows` in the order asked for, walking the kept order. */
function pageOf(
  c: Columns,
  rows: Bits,
  levels: Bits[],
  order: IndexOrder,
  offset: number,
  limit: number,
): number[] {
  const keep = offset + limit
  const kept: KeptOrder =
    order === 'rank' || order === 'best_selling'
      ? 'best_selling'
      : order === 'price_desc'
        ? 'price_asc'
        : order
  const walk = c.orders[kept]
  const found: number[] = []
  if (order === 'rank') {
    // a ranked search: the best rank first, each rank in popularity order
    const ranks: number[][] = [...levels, null].map(() => [])
    for (const row of walk) {
      if (!hasBit(rows, row)) continue
      let level = 0
      while (level < levels.length && !hasBit(levels[level] as Bits, row)) level++
      const rank = ranks[level] as number[]
      if (rank.length < keep) rank.push(row)
      if ((ranks[0] as number[]).length >= keep) break
    }
    found.push(...ranks.flat())
  } else if (order === 'price_desc') {
    for (let i = walk.length - 1; i >= 0 && found.length < keep; i--)
      if (hasBit(rows, walk[i] as number)) found.push(walk[i] as number)
  } else {
    for (let i = 0; i < walk.length && found.length < keep; i++)
      if (hasBit(rows, walk[i] as number)) found.push(walk[i] as number)
  }
  return found.slice(offset, keep).map((row) => c.ids[row] as number)
}

/**
 * The rows of each rank but the last, best first: a search by similarity ranks by the likeness of the words a
 * product holds; any other search by where its spelling is (the name's start, a later word's, inside a word).
 */
function rankLevels(c: Columns, spellings: IndexSpelling[] | null, search: SearchMatch | null): Bits[] {
  if (!search || !spellings) return []
  if (spellings.every((spelling) => spelling.score === undefined)) {
    const { first, word } = search.ranks()
    return [first, word]
  }
  const scores = [...new Set(spellings.map((spelling) => spelling.score ?? 0))].sort((a, b) => b - a)
  return scores.map(
    (score) =>
      c.searchMatch(spellings.filter((spelling) => (spelling.score ?? 0) === score).map((s) => s.text)).rows,
  )
}

/**
 * What a listing's SQL queries would count, and its page's ids, from the index's bitmaps: the scope's rows
 * (and a search's), then each facet counted with the other filters applied.
 */
export function scanIndex(c: Columns, input: ScanInput): IndexScan {
  const scratch = c.scratch()
  try {
    return scan(c, scratch, input)
  } finally {
    scratch.done()
  }
}

function scan(c: Columns, scratch: Scratch, input: ScanInput): IndexScan {
  const { filters, context } = input
  const words = c.words
  // the scope: the live rows of every filter asked that has no facet of its own (it narrows every facet); the
  // rows of the others are combined over the scope's words, each facet counted without its own filter's
  const scope = scratch.take()
  scope.set(c.alive.subarray(0, words))
  const ownBits: Bits[] = []
  const ownFacets: OwnFacet[] = []
  for (const filter of catalogueFilters) {
    const bits = filter.bits(c, filters, context, scratch)
    if (!bits) continue
    if (filter.facet) {
      ownBits.push(bits)
      ownFacets.push(filter.facet)
    } else for (let w = 0; w < words; w++) scope[w] = (scope[w] as number) & (bits[w] as number)
  }
  // a search keeps the rows having one of its spellings
  const search = input.search ? c.searchMatch(input.search.map((spelling) => spelling.text)) : null
  if (search)
    for (let w = 0; w < scope.length; w++) scope[w] = (scope[w] as number) & (search.rows[w] as number)
  const used = usedWords(scope)
  const matches = both(scratch, scope, used, ownBits)
  /** the rows of every filter asked but a facet's own */
  const beside = (facet: OwnFacet) =>
    both(
      scratch,
      scope,
      used,
      ownBits.filter((_, at) => ownFacets[at] !== facet),
    )

  const empty = {
    categories: new Map(),
    brands: new Map(),
    sizes: new Map(),
    colours: new Map(),
    price: null,
  }
  let facets: IndexScan['facets'] = empty
  if (input.facets) {
    const category = c.columnOf(categoryColumn)
    const brand = c.columnOf(brandColumn)
    const size = c.columnOf(sizeColumn)
    const colour = c.columnOf(colourColumn)
    const children = input.facets.children
    const childBits = children.map((id) => category.bits.get(id) ?? c.bitmap())
    const childSlot = new Map(children.map((id, slot) => [id, slot]))
    const categoryCounts = perValue(matches, used, childBits, (row, counts) => {
      for (const id of category.lists[row] as readonly number[]) {
        const slot = childSlot.get(id)
        if (slot !== undefined) counts[slot] = (counts[slot] as number) + 1
      }
    })
    const brandCodes = brand.code
    const brandCounts = perValue(beside('brands'), used, brand.bits, (row, counts) => {
      const code = brandCodes[row] as number
      counts[code] = (counts[code] as number) + 1
    })
    const sizeCounts = perValue(beside('sizes'), used, size.bits, countListed(size.lists))
    const colourCounts = perValue(beside('colours'), used, colour.bits, countListed(colour.lists))
    const price = priceRange(c, beside('price'), used)
    const categories = new Map<number, number>()
    children.forEach((id, slot) => {
      if ((categoryCounts[slot] as number) > 0) categories.set(id, categoryCounts[slot] as number)
    })
    facets = {
      categories,
      brands: tallied(brand.codes.values, brandCounts),
      sizes: tallied(size.codes.values, sizeCounts),
      colours: tallied(colour.codes.values, colourCounts),
      price,
    }
  }
  const page = input.page
    ? pageOf(
        c,
        matches,
        rankLevels(c, input.search, search),
        input.page.order,
        input.page.offset,
        input.page.limit,
      )
    : []
  return { total: countBits(matches, used), facets, page }
}
