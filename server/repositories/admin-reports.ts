import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ORDER_SOURCE_NAMES, type OrderSource, orderSources } from '../../src/contract/admin-order-create'
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
import { orderStatuses } from '../../src/contract/orders'
import { dhakaDay, dhakaDayEnd, dhakaDayStart } from '../../src/lib/dhaka-time'
import { queryRows } from '../db/client'
import { channelGroups, channelRows, dashboardChannels } from './reports/channels'
import {
  type ClosedDaysOptions,
  createClosedDays,
  type DayRange,
  type RangeSales,
} from './reports/closed-days'
import { type GroupRow, isSale, type Reading } from './reports/day-sales'
import { exactMoney, exactText, roundedTaka } from './reports/exact'
import { type Summed, summed } from './reports/sold-items'

export type { DayRange } from './reports/closed-days'

/**
 * The shop's numbers, counted from its orders (see src/contract/admin-reports.ts for what counts as a sale and
 * as its revenue): each figure is a sum over the range's days of what that day's orders add up to. Closed days
 * are kept while the database notes no change to their orders (reports/closed-days.ts); today is counted live.
 */
export type AdminReportsRepository = {
  dashboard(range: DayRange): Promise<Dashboard>
  /** what every staff member may see: the orders by status and the low stock, no money */
  ordersAtAGlance(range: DayRange): Promise<DashboardOrders>
  sales(range: DayRange, by: ReportGrouping): Promise<SalesReport>
  /** waits for the days being counted in the background */
  settle(): Promise<void>
  /** stops counting in the background */
  close(): Promise<void>
}

const cents = (value: number | string) => Math.round(Number(value) * 100) / 100

/** the best sellers: most revenue first, then the lowest id; none whose items all came back */
const best = (list: Summed[]) =>
  list
    .filter((row) => row.units > 0)
    .sort((a, b) => (a.revenue === b.revenue ? a.id - b.id : a.revenue > b.revenue ? -1 : 1))
    .slice(0, DASHBOARD_TOP)

const arrayOf = (values: readonly (number | string)[]) => `{${values.join(',')}}`

declare module 'fastify' {
  interface FastifyInstance {
    adminReports: AdminReportsRepository
  }
}

export function createAdminReportsRepository(
  app: FastifyInstance,
  options: ClosedDaysOptions = {},
): AdminReportsRepository {
  const rows = <T>(query: SQL) => queryRows<T>(app.db, query)
  const closedDays = createClosedDays(app, options)
  const salesOf = (range: DayRange, reading: Reading) =>
    closedDays.sales(range, dhakaDay(app.clock.now()), reading)

  /** the site's orders and the landings of the range, by channel (or campaign) */
  const channelsOf = async (range: DayRange, by: 'channel' | 'campaign') =>
    channelGroups(app.db, range, by, await app.landings.between(range.from, range.to))

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
      sources: orderSources.map((source) => {
        const placed = found.filter((row) => row.source === source)
        const sold = placed.filter((row) => isSale(row.status))
        return {
          source,
          orders: count(placed),
          sales: count(sold),
          revenue: total(sold, (row) => row.revenue),
        }
      }),
    }
  }

  /** the range's sales by where they came from: orders, items kept and revenue as the days count them */
  async function soldBySource(range: DayRange, { days }: RangeSales) {
    const found = days.flatMap((day) => day.groups).filter((row) => isSale(row.status))
    const units = await rows<{ source: OrderSource; units: number | string }>(sql`
      select o.source, sum(l.quantity - l.returned_quantity)::int as units
      from orders o join order_lines l on l.order_id = o.id
      where o.created_at >= ${dhakaDayStart(range.from).toISOString()}::timestamptz
        and o.created_at < ${dhakaDayEnd(range.to).toISOString()}::timestamptz
        and o.status not in ('cancelled', 'returned', 'pending_payment')
      group by o.source`)
    const sourceRows = orderSources
      .map((source): SalesRow => {
        const sold = found.filter((row) => row.source === source)
        return {
          key: source,
          name: ORDER_SOURCE_NAMES[source].en,
          nameBn: ORDER_SOURCE_NAMES[source].bn,
          orders: sold.reduce((sum, row) => sum + row.orders, 0),
          units: Number(units.find((row) => row.source === source)?.units ?? 0),
          revenue: cents(sold.reduce((sum, row) => sum + Number(row.revenue), 0)),
        }
      })
      .filter((row) => row.orders > 0)
      .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key))
    const sum = (pick: (row: SalesRow) => number) => sourceRows.reduce((total, row) => total + pick(row), 0)
    return {
      rows: sourceRows,
      totals: {
        orders: sum((row) => row.orders),
        units: sum((row) => row.units),
        revenue: cents(sum((row) => row.revenue)),
      },
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

  type Named = { kind: 'product' | 'category'; id: number; name: string; name_bn: string }

  /** the best-selling products and categories of the range, by revenue (sold items' value), with today's names */
  async function tops({ items }: RangeSales) {
    const products = best(summed(items.map((part) => part.products)))
    const categories = best(summed(items.map((part) => part.categories)))
    const names =
      products.length || categories.length
        ? await rows<Named>(sql`
            select 'product' as kind, id, name, name_bn from products
            where id = any(${arrayOf(products.map((row) => row.id))}::int[])
            union all
            select 'category', id, name, name_bn from categories
            where id = any(${arrayOf(categories.map((row) => row.id))}::int[])`)
        : []
    const view =
      (kind: Named['kind']) =>
      (row: Summed): TopRow => {
        const named = names.find((name) => name.kind === kind && Number(name.id) === row.id)
        return {
          id: row.id,
          name: named?.name ?? '',
          nameBn: named?.name_bn ?? '',
          units: row.units,
          revenue: cents(roundedTaka(row.revenue)),
        }
      }
    return { topProducts: products.map(view('product')), topCategories: categories.map(view('category')) }
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
    id: number
    name: string
    name_bn: string
    orders: number
    units: number
    revenue: string
  }

  /** the range's sold items by category (the product's own) or brand, most revenue first, then by name */
  async function soldBy({ days, items }: RangeSales, by: 'category' | 'brand') {
    const groups = summed(items.map((part) => (by === 'category' ? part.categories : part.brands)))
    const found = groups.length
      ? await rows<SoldStored>(sql`
          select g.id, g.name, g.name_bn, sold.orders, sold.units, round(sold.revenue, 2)::text as revenue
          from unnest(${arrayOf(groups.map((row) => row.id))}::int[],
            ${arrayOf(groups.map((row) => row.orders))}::int[], ${arrayOf(groups.map((row) => row.units))}::int[],
            ${arrayOf(groups.map((row) => exactText(row.revenue)))}::numeric[]) as sold(id, orders, units, revenue)
          join ${sql.raw(by === 'category' ? 'categories' : 'brands')} g on g.id = sold.id
          order by sold.revenue desc, g.name`)
      : []
    const whole = days.reduce(
      (sum, day) => ({
        orders: sum.orders + day.lines.orders,
        units: sum.units + day.lines.units,
        revenue: sum.revenue + exactMoney(day.lines.money),
      }),
      { orders: 0, units: 0, revenue: 0n },
    )
    return {
      rows: found.map(
        (row): SalesRow => ({
          key: String(row.id),
          name: row.name,
          nameBn: row.name_bn,
          orders: Number(row.orders),
          units: Number(row.units),
          revenue: cents(row.revenue),
        }),
      ),
      totals: { orders: whole.orders, units: whole.units, revenue: cents(roundedTaka(whole.revenue)) },
    }
  }

  return {
    async dashboard(range) {
      const [sales, low, cash, channels] = await Promise.all([
        salesOf(range, 'dashboard'),
        lowStock(),
        app.codCash.withCouriers(),
        channelsOf(range, 'channel'),
      ])
      const found = sales.days.flatMap((day) => day.groups)
      return {
        range,
        figures: { ...figures(found), cashWithCouriers: cash, channels: dashboardChannels(channels) },
        statusCounts: statusCounts(found),
        days: byDay(range, found).map(({ day, orders, revenue }) => ({ day, orders, revenue })),
        ...(await tops(sales)),
        lowStock: low,
      }
    },

    async ordersAtAGlance(range) {
      const [sales, low] = await Promise.all([salesOf(range, 'none'), lowStock()])
      return { range, statusCounts: statusCounts(sales.days.flatMap((day) => day.groups)), lowStock: low }
    },

    async sales(range, by) {
      if (by === 'channel' || by === 'campaign') {
        return { range, by, ...channelRows(await channelsOf(range, by), by) }
      }
      const sales = await salesOf(range, by === 'source' ? 'none' : by)
      if (by === 'source') return { range, by, ...(await soldBySource(range, sales)) }
      if (by !== 'day') return { range, by, ...(await soldBy(sales, by)) }
      const units = new Map(sales.days.map((day) => [day.day, day.lines.units]))
      const days = byDay(
        range,
        sales.days.flatMap((day) => day.groups),
        units,
      )
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

    settle: () => closedDays.settle(),
    close: () => closedDays.close(),
  }
}

export default fp(
  async function adminReportsRepository(app: FastifyInstance) {
    const repository = createAdminReportsRepository(app)
    app.decorate('adminReports', repository)
    app.addHook('onClose', () => repository.close())
  },
  {
    name: 'admin-reports-repository',
    dependencies: ['context', 'cod-cash-repository', 'landings-repository'],
  },
)
