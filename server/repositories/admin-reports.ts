import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  DASHBOARD_TOP,
  type Dashboard,
  type DashboardFigures,
  type DashboardOrders,
  dayAfter,
  daysIn,
  LOW_STOCK_SHOWN,
  type LowStock,
  type ReportGrouping,
  type SalesReport,
  type SalesRow,
  type TopRow,
} from '../../src/contract/admin-reports'
import { type OrderStatus, orderStatuses } from '../../src/contract/orders'
import { queryRows } from '../db/client'
import { dhakaDayEnd, dhakaDayStart } from '../domain/order-workflow'

/** A range of Asia/Dhaka days, both ends counted (YYYY-MM-DD). */
export type DayRange = { from: string; to: string }

/**
 * The shop's numbers, counted from its orders every time they are asked for (nothing kept beside them that
 * could drift). See src/contract/admin-reports.ts for what counts as a sale and as its revenue.
 */
export type AdminReportsRepository = {
  dashboard(range: DayRange): Promise<Dashboard>
  /** what every staff member may see: the orders by status and the low stock, no money */
  ordersAtAGlance(range: DayRange): Promise<DashboardOrders>
  sales(range: DayRange, by: ReportGrouping): Promise<SalesReport>
}

/** statuses whose orders are no sale: given up, wholly back, or still waiting for their online payment */
const NOT_SALES: readonly OrderStatus[] = ['cancelled', 'returned', 'pending_payment']
const isSale = (status: string) => !NOT_SALES.includes(status as OrderStatus)
const saleSql = sql.raw(`o.status not in (${NOT_SALES.map((status) => `'${status}'`).join(', ')})`)

const placedIn = (range: DayRange) =>
  sql`o.created_at >= ${dhakaDayStart(range.from).toISOString()}::timestamptz
    and o.created_at < ${dhakaDayEnd(range.to).toISOString()}::timestamptz`

/** a line's items kept (bought less returned) and what they were worth (no division for the many lines with none back) */
const keptUnits = sql.raw('(l.quantity - l.returned_quantity)')
const keptValue = sql.raw(
  '(case when l.returned_quantity = 0 then l.line_total else l.line_total * (l.quantity - l.returned_quantity) / l.quantity end)',
)

type GroupRow = {
  day: string
  status: OrderStatus
  cod: boolean
  orders: number
  revenue: number
  returned_value: number
  with_returns: number
}

type Grouped = { day: string; status: OrderStatus; cod: boolean }

/**
 * The start of an order's Asia/Dhaka day (UTC+6 all year): cheaper per row than converting each time to the
 * zone, which is then done once per day found.
 */
const dhakaDayStarted = sql.raw(`date_bin('1 day', o.created_at, '2000-01-01 00:00+06')`)
const dhakaDayOf = (started: string) => sql.raw(`(${started} at time zone 'Asia/Dhaka')::date::text`)

const cents = (value: number | string) => Math.round(Number(value) * 100) / 100

declare module 'fastify' {
  interface FastifyInstance {
    adminReports: AdminReportsRepository
  }
}

export function createAdminReportsRepository(app: FastifyInstance): AdminReportsRepository {
  const rows = <T>(query: SQL) => queryRows<T>(app.db, query)

  /**
   * The range's orders grouped by Dhaka day, status and cash on delivery: how many, and their revenue (each
   * order's total less the value of its lines that came back, never below 0). Two passes: the orders off the
   * index that carries status, method and total (nothing else of an order is read), and the few orders with
   * lines that came back, found by the lines' own index.
   */
  async function groups(range: DayRange): Promise<GroupRow[]> {
    type Counted = Grouped & { orders: number; total: number | string }
    type Returned = Grouped & {
      with_returns: number
      taken_off: number | string
      returned_value: number | string
    }
    const [counted, returned] = await Promise.all([
      rows<Counted>(sql`
        select ${dhakaDayOf('started')} as day, status, cod, orders, total
        from (
          select ${dhakaDayStarted} as started, o.status, o.payment_method = 'cod' as cod,
            count(*)::int as orders, sum(o.total) as total
          from orders o
          where ${placedIn(range)}
          group by 1, 2, 3
        ) grouped`),
      rows<Returned>(sql`
        select ${dhakaDayOf('started')} as day, status, cod, count(*)::int as with_returns,
          sum(least(total, value)) as taken_off, sum(value) as returned_value
        from (
          select ${dhakaDayStarted} as started, o.status, o.payment_method = 'cod' as cod, o.total, r.value
          from (
            select l.order_id, sum(l.line_total * l.returned_quantity / l.quantity) as value
            from order_lines l
            where l.returned_quantity > 0
            group by l.order_id
          ) r
          join orders o on o.id = r.order_id
          where ${placedIn(range)}
        ) each_order
        group by 1, 2, 3`),
    ])
    const key = (row: Grouped) => `${row.day} ${row.status} ${row.cod}`
    const returns = new Map(returned.map((row) => [key(row), row]))
    return counted.map((row) => {
      const back = returns.get(key(row))
      return {
        day: row.day,
        status: row.status,
        cod: row.cod,
        orders: row.orders,
        revenue: Number(row.total) - Number(back?.taken_off ?? 0),
        returned_value: Number(back?.returned_value ?? 0),
        with_returns: back?.with_returns ?? 0,
      }
    })
  }

  /** the items the range's sales kept, per Dhaka day */
  async function unitsByDay(range: DayRange) {
    const found = await rows<{ day: string; units: number }>(sql`
      select ${dhakaDayOf('started')} as day, units
      from (
        select ${dhakaDayStarted} as started, sum(${keptUnits})::int as units
        from orders o join order_lines l on l.order_id = o.id
        where ${placedIn(range)} and ${saleSql}
        group by 1
      ) grouped`)
    return new Map(found.map((row) => [row.day, Number(row.units)]))
  }

  function statusCounts(found: GroupRow[]) {
    return orderStatuses.map((status) => ({
      status,
      count: found.filter((row) => row.status === status).reduce((sum, row) => sum + row.orders, 0),
    }))
  }

  function figures(found: GroupRow[]): DashboardFigures {
    const sales = found.filter((row) => isSale(row.status))
    const total = (list: GroupRow[], pick: (row: GroupRow) => number | string) =>
      cents(list.reduce((sum, row) => sum + Number(pick(row)), 0))
    const count = (list: GroupRow[]) => list.reduce((sum, row) => sum + row.orders, 0)
    const revenue = total(sales, (row) => row.revenue)
    const cod = sales.filter((row) => row.cod)
    const prepaid = sales.filter((row) => !row.cod)
    return {
      orders: count(found),
      sales: count(sales),
      revenue,
      averageOrderValue: count(sales) ? cents(revenue / count(sales)) : 0,
      cod: { orders: count(cod), revenue: total(cod, (row) => row.revenue) },
      prepaid: { orders: count(prepaid), revenue: total(prepaid, (row) => row.revenue) },
      cancelled: count(found.filter((row) => row.status === 'cancelled')),
      returned: count(found.filter((row) => row.status === 'returned')),
      partlyReturned: sales.reduce((sum, row) => sum + row.with_returns, 0),
      returnedValue: total(
        found.filter((row) => row.status !== 'cancelled'),
        (row) => row.returned_value,
      ),
    }
  }

  /** every day of the range, in order, with its sales (0 on a day without any) */
  function byDay(range: DayRange, found: GroupRow[], units = new Map<string, number>()) {
    const days = new Map<string, { orders: number; units: number; revenue: number }>()
    for (let index = 0; index < daysIn(range.from, range.to); index++) {
      const day = dayAfter(range.from, index)
      days.set(day, { orders: 0, units: units.get(day) ?? 0, revenue: 0 })
    }
    for (const row of found) {
      const entry = days.get(row.day)
      if (!entry || !isSale(row.status)) continue
      entry.orders += row.orders
      entry.revenue = cents(entry.revenue + Number(row.revenue))
    }
    return [...days].map(([day, entry]) => ({ day, ...entry }))
  }

  type TopStored = { kind: 'product' | 'category'; id: number; name: string; name_bn: string } & {
    units: number
    revenue: number | string
  }

  /** the best-selling products and categories of the range, by revenue (sold items' value) */
  async function tops(range: DayRange) {
    const found = await rows<TopStored>(sql`
      with sold as (
        select l.product_id, sum(${keptUnits})::int as units, sum(${keptValue}) as revenue
        from orders o join order_lines l on l.order_id = o.id
        where ${placedIn(range)} and ${saleSql}
        group by l.product_id
      ),
      top_products as (
        select 'product' as kind, p.id, p.name, p.name_bn, s.units, round(s.revenue, 2) as revenue
        from sold s join products p on p.id = s.product_id
        where s.units > 0
        order by s.revenue desc, p.id
        limit ${DASHBOARD_TOP}
      ),
      top_categories as (
        select 'category' as kind, c.id, c.name, c.name_bn, sum(s.units)::int as units,
          round(sum(s.revenue), 2) as revenue
        from sold s join products p on p.id = s.product_id join categories c on c.id = p.category_id
        group by c.id
        having sum(s.units) > 0
        order by sum(s.revenue) desc, c.id
        limit ${DASHBOARD_TOP}
      )
      select * from top_products union all select * from top_categories`)
    const view = (kind: TopStored['kind']): TopRow[] =>
      found
        .filter((row) => row.kind === kind)
        .map((row) => ({
          id: Number(row.id),
          name: row.name,
          nameBn: row.name_bn,
          units: Number(row.units),
          revenue: cents(row.revenue),
        }))
    return { topProducts: view('product'), topCategories: view('category') }
  }

  type LowStored = {
    id: number
    product_id: number
    name: string
    name_bn: string
    sku: string
    size: string | null
    colour: string | null
    stock_quantity: number
    total: number | string
  }

  /** the active products' skus at or below the settings' threshold, emptiest first */
  async function lowStock(): Promise<LowStock> {
    const { lowStockThreshold: threshold } = (await app.settings.current()).settings
    const found = await rows<LowStored>(sql`
      select s.id, s.product_id, p.name, p.name_bn, s.sku, s.size, s.colour, s.stock_quantity,
        count(*) over () as total
      from skus s join products p on p.id = s.product_id
      where p.status = 'active' and s.stock_quantity <= ${threshold}
      order by s.stock_quantity, p.name, s.id
      limit ${LOW_STOCK_SHOWN}`)
    return {
      threshold,
      total: Number(found[0]?.total ?? 0),
      skus: found.map((row) => ({
        skuId: Number(row.id),
        productId: Number(row.product_id),
        productName: row.name,
        productNameBn: row.name_bn,
        sku: row.sku,
        size: row.size,
        colour: row.colour,
        stock: Number(row.stock_quantity),
      })),
    }
  }

  type SoldStored = {
    id: number | null
    name: string | null
    name_bn: string | null
    orders: number
    units: number
    revenue: number | string
  }

  /** the range's sold items by category (the product's own) or brand, the whole range last (id null) */
  async function soldBy(range: DayRange, by: 'category' | 'brand') {
    const group =
      by === 'category'
        ? sql.raw('join categories g on g.id = p.category_id')
        : sql.raw('join brands g on g.id = p.brand_id')
    const found = await rows<SoldStored>(sql`
      select g.id, g.name, g.name_bn, count(distinct o.id)::int as orders,
        coalesce(sum(${keptUnits}), 0)::int as units, coalesce(round(sum(${keptValue}), 2), 0) as revenue
      from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id ${group}
      where ${placedIn(range)} and ${saleSql}
      group by grouping sets ((g.id, g.name, g.name_bn), ())
      order by g.id is null, sum(${keptValue}) desc, g.name`)
    const whole = found.find((row) => row.id === null)
    return {
      rows: found
        .filter((row) => row.id !== null)
        .map(
          (row): SalesRow => ({
            key: String(row.id),
            name: row.name ?? '',
            nameBn: row.name_bn ?? '',
            orders: Number(row.orders),
            units: Number(row.units),
            revenue: cents(row.revenue),
          }),
        ),
      totals: {
        orders: Number(whole?.orders ?? 0),
        units: Number(whole?.units ?? 0),
        revenue: cents(whole?.revenue ?? 0),
      },
    }
  }

  return {
    async dashboard(range) {
      const [found, best, low] = await Promise.all([groups(range), tops(range), lowStock()])
      return {
        range,
        figures: figures(found),
        statusCounts: statusCounts(found),
        days: byDay(range, found).map(({ day, orders, revenue }) => ({ day, orders, revenue })),
        ...best,
        lowStock: low,
      }
    },

    async ordersAtAGlance(range) {
      const [found, low] = await Promise.all([groups(range), lowStock()])
      return { range, statusCounts: statusCounts(found), lowStock: low }
    },

    async sales(range, by) {
      if (by !== 'day') return { range, by, ...(await soldBy(range, by)) }
      const [found, units] = await Promise.all([groups(range), unitsByDay(range)])
      const days = byDay(range, found, units)
      const sum = (pick: (row: (typeof days)[number]) => number) =>
        days.reduce((total, row) => total + pick(row), 0)
      return {
        range,
        by,
        rows: days.map(({ day, orders, units, revenue }) => ({
          key: day,
          name: day,
          nameBn: day,
          orders,
          units,
          revenue,
        })),
        totals: {
          orders: sum((row) => row.orders),
          units: sum((row) => row.units),
          revenue: cents(sum((row) => row.revenue)),
        },
      }
    },
  }
}

export default fp(
  async function adminReportsRepository(app: FastifyInstance) {
    app.decorate('adminReports', createAdminReportsRepository(app))
  },
  { name: 'admin-reports-repository', dependencies: ['context'] },
)
