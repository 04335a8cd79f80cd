import { z } from 'zod/mini'
import { channelFigures } from './admin-attribution'
import { orderSources } from './admin-order-create'
import { orderStatus } from './admin-orders'
import { isShopDay, shopDay } from './days'

/**
 * The shop's numbers (the dashboard and the sales report), counted from the orders themselves. An order
 * belongs to the Asia/Dhaka day it was placed on. It counts as a sale unless it is cancelled, wholly
 * returned or still waiting for its online payment; its revenue is its total less the value of the lines
 * that came back (a line's value: its total × returned / quantity).
 */

/** the longest range the numbers are counted over, in days */
export const REPORT_MAX_DAYS = 366
/** rows of the dashboard's top products and categories */
export const DASHBOARD_TOP = 5
/** low-stock skus the dashboard lists (the count says how many there are in all) */
export const LOW_STOCK_SHOWN = 10

export const dashboardRanges = ['today', '7d', '30d', 'custom'] as const
export type DashboardRange = (typeof dashboardRanges)[number]
/** `channel` and `campaign`: the site's orders by where their shoppers came from (docs/attribution.md) */
export const reportGroupings = ['day', 'category', 'brand', 'source', 'channel', 'campaign'] as const
export type ReportGrouping = (typeof reportGroupings)[number]

const DAY_MS = 86_400_000

/** the days from `from` to `to`, both counted (1 when they are the same day) */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

/** the day `count` days after `day` (before it when negative) */
export const dayAfter = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10)

type Span = { from?: string; to?: string }
/** two days the API takes (a wrong day has its own message, and makes no span) */
const bothDays = (span: Span): span is { from: string; to: string } =>
  Boolean(span.from && span.to && isShopDay(span.from) && isShopDay(span.to))
const inOrder = z.refine<Span>((span) => !bothDays(span) || span.from <= span.to, {
  message: 'The end date must not be before the start date',
  path: ['to'],
})
const notTooLong = z.refine<Span>(
  (span) => !bothDays(span) || span.from > span.to || daysIn(span.from, span.to) <= REPORT_MAX_DAYS,
  { message: `Choose at most ${REPORT_MAX_DAYS} days`, path: ['to'] },
)

/** `GET dashboard`: today, the last 7 or 30 days (today included), or the days from `from` to `to` */
export const dashboardQuery = z
  .object({
    range: z._default(z.enum(dashboardRanges), '30d'),
    from: z.optional(shopDay),
    to: z.optional(shopDay),
  })
  .check(
    z.refine((query) => query.range !== 'custom' || Boolean(query.from), {
      message: 'Choose the start date',
      path: ['from'],
    }),
    z.refine((query) => query.range !== 'custom' || Boolean(query.to), {
      message: 'Choose the end date',
      path: ['to'],
    }),
    inOrder,
    notTooLong,
  )
export type DashboardQuery = z.input<typeof dashboardQuery>

/** `GET reports/sales` and its CSV: the days and how the rows are grouped */
export const salesReportQuery = z
  .object({ from: shopDay, to: shopDay, by: z._default(z.enum(reportGroupings), 'day') })
  .check(inOrder, notTooLong)
export type SalesReportQuery = z.input<typeof salesReportQuery>

const span = z.object({ from: z.string(), to: z.string() })
const share = z.object({ orders: z.int(), revenue: z.number() })

export const dashboardFigures = z.object({
  /** every order placed in the range, whatever became of it */
  orders: z.int(),
  /** the orders that count as sales */
  sales: z.int(),
  revenue: z.number(),
  averageOrderValue: z.number(),
  cod: share,
  prepaid: share,
  cancelled: z.int(),
  /** wholly returned */
  returned: z.int(),
  /** sales some items of which came back */
  partlyReturned: z.int(),
  /** what the items that came back were worth (wholly and partly returned orders) */
  returnedValue: z.number(),
  /** delivered orders whose collected cash the couriers have not paid out yet, whenever placed */
  cashWithCouriers: z.optional(z.object({ orders: z.int(), amount: z.number() })),
  /** every source's orders placed, its sales and their revenue (the site's, and those taken by hand) */
  sources: z.optional(
    z.array(z.object({ source: z.enum(orderSources), orders: z.int(), sales: z.int(), revenue: z.number() })),
  ),
  /** the site's orders and landings by channel, the best first (docs/attribution.md) */
  channels: z.optional(z.array(channelFigures)),
})
export type DashboardFigures = z.infer<typeof dashboardFigures>

export const statusCount = z.object({ status: orderStatus, count: z.int() })
export const salesDay = z.object({ day: z.string(), orders: z.int(), revenue: z.number() })
export const topRow = z.object({
  id: z.int(),
  name: z.string(),
  nameBn: z.string(),
  units: z.int(),
  revenue: z.number(),
})
export type TopRow = z.infer<typeof topRow>

export const lowStockSku = z.object({
  skuId: z.int(),
  productId: z.int(),
  productName: z.string(),
  productNameBn: z.string(),
  sku: z.string(),
  size: z.nullable(z.string()),
  colour: z.nullable(z.string()),
  stock: z.int(),
})
export const lowStock = z.object({
  /** the settings' threshold: a sku with this many or fewer pieces is low */
  threshold: z.int(),
  total: z.int(),
  skus: z.array(lowStockSku),
})
export type LowStock = z.infer<typeof lowStock>

/** what every staff member sees: the orders placed in the range by their status, and the low stock */
export const dashboardOrdersAnswer = z.object({
  data: z.object({ range: span, statusCounts: z.array(statusCount), lowStock }),
})
export type DashboardOrders = z.infer<typeof dashboardOrdersAnswer>['data']

/** owners and managers: all of it, the money included */
export const dashboardAnswer = z.object({
  data: z.object({
    range: span,
    figures: dashboardFigures,
    statusCounts: z.array(statusCount),
    /** one entry per day of the range, days without sales at 0 */
    days: z.array(salesDay),
    topProducts: z.array(topRow),
    topCategories: z.array(topRow),
    lowStock,
  }),
})
export type Dashboard = z.infer<typeof dashboardAnswer>['data']

/**
 * One row of the sales report. By day: the day (`key`, `name`) with its sales and their revenue; by
 * category or brand: its sold items' value (line totals less returns, without delivery charges); by source,
 * channel or campaign: its sales and their revenue.
 */
export const salesRow = z.object({
  key: z.string(),
  name: z.string(),
  nameBn: z.string(),
  orders: z.int(),
  units: z.int(),
  revenue: z.number(),
  /** by channel or campaign: the landings counted in the range (conversion: orders ÷ landings) */
  landings: z.optional(z.int()),
  /** by channel or campaign: the channel (utm_source, or what the landing showed: server/domain/attribution.ts) */
  channel: z.optional(z.string()),
  /** by campaign: the medium and campaign tags ('' when the landing had none) */
  medium: z.optional(z.string()),
  campaign: z.optional(z.string()),
})
export type SalesRow = z.infer<typeof salesRow>

export const salesReportAnswer = z.object({
  data: z.object({
    range: span,
    by: z.enum(reportGroupings),
    rows: z.array(salesRow),
    totals: z.object({ orders: z.int(), units: z.int(), revenue: z.number(), landings: z.optional(z.int()) }),
  }),
})
export type SalesReport = z.infer<typeof salesReportAnswer>['data']
