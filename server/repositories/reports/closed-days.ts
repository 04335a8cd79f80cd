import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dayAfter, daysIn, REPORT_MAX_DAYS } from '../../../src/contract/admin-reports'
import { type Db, queryRows } from '../../db/client'
import {
  countSales,
  type DaySales,
  type DayTotals,
  daySalesSize,
  type Reading,
  type SoldItems,
} from './day-sales'

/** A range of Asia/Dhaka days, both ends counted (YYYY-MM-DD). */
export type DayRange = { from: string; to: string }

/** a range's sales: each day's totals, in order, and its sold items in parts (by day or by runs of days) */
export type RangeSales = { days: DayTotals[]; items: SoldItems[] }

/**
 * The sales of closed days (before today in Dhaka), kept by this instance while their orders stay as they were.
 * The database notes the day of every change to an order, its lines or a product's category or brand
 * (order_day_changes, written by triggers, so no way of writing is missed, on any instance): a day is kept with
 * the sum of its change weights read before it was counted, and is counted again as soon as that sum differs.
 * Today and later days are always counted live.
 */
export type ClosedDays = {
  /** the range's sales, those of many days not kept yet counted for what `reading` reads of them */
  sales(range: DayRange, today: string, reading: Reading): Promise<RangeSales>
  /** waits for the days being counted in the background */
  settle(): Promise<void>
  /** stops counting in the background (the app is closing) and waits for the count under way */
  close(): Promise<void>
}

export type ClosedDaysOptions = {
  /** the most figures kept (a day holds one per product, category, brand and status it sold in); 0 keeps none */
  maxFigures?: number
}

/** about 10 MB at most (some 20 bytes a figure): a year of a shop selling a thousand products a day */
const MAX_FIGURES = 400_000
/**
 * The days counted in one piece, three short reads: the year is counted in the background a week at a time,
 * so that a request (the shop's too, on the embedded database's one connection) waits for one read at most.
 */
const PIECE_DAYS = 7
/**
 * The most days not kept that a request counts day by day, and keeps; more (a first report, or more than can be
 * kept) are counted as one range for what the report reads, as cheap as ever, and kept by the background count.
 */
const KEEP_AT_ONCE = 31
/** change rows beyond one a day that make the table worth merging */
const MERGE_AFTER = 1_000

type Kept = { weight: string; sales: DaySales; size: number }
/** what the database had noted when a day's count began */
type Changes = { weights: Map<string, string>; everyDay: bigint; rows: number }
type Counting = { weight: string; everyDay: bigint; sales: Promise<DaySales> }

const daysFrom = (from: string, to: string) =>
  from > to ? [] : Array.from({ length: daysIn(from, to) }, (_, index) => dayAfter(from, index))

/** the days (in order) in runs of consecutive days, at most `size` each */
function piecesOf(days: readonly string[], size = Number.POSITIVE_INFINITY): string[][] {
  const pieces: string[][] = []
  let piece: string[] = []
  for (const day of days) {
    const last = piece.at(-1)
    if (piece.length === size || (last && dayAfter(last, 1) !== day)) {
      pieces.push(piece)
      piece = []
    }
    piece.push(day)
  }
  if (piece.length) pieces.push(piece)
  return pieces
}

/**
 * The change rows of each day merged into one carrying their summed weight: every day's sum stays what it was,
 * so what is kept stays current. Of two merges at once, each merges only the rows it deleted.
 */
export async function mergeDayChanges(db: Db): Promise<void> {
  await db.execute(sql`
    with merged as (delete from order_day_changes returning day, weight)
    insert into order_day_changes (day, weight) select day, sum(weight) from merged group by day`)
}

export function createClosedDays(app: FastifyInstance, options: ClosedDaysOptions = {}): ClosedDays {
  const maxFigures = options.maxFigures ?? MAX_FIGURES
  /** least recently used first */
  const kept = new Map<string, Kept>()
  let figures = 0
  /** closed days being counted: a request asking for one with the same weights waits for it */
  const counting = new Map<string, Counting>()
  /** the weight of the changes to every day when the kept days were counted */
  let everyDay = 0n
  let warming: Promise<void> | null = null
  let warmAgain: string | null = null
  let closing = false

  /** the change weights of the days from `from` to `to`, and of every day */
  async function changesOf(from: string, to: string): Promise<Changes> {
    const rows = await queryRows<{ day: string | null; weight: string; rows: number }>(
      app.db,
      sql`
      select day::text as day, sum(weight)::text as weight, count(*)::int as rows
      from order_day_changes
      where day is null or (day >= ${from}::date and day <= ${to}::date)
      group by day`,
    )
    const weights = new Map<string, string>()
    let all = 0n
    for (const row of rows) {
      if (row.day === null) all = BigInt(row.weight)
      else weights.set(row.day, row.weight)
    }
    return { weights, everyDay: all, rows: rows.reduce((sum, row) => sum + row.rows, 0) - rows.length }
  }

  /**
   * Takes in a newer weight of the changes to every day (a product moved: every kept day goes); whether days
   * counted under `seen` may be kept.
   */
  function follow(seen: bigint): boolean {
    if (seen > everyDay) {
      kept.clear()
      figures = 0
      everyDay = seen
    }
    return seen === everyDay
  }

  const weightOf = (day: string, changes: Changes) => changes.weights.get(day) ?? '0'

  /** the day's sales as kept or being counted, if nothing of the day changed since */
  function current(day: string, changes: Changes): DaySales | Promise<DaySales> | undefined {
    const weight = weightOf(day, changes)
    const entry = kept.get(day)
    if (entry?.weight === weight && changes.everyDay === everyDay) {
      kept.delete(day)
      kept.set(day, entry)
      return entry.sales
    }
    const pending = counting.get(day)
    if (pending?.weight === weight && pending.everyDay === changes.everyDay) return pending.sales
    return undefined
  }

  function keep(counted: DaySales[], changes: Changes) {
    if (!follow(changes.everyDay)) return
    for (const sales of counted) {
      const size = daySalesSize(sales)
      figures -= kept.get(sales.day)?.size ?? 0
      kept.delete(sales.day)
      kept.set(sales.day, { weight: weightOf(sales.day, changes), sales, size })
      figures += size
    }
    for (const [day, entry] of kept) {
      if (figures <= maxFigures) break
      kept.delete(day)
      figures -= entry.size
    }
  }

  /**
   * The days counted a piece at a time (side by side on PostgreSQL's several connections); those before `today`
   * are kept, with the weights read before, and are waited for by anyone asking for them meanwhile.
   */
  function countDays(days: readonly string[], changes: Changes, today: string) {
    const found = new Map<string, Promise<DaySales>>()
    for (const piece of piecesOf(days, PIECE_DAYS)) {
      const counted = countSales(app.db, piece[0] as string, piece.at(-1) as string, 'days').then(
        (sales) => sales.days,
      )
      piece.forEach((day, index) => {
        const sales = counted.then((list) => list[index] as DaySales)
        found.set(day, sales)
        if (day >= today) return
        const entry = { weight: weightOf(day, changes), everyDay: changes.everyDay, sales }
        counting.set(day, entry)
        const done = () => {
          if (counting.get(day) === entry) counting.delete(day)
        }
        sales.then(done, done)
      })
      // a failed count fails the requests waiting for it; nothing is kept of it
      const keepClosed = (list: DaySales[]) =>
        keep(
          list.filter((sales) => sales.day < today),
          changes,
        )
      counted.then(keepClosed, () => {})
    }
    return found
  }

  /**
   * The year before `today` counted in the background, a piece at a time and the newest first, so that the next
   * report over any of it finds it kept; then the change rows merged into one a day.
   */
  async function warm(today: string) {
    const from = dayAfter(today, -REPORT_MAX_DAYS)
    const to = dayAfter(today, -1)
    const changes = await changesOf(from, to)
    follow(changes.everyDay)
    const stale = daysFrom(from, to).filter((day) => !current(day, changes))
    for (const piece of piecesOf(stale, PIECE_DAYS).reverse()) {
      if (closing || changes.everyDay !== everyDay || figures >= maxFigures) break
      const left = piece.filter((day) => !current(day, changes))
      await Promise.all(countDays(left, changes, today).values())
    }
    if (!closing && changes.rows > MERGE_AFTER) await mergeDayChanges(app.db)
  }

  function warmSoon(today: string) {
    if (closing) return
    if (warming) {
      warmAgain = today
      return
    }
    warming = (async () => {
      let day: string | null = today
      while (day && !closing) {
        warmAgain = null
        await warm(day)
        day = warmAgain
      }
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'counting the past year of sales failed'))
      .finally(() => {
        warming = null
      })
  }

  /** the days' totals and their sold items as `reading` reads them, by run of consecutive days, not kept */
  async function countRuns(days: readonly string[], reading: Reading): Promise<RangeSales> {
    const runs = await Promise.all(
      piecesOf(days).map((run) => countSales(app.db, run[0] as string, run.at(-1) as string, reading)),
    )
    return { days: runs.flatMap((run) => run.days), items: runs.map((run) => run.range) }
  }

  return {
    async sales(range, today, reading) {
      const days = daysFrom(range.from, range.to)
      const closedTo = range.to < today ? range.to : dayAfter(today, -1)
      if (maxFigures === 0 || range.from > closedTo) return countRuns(days, reading)
      const changes = await changesOf(range.from, closedTo)
      follow(changes.everyDay)
      const found = new Map<string, DaySales | Promise<DaySales>>()
      const missing: string[] = []
      for (const day of days) {
        const sales = day < today ? current(day, changes) : undefined
        if (sales) found.set(day, sales)
        else missing.push(day)
      }
      const stale = missing.filter((day) => day < today).length
      const runs = stale > KEEP_AT_ONCE ? await countRuns(missing, reading) : { days: [], items: [] }
      if (stale <= KEEP_AT_ONCE) {
        for (const [day, sales] of countDays(missing, changes, today)) found.set(day, sales)
      }
      const byDay = await Promise.all([...found.values()])
      if (stale) warmSoon(today)
      const totals = new Map<string, DayTotals>([...byDay, ...runs.days].map((sales) => [sales.day, sales]))
      return { days: days.map((day) => totals.get(day) as DayTotals), items: [...byDay, ...runs.items] }
    },

    async settle() {
      while (warming) await warming
    },

    async close() {
      closing = true
      await warming
    },
  }
}
