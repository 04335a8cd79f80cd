import { type SQL, sql } from 'drizzle-orm'
import type { OrderSource } from '../../../src/contract/admin-order-create'
import { dayAfter } from '../../../src/contract/admin-reports'
import type { OrderStatus } from '../../../src/contract/orders'
import { dhakaDayEnd, dhakaDayStart } from '../../../src/lib/dhaka-time'
import { type Db, queryRows } from '../../db/client'
import { type Money, moneyOf } from './exact'
import { type SoldTable, soldTable } from './sold-items'

/** statuses whose orders are no sale: given up, wholly back, or still waiting for their online payment */
const NOT_SALES: readonly OrderStatus[] = ['cancelled', 'returned', 'pending_payment']
export const isSale = (status: string) => !NOT_SALES.includes(status as OrderStatus)
/** an order that counts as a sale (the orders table named `o`) */
export const saleSql = sql.raw(`o.status not in (${NOT_SALES.map((status) => `'${status}'`).join(', ')})`)

/** a line's items kept (bought less returned) and what they were worth (no division for the many lines with none back) */
const keptUnits = sql.raw('(l.quantity - l.returned_quantity)')
const keptValue = sql.raw(
  '(case when l.returned_quantity = 0 then l.line_total else l.line_total * (l.quantity - l.returned_quantity) / l.quantity end)',
)

/**
 * The start of an order's Asia/Dhaka day (UTC+6 all year): cheaper per row than converting each time to the
 * zone; dhaka_day() (migration 0021, the day the change triggers note) then names it once per group.
 */
const dhakaDayStarted = sql.raw(`date_bin('1 day', o.created_at, '2000-01-01 00:00+06')`)

/**
 * A day's orders of one status, paid on delivery or not: how many, and their revenue (each order's total less
 * the value of its lines that came back, never below 0).
 */
export type GroupRow = {
  day: string
  status: OrderStatus
  cod: boolean
  /** where the orders came from (the site, or taken by hand from a phone call or an inbox) */
  source: OrderSource
  orders: number
  revenue: number
  returned_value: number
  with_returns: number
}

/** what the sales' lines of some days add up to by product, category and brand */
export type SoldItems = { products: SoldTable; categories: SoldTable; brands: SoldTable }

/** One Asia/Dhaka day's orders: every order by status and payment, and its sales' lines in all. */
export type DayTotals = {
  day: string
  /** sorted by status, cash on delivery and source, so that sums over them repeat to the last digit */
  groups: GroupRow[]
  lines: { orders: number; units: number; money: Money }
}

/** A day counted whole: what the dashboard and the sales report sum over the days of a range. */
export type DaySales = DayTotals & SoldItems

/** how many figures a day holds: what keeping it costs */
export const daySalesSize = (sales: DaySales) =>
  1 + sales.groups.length + sales.products.ids.length + sales.categories.ids.length + sales.brands.ids.length

const noItems = (): SoldItems => ({
  products: soldTable(null),
  categories: soldTable(null),
  brands: soldTable(null),
})

type Counted = {
  day: string
  status: OrderStatus
  cod: boolean
  source: OrderSource
  orders: number
  total: string
}
type Returned = {
  day: string
  status: OrderStatus
  cod: boolean
  source: OrderSource
  with_returns: number
  taken_off: string
  returned_value: string
}
/** a day's sales' lines (or, without a day, a whole range's) summed by product, category and brand */
type Lines = {
  day: string | null
  products: string | null
  categories: string | null
  brands: string | null
  lines: string | null
}

/**
 * What a report reads of its range's sold items: the best products and categories (the dashboard), the items of
 * each day, by category or by brand, or none (the orders by status). A range counted whole is counted for that
 * alone; the days that are kept are counted for every report.
 */
export type Reading = 'dashboard' | 'day' | 'category' | 'brand' | 'none'

type Summing = { keys: SQL; sets: SQL; orders: boolean }
/** how the sold items are summed (what is not summed by stays null): for keeping each day, or for a report */
const summing: Record<Reading | 'days', Summing | null> = {
  days: {
    keys: sql`started, product_id, category_id, brand_id`,
    sets: sql`(started, product_id), (started, category_id), (started, brand_id), (started)`,
    orders: true,
  },
  dashboard: {
    keys: sql`null::timestamptz as started, product_id, category_id, null::int as brand_id`,
    sets: sql`(product_id), (category_id)`,
    orders: false,
  },
  day: {
    keys: sql`started, null::int as product_id, null::int as category_id, null::int as brand_id`,
    sets: sql`(started)`,
    orders: false,
  },
  category: {
    keys: sql`started, null::int as product_id, category_id, null::int as brand_id`,
    sets: sql`(category_id), (started)`,
    orders: true,
  },
  brand: {
    keys: sql`started, null::int as product_id, null::int as category_id, brand_id`,
    sets: sql`(brand_id), (started)`,
    orders: true,
  },
  none: null,
}

/**
 * The orders of the days from `from` to `to`, counted: each day's totals (every day, those without orders too)
 * and the sold items, of each day (`days`, for keeping) or of the whole range as the report reads them (far
 * cheaper when nothing is kept). Three reads: the orders off the index that carries status, method and total;
 * the few with lines that came back; the sales' lines with their products, summed at once in every way asked.
 */
export async function countSales(
  db: Db,
  from: string,
  to: string,
  by: Reading | 'days',
): Promise<{ days: DaySales[]; range: SoldItems }> {
  const placed = sql`o.created_at >= ${dhakaDayStart(from).toISOString()}::timestamptz
    and o.created_at < ${dhakaDayEnd(to).toISOString()}::timestamptz`
  const sum = summing[by]
  const [counted, returned, lines] = await Promise.all([
    queryRows<Counted>(
      db,
      sql`
      select dhaka_day(started)::text as day, status, cod, source, orders, total
      from (
        select ${dhakaDayStarted} as started, o.status, o.payment_method = 'cod' as cod, o.source,
          count(*)::int as orders, sum(o.total)::text as total
        from orders o
        where ${placed}
        group by 1, 2, 3, 4
      ) grouped`,
    ),
    queryRows<Returned>(
      db,
      sql`
      select dhaka_day(started)::text as day, status, cod, source, count(*)::int as with_returns,
        sum(least(total, value))::text as taken_off, sum(value)::text as returned_value
      from (
        select ${dhakaDayStarted} as started, o.status, o.payment_method = 'cod' as cod, o.source, o.total,
          sum(l.line_total * l.returned_quantity / l.quantity) as value
        from orders o join order_lines l on l.order_id = o.id and l.returned_quantity > 0
        where ${placed}
        group by o.id
      ) each_order
      group by started, status, cod, source`,
    ),
    // a day holds some hundred figures: sent as one text per day and kind, read far faster than a row each
    sum
      ? queryRows<Lines>(
          db,
          sql`
          select dhaka_day(started)::text as day,
            string_agg(concat_ws(' ', product_id, orders, units, revenue), ' ')
              filter (where product_id is not null) as products,
            string_agg(concat_ws(' ', category_id, orders, units, revenue), ' ')
              filter (where category_id is not null) as categories,
            string_agg(concat_ws(' ', brand_id, orders, units, revenue), ' ')
              filter (where brand_id is not null) as brands,
            min(concat_ws(' ', orders, units, revenue))
              filter (where product_id is null and category_id is null and brand_id is null) as lines
          from (
            select ${sum.keys}, ${sum.orders ? sql`count(distinct order_id)` : sql`0`} as orders, sum(units) as units,
              sum(value) as revenue
            from (
              select ${dhakaDayStarted} as started, o.id as order_id, l.product_id, p.category_id, p.brand_id,
                ${keptUnits} as units, ${keptValue} as value
              from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id
              where ${placed} and ${saleSql}
            ) sold
            group by grouping sets (${sum.sets})
          ) summed
          group by started`,
        )
      : [],
  ])

  const days = new Map<string, DaySales>()
  for (let day = from; day <= to; day = dayAfter(day, 1)) {
    days.set(day, {
      day,
      groups: [],
      lines: { orders: 0, units: 0, money: { paisa: 0, rest: 0n } },
      ...noItems(),
    })
  }
  const of = (day: string) => {
    const found = days.get(day)
    if (!found) throw new Error(`an order of ${day}, which was not asked for`)
    return found
  }
  const key = (row: { day: string; status: string; cod: boolean; source: string }) =>
    `${row.day} ${row.status} ${row.cod} ${row.source}`
  const returns = new Map(returned.map((row) => [key(row), row]))
  for (const row of counted) {
    const back = returns.get(key(row))
    of(row.day).groups.push({
      day: row.day,
      status: row.status,
      cod: row.cod,
      source: row.source,
      orders: row.orders,
      revenue: Number(row.total) - Number(back?.taken_off ?? 0),
      returned_value: Number(back?.returned_value ?? 0),
      with_returns: back?.with_returns ?? 0,
    })
  }
  let range = noItems()
  for (const row of lines) {
    const items = {
      products: soldTable(row.products),
      categories: soldTable(row.categories),
      brands: soldTable(row.brands),
    }
    if (row.day === null) {
      range = items
      continue
    }
    const day = of(row.day)
    if (by === 'days') Object.assign(day, items)
    const [orders = '0', units = '0', revenue = '0'] = row.lines?.split(' ') ?? []
    day.lines = { orders: Number(orders), units: Number(units), money: moneyOf(revenue) }
  }
  for (const day of days.values()) {
    day.groups.sort((a, b) =>
      a.status !== b.status
        ? a.status < b.status
          ? -1
          : 1
        : a.cod !== b.cod
          ? Number(a.cod) - Number(b.cod)
          : a.source < b.source
            ? -1
            : a.source > b.source
              ? 1
              : 0,
    )
  }
  return { days: [...days.values()], range }
}
