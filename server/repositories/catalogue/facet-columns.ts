import { BANGLA_START, hasBangla } from '../../domain/synonyms'

/**
 * The facet index's storage: the active catalogue's filter and sort columns as typed arrays, one slot per row,
 * with a bitmap of rows for every filter value (32 rows per word) and the rows in each sort order. A listing
 * then combines a few bitmaps word by word and counts bits instead of visiting every product.
 */

/** Values numbered in the order they are met: rows keep small numbers, counts are arrays indexed by them. */
export class Codes<K> {
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

/**
 * A list of rows per number (the rows each word is in), all in one Int32Array: each list has a stretch of it
 * with room to grow; a full list moves to the end with twice the room, and a full pool is written again with
 * every list close to its length. One typed array instead of one JavaScript array per word: at 100,000 products
 * 8 MB instead of 14, and nothing for the garbage collector to visit.
 */
const NO_ROWS = new Int32Array(0)

export class RowLists {
  private pool = new Int32Array(1024)
  private used = 0
  private start = new Int32Array(64)
  private length = new Int32Array(64)
  private room = new Int32Array(64)
  /** numbers 0 … count - 1 have a list (maybe empty) */
  count = 0

  /** The rows of a number, in no order (a view: read it before the lists are written again). */
  of(code: number): Int32Array {
    if (code >= this.count) return NO_ROWS
    const start = this.start[code] as number
    return this.pool.subarray(start, start + (this.length[code] as number))
  }

  size(code: number): number {
    return code < this.count ? (this.length[code] as number) : 0
  }

  add(code: number, row: number) {
    if (code >= this.count) this.reach(code)
    const length = this.length[code] as number
    if (length === this.room[code]) this.move(code, Math.max(4, length * 2))
    this.pool[(this.start[code] as number) + length] = row
    this.length[code] = length + 1
  }

  /** Takes a row out of a number's list (the last row takes its place). */
  remove(code: number, row: number) {
    const rows = this.of(code)
    const at = rows.lastIndexOf(row)
    if (at < 0) return
    rows[at] = rows[rows.length - 1] as number
    this.length[code] = rows.length - 1
  }

  private reach(code: number) {
    if (code >= this.start.length) {
      const capacity = Math.max(code + 1, this.start.length * 2)
      const wider = (old: Int32Array) => {
        const next = new Int32Array(capacity)
        next.set(old)
        return next
      }
      this.start = wider(this.start)
      this.length = wider(this.length)
      this.room = wider(this.room)
    }
    this.count = code + 1
  }

  private move(code: number, room: number) {
    if (this.used + room > this.pool.length) this.repack(room)
    const start = this.start[code] as number
    this.pool.copyWithin(this.used, start, start + (this.length[code] as number))
    this.start[code] = this.used
    this.room[code] = room
    this.used += room
  }

  /** Writes every list again, each with an eighth more room than its length, and room for `more` after. */
  private repack(more: number) {
    const roomOf = (length: number) => (length === 0 ? 0 : length + Math.max(2, length >>> 3))
    let needed = more
    for (let code = 0; code < this.count; code++) needed += roomOf(this.length[code] as number)
    const pool = new Int32Array(Math.max(1024, Math.ceil(needed * 1.25)))
    let used = 0
    for (let code = 0; code < this.count; code++) {
      const length = this.length[code] as number
      const start = this.start[code] as number
      pool.set(this.pool.subarray(start, start + length), used)
      this.start[code] = used
      this.room[code] = roomOf(length)
      used += this.room[code] as number
    }
    this.pool = pool
    this.used = used
  }
}

/**
 * A product's row as the index reads it from the database: its sort and search columns, and the column of each
 * filter that has one, under the name its loader gives it (filters.ts).
 */
export type IndexRow = {
  id: number
  price: string | number
  created: string | number
  sold_count: number
  rating_avg: string | number
  search_text: string
  [filterColumn: string]: unknown
}

/**
 * A filter's own storage in the index: each row's value and the rows of each value as bitmaps (the kinds are in
 * filter-columns.ts). The index grows, fills and empties it row by row.
 */
export interface FilterColumn {
  /** room for `capacity` rows: every bitmap `capacity / 32` words */
  grow(capacity: number): void
  /** a row not in it (new, or taken out by `remove`), from its value as the load SQL gives it */
  put(at: number, value: unknown): void
  /** takes the row out of every bitmap */
  remove(at: number): void
}

/** How the index loads a filter's column: an SQL expression of the product `p`, the name it is read by, its storage. */
export type ColumnLoader<C extends FilterColumn = FilterColumn> = {
  name: string
  select: string
  make(): C
}

/** The orders rows are kept in; `price_desc` walks `price_asc` backwards, a ranked search walks `best_selling`. */
export const keptOrders = ['newest', 'price_asc', 'best_selling', 'top_rated'] as const
export type KeptOrder = (typeof keptOrders)[number]

/** how many searches' rows are kept for the searches typed after them */
const SEARCHES_KEPT = 16

const sameList = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (value, i) => value === b[i])

/** how many rows are sorted in one step before the event loop gets a turn */
const SORT_STEP = 4_096

/** Gives the event loop a turn (requests waiting are answered) before going on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * `rows` sorted by `before` without holding the event loop: runs of SORT_STEP rows sorted one at a time,
 * then merged in pairs, a turn for requests after every 2 × SORT_STEP rows merged (the last merges are of
 * the whole catalogue: one step would hold the loop as long as all the runs together).
 */
export async function sortInSteps(
  rows: Int32Array,
  before: (a: number, b: number) => number,
): Promise<Int32Array> {
  const n = rows.length
  for (let start = 0; start < n; start += SORT_STEP) {
    rows.subarray(start, start + SORT_STEP).sort(before)
    await nextTurn()
  }
  let from: Int32Array = rows
  let to: Int32Array = new Int32Array(n)
  let merged = 0
  for (let width = SORT_STEP; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n)
      const high = Math.min(low + 2 * width, n)
      let left = low
      let right = middle
      let out = low
      while (left < middle && right < high) {
        to[out++] =
          before(from[right] as number, from[left] as number) < 0
            ? (from[right++] as number)
            : (from[left++] as number)
        if (++merged === 2 * SORT_STEP) {
          merged = 0
          await nextTurn()
        }
      }
      while (left < middle) to[out++] = from[left++] as number
      while (right < high) to[out++] = from[right++] as number
    }
    ;[from, to] = [to, from]
  }
  return from
}

/** A bitmap of `words` 32-row words. */
export type Bits = Uint32Array

export const hasBit = (bits: Bits, row: number) => ((bits[row >>> 5] as number) >>> (row & 31)) & 1

export function setBit(bits: Bits, row: number) {
  bits[row >>> 5] = (bits[row >>> 5] as number) | (1 << (row & 31))
}

export function clearBit(bits: Bits, row: number) {
  bits[row >>> 5] = (bits[row >>> 5] as number) & ~(1 << (row & 31))
}

/** The bits set in one word. */
export function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number
}

/**
 * Bitmaps lent to one scan and taken back when it ends: listings, one after another, allocate none (and leave
 * the garbage collector nothing to do).
 */
export class Scratch {
  private free: Bits[] = []
  private lent: Bits[] = []
  constructor(readonly words: number) {}
  /** an empty bitmap */
  take(): Bits {
    const bits = this.free.pop() ?? new Uint32Array(this.words)
    bits.fill(0)
    this.lent.push(bits)
    return bits
  }
  /** every bitmap lent is free again */
  done() {
    for (const bits of this.lent) this.free.push(bits)
    this.lent = []
  }
}

/**
 * The index's columns, one slot per row position (typed arrays, grown as products are added); a product no
 * longer active leaves its slot dead (no bit set anywhere). The sort and search columns are its own; each filter
 * with a column of its own brings it (`loaders`).
 */
export class Columns {
  size = 0
  /** bitmap words in use: enough for `size` rows */
  get words(): number {
    return (this.size + 31) >>> 5
  }
  position = new Map<number, number>()
  ids = new Int32Array(0)
  price = new Float64Array(0)
  created = new Float64Array(0)
  sold = new Int32Array(0)
  rating = new Float64Array(0)
  /** the words of the search texts (split at spaces), numbered */
  termCodes = new Codes<string>()
  /**
   * Each row's search text as its words' numbers, in order: every row's words one after another in one array
   * (a row whose words change has them written again at the end), not one small array per row for the
   * garbage collector to visit.
   */
  private termPool = new Int32Array(0)
  private poolUsed = 0
  private termStart = new Int32Array(0)
  private termCount = new Int32Array(0)
  /** the live rows each word is in */
  termRows = new RowLists()
  /** the live rows whose name starts with each word (their first word), and whose Bangla name does */
  leadRows = new RowLists()
  banglaLeadRows = new RowLists()
  /** the live rows */
  alive: Bits = new Uint32Array(0)
  /** the filters' columns, and the names their values have in a row */
  private filterColumns: FilterColumn[]
  private columnNames: string[]
  private byLoader: Map<ColumnLoader, FilterColumn>
  /** every row (dead ones too) in each kept order, once `reorder` has run */
  orders: Record<KeptOrder, Int32Array> = {
    newest: new Int32Array(0),
    price_asc: new Int32Array(0),
    best_selling: new Int32Array(0),
    top_rated: new Int32Array(0),
  }
  /** rows added, or whose sort values changed, since the orders were last brought up to date */
  private unordered = new Set<number>()
  /**
   * The rows whose search text contains each of the last searches' spellings: a shopper typing "sar", "sare",
   * "saree" has each next search looked for among the rows of the one before. Emptied by every write.
   */
  private searched = new Map<string, SearchMatch>()

  constructor(loaders: readonly ColumnLoader[]) {
    this.filterColumns = loaders.map((loader) => loader.make())
    this.columnNames = loaders.map((loader) => loader.name)
    this.byLoader = new Map(loaders.map((loader, at) => [loader, this.filterColumns[at] as FilterColumn]))
  }

  /** The rows a search's spellings are in (kept for the last searches: a listing asks twice, count and page). */
  searchMatch(spellings: readonly string[]): SearchMatch {
    const key = spellings.join('\n')
    let match = this.searched.get(key)
    if (match) return match
    match = new SearchMatch(this, spellings)
    if (this.searched.size >= SEARCHES_KEPT) this.searched.delete(this.searched.keys().next().value as string)
    this.searched.set(key, match)
    return match
  }

  private vocabularyKept: string[] | null = null
  private lending: Scratch | null = null

  /** The bitmaps a scan borrows (as long as the rows' bitmaps). */
  scratch(): Scratch {
    if (this.lending?.words !== this.words) this.lending = new Scratch(this.words)
    return this.lending
  }

  /**
   * The words of the live rows' search texts (two letters or more): what misspelt searches are corrected to.
   * The same list until a text changes.
   */
  vocabulary(): string[] {
    this.vocabularyKept ??= this.termCodes.values.filter(
      (word, code) => [...word].length >= 2 && this.termRows.size(code) > 0,
    )
    return this.vocabularyKept
  }

  /** A row's search text, as the database has it. */
  text(at: number): string {
    const words = this.termCodes.values
    return Array.from(this.termsOf(at), (code) => words[code]).join(' ')
  }

  /** The column a filter's loader brought. */
  columnOf<C extends FilterColumn>(loader: ColumnLoader<C>): C {
    const column = this.byLoader.get(loader)
    if (!column) throw new Error(`the index has no column ${loader.name}`)
    return column as C
  }

  /** An empty bitmap as long as the others. */
  bitmap(): Bits {
    return new Uint32Array(this.ids.length >>> 5)
  }

  /** A row's words (a view: read it before the row is written again). */
  termsOf(at: number): Int32Array {
    const start = this.termStart[at] as number
    return this.termPool.subarray(start, start + (this.termCount[at] as number))
  }

  /** A row's first word is flagged (`flags`: 1 by word number). Read in place: a broad search asks it of most rows. */
  firstWordFlagged(at: number, flags: Uint8Array): boolean {
    return (
      (this.termCount[at] as number) > 0 && flags[this.termPool[this.termStart[at] as number] as number] === 1
    )
  }

  /** Some word of a row after its first is flagged; read in place, nothing allocated. */
  laterWordFlagged(at: number, flags: Uint8Array): boolean {
    const start = this.termStart[at] as number
    const end = start + (this.termCount[at] as number)
    for (let i = start + 1; i < end; i++) if (flags[this.termPool[i] as number] === 1) return true
    return false
  }

  private setTerms(at: number, terms: readonly number[]) {
    if (this.poolUsed + terms.length > this.termPool.length) {
      // the words of every row, written again without the space rows' former words took
      let live = terms.length
      for (let row = 0; row < this.size; row++) live += this.termCount[row] as number
      const pool = new Int32Array(Math.max(4096, Math.ceil(live * 1.25)))
      let used = 0
      const old = this.termPool
      for (let row = 0; row < this.size; row++) {
        const start = this.termStart[row] as number
        const end = start + (this.termCount[row] as number)
        this.termStart[row] = used
        for (let i = start; i < end; i++) pool[used++] = old[i] as number
      }
      this.termPool = pool
      this.poolUsed = used
    }
    this.termPool.set(terms, this.poolUsed)
    this.termStart[at] = this.poolUsed
    this.termCount[at] = terms.length
    this.poolUsed += terms.length
  }

  private grow() {
    const capacity = Math.max(1024, this.ids.length * 2)
    const bigger = <T extends Int32Array | Uint8Array | Uint32Array | Float64Array>(
      old: T,
      make: (n: number) => T,
      length = capacity,
    ): T => {
      const next = make(length)
      next.set(old)
      return next
    }
    this.ids = bigger(this.ids, (n) => new Int32Array(n))
    this.price = bigger(this.price, (n) => new Float64Array(n))
    this.created = bigger(this.created, (n) => new Float64Array(n))
    this.sold = bigger(this.sold, (n) => new Int32Array(n))
    this.rating = bigger(this.rating, (n) => new Float64Array(n))
    this.termStart = bigger(this.termStart, (n) => new Int32Array(n))
    this.termCount = bigger(this.termCount, (n) => new Int32Array(n))
    this.alive = bigger(this.alive, (n) => new Uint32Array(n), capacity >>> 5)
    for (const column of this.filterColumns) column.grow(capacity)
  }

  /** Takes a live row out of every bitmap. */
  private unmark(at: number) {
    clearBit(this.alive, at)
    for (const column of this.filterColumns) column.remove(at)
  }

  put(row: IndexRow) {
    this.searched.clear()
    let at = this.position.get(row.id)
    const price = Number(row.price)
    const created = Number(row.created)
    const rating = Number(row.rating_avg)
    const wasAlive = at !== undefined && hasBit(this.alive, at) === 1
    if (at === undefined) {
      if (this.size === this.ids.length) this.grow()
      at = this.size++
      this.position.set(row.id, at)
      this.ids[at] = row.id
      this.unordered.add(at)
    } else {
      if (wasAlive) this.unmark(at)
      if (
        this.price[at] !== price ||
        this.created[at] !== created ||
        this.sold[at] !== row.sold_count ||
        this.rating[at] !== rating
      )
        this.unordered.add(at)
    }
    this.price[at] = price
    this.created[at] = created
    this.sold[at] = row.sold_count
    this.rating[at] = rating
    const terms = row.search_text.split(' ').map((term) => this.termCodes.of(term))
    const before = this.termsOf(at)
    if (!wasAlive || !sameList(before, terms)) {
      if (wasAlive) this.unlist(at, before)
      this.list(at, terms)
      this.setTerms(at, terms)
    }
    const columns = this.filterColumns
    const names = this.columnNames
    for (let i = 0; i < columns.length; i++) (columns[i] as FilterColumn).put(at, row[names[i] as string])
    setBit(this.alive, at)
  }

  remove(id: number) {
    const at = this.position.get(id)
    if (at === undefined || !hasBit(this.alive, at)) return
    this.searched.clear()
    this.unmark(at)
    this.unlist(at, this.termsOf(at))
    this.setTerms(at, [])
  }

  /** Lists the row under each of its words. */
  /** The words a name starts with: its first, and the one after the end of the English words. */
  private leads(terms: ArrayLike<number>): { lead: number | undefined; banglaLead: number[] } {
    const words = this.termCodes.values
    const banglaLead: number[] = []
    for (let at = 1; at < terms.length; at++)
      if ((words[terms[at - 1] as number] as string).endsWith(DANDA)) banglaLead.push(terms[at] as number)
    return { lead: terms[0], banglaLead: [...new Set(banglaLead)] }
  }

  private list(at: number, terms: readonly number[]) {
    this.vocabularyKept = null
    for (const code of new Set(terms)) this.termRows.add(code, at)
    const { lead, banglaLead } = this.leads(terms)
    if (lead !== undefined) this.leadRows.add(lead, at)
    for (const code of banglaLead) this.banglaLeadRows.add(code, at)
  }

  private unlist(at: number, terms: ArrayLike<number>) {
    this.vocabularyKept = null
    for (const code of new Set(Array.from(terms))) this.termRows.remove(code, at)
    const { lead, banglaLead } = this.leads(terms)
    if (lead !== undefined) this.leadRows.remove(lead, at)
    for (const code of banglaLead) this.banglaLeadRows.remove(code, at)
  }

  /** `a` before `b` (negative) in a kept order; ties broken by id as the SQL orders do. */
  before(order: KeptOrder): (a: number, b: number) => number {
    const ids = this.ids
    switch (order) {
      case 'price_asc': {
        const price = this.price
        return (a, b) =>
          (price[a] as number) - (price[b] as number) || (ids[a] as number) - (ids[b] as number)
      }
      case 'best_selling': {
        const sold = this.sold
        return (a, b) => (sold[b] as number) - (sold[a] as number) || (ids[b] as number) - (ids[a] as number)
      }
      case 'top_rated': {
        const rating = this.rating
        return (a, b) =>
          (rating[b] as number) - (rating[a] as number) || (ids[b] as number) - (ids[a] as number)
      }
      default: {
        const created = this.created
        return (a, b) =>
          (created[b] as number) - (created[a] as number) || (ids[b] as number) - (ids[a] as number)
      }
    }
  }

  /**
   * Brings the kept orders up to date after rows were added or their sort values changed: the rows that moved
   * are sorted on their own and merged into the rest (one pass), or everything is sorted when most moved —
   * in steps, letting requests in between.
   */
  async reorder() {
    if (this.unordered.size === 0) return
    const moved = Int32Array.from(this.unordered)
    const isMoved = new Uint8Array(this.size)
    for (const at of moved) isMoved[at] = 1
    this.unordered.clear()
    for (const order of keptOrders) {
      const before = this.before(order)
      const old = this.orders[order]
      if (moved.length * 4 > this.size) {
        const all = new Int32Array(this.size)
        for (let at = 0; at < this.size; at++) all[at] = at
        this.orders[order] = await sortInSteps(all, before)
        continue
      }
      const sorted = Int32Array.from(moved).sort(before)
      const merged = new Int32Array(this.size)
      let out = 0
      let next = 0
      for (const at of old) {
        if (isMoved[at]) continue
        while (next < sorted.length && before(sorted[next] as number, at) < 0)
          merged[out++] = sorted[next++] as number
        merged[out++] = at
      }
      while (next < sorted.length) merged[out++] = sorted[next++] as number
      this.orders[order] = merged
      await nextTurn()
    }
  }
}

/** the end of the English words: a Bangla name starts after it and a space (`BANGLA_START`) */
const DANDA = BANGLA_START.trim()

/**
 * The live rows whose search text contains any of a search's spellings, found through the words: a spelling
 * without a space is inside one word, so its rows are those of the words containing it; a longer one is
 * looked for in the texts of the rows having its longest part. The ranks are worked out when a page in rank
 * order first needs them.
 */
export class SearchMatch {
  rows: Bits
  /** the spellings without a space, with the words starting with each (flag by word number, and their list) */
  private single: { bangla: boolean; starts: Uint8Array; startList: number[] }[] = []
  /** the rows ranked first (the name starts with a spelling) and second (a later word does) */
  private first: Bits
  private word: Bits
  private ranked = false

  constructor(
    private c: Columns,
    spellings: readonly string[],
  ) {
    const words = c.termCodes.values
    this.rows = c.bitmap()
    this.first = c.bitmap()
    this.word = c.bitmap()
    for (const spelling of spellings) {
      const parts = spelling.split(' ')
      const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '')
      const bangla = hasBangla(spelling)
      const single =
        parts.length === 1
          ? { bangla, starts: new Uint8Array(words.length), startList: [] as number[] }
          : null
      if (single) this.single.push(single)
      words.forEach((word, code) => {
        if (!word.includes(longest)) return
        if (single && word.startsWith(spelling)) {
          single.starts[code] = 1
          single.startList.push(code)
        }
        for (const row of c.termRows.of(code)) {
          if (!single) {
            // a spelling with spaces: looked for, and ranked, in the text itself
            const text = c.text(row)
            if (!text.includes(spelling)) continue
            if (bangla ? text.includes(`${BANGLA_START}${spelling}`) : text.startsWith(spelling))
              setBit(this.first, row)
            else if (text.includes(` ${spelling}`)) setBit(this.word, row)
          }
          setBit(this.rows, row)
        }
      })
    }
  }

  /**
   * The rows ranked first (the name, or the Bangla name, starts with a spelling) and second (a later word does;
   * the others rank third), from the words starting with each spelling.
   */
  ranks(): { first: Bits; word: Bits } {
    if (!this.ranked) {
      this.ranked = true
      const c = this.c
      for (const { bangla, starts, startList } of this.single) {
        for (const code of startList) {
          for (const row of (bangla ? c.banglaLeadRows : c.leadRows).of(code)) setBit(this.first, row)
          // a word starting with the spelling anywhere but first: a later word does
          for (const row of c.termRows.of(code)) {
            if (hasBit(this.first, row)) continue
            if (!c.firstWordFlagged(row, starts) || c.laterWordFlagged(row, starts)) setBit(this.word, row)
          }
        }
      }
    }
    return { first: this.first, word: this.word }
  }
}
