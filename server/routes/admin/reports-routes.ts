import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { conversion } from '../../../src/contract/admin-attribution'
import { cartsLeftAnswer } from '../../../src/contract/admin-carts-left'
import {
  dashboardAnswer,
  dashboardOrdersAnswer,
  dashboardQuery,
  dayAfter,
  type SalesReport,
  salesReportAnswer,
  salesReportQuery,
} from '../../../src/contract/admin-reports'
import { waitingForStockAnswer, waitingForStockQuery } from '../../../src/contract/admin-stock-alerts'
import { apiError } from '../../../src/contract/common'
import { can } from '../../../src/contract/permissions'
import { dhakaDay } from '../../../src/lib/dhaka-time'
import { moneyCell } from '../../domain/catalogue-csv'
import type { CsvRow } from '../../domain/csv'
import type { DayRange } from '../../repositories/admin-reports'
import { csvText, sendCsv } from './csv-reply'

const refusals = { 400: apiError, 401: apiError, 403: apiError }

/**
 * The shop's numbers (src/contract/admin-reports.ts). Money is for owners and managers (as in Shopify, staff
 * see no revenue); every staff member sees the orders by status and the low stock.
 */
export default async function reportsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const reports = app.adminReports
  const money = { capability: 'reports.money' } as const

  /** the days a dashboard range names, today being today in Dhaka */
  function rangeOf(query: { range: string; from?: string; to?: string }): DayRange {
    const today = dhakaDay(app.clock.now())
    if (query.range === 'custom' && query.from && query.to) return { from: query.from, to: query.to }
    if (query.range === 'today') return { from: today, to: today }
    return { from: dayAfter(today, query.range === '7d' ? -6 : -29), to: today }
  }

  app.get(
    '/admin/dashboard',
    {
      config: money,
      schema: {
        tags: ['admin'],
        querystring: dashboardQuery,
        response: { 200: dashboardAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await reports.dashboard(rangeOf(request.query)) }
    },
  )

  app.get(
    '/admin/dashboard/orders',
    {
      config: { capability: 'orders.read' },
      schema: {
        tags: ['admin'],
        querystring: dashboardQuery,
        response: { 200: dashboardOrdersAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await reports.ordersAtAGlance(rangeOf(request.query)) }
    },
  )

  /** shoppers waiting for sold-out skus: what to restock first (docs/decisions/0040) */
  app.get(
    '/admin/reports/waiting-for-stock',
    {
      config: { capability: 'reports.demand' },
      schema: {
        tags: ['admin'],
        querystring: waitingForStockQuery,
        response: { 200: waitingForStockAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.stockAlerts.waiting(request.query.productId) }
    },
  )

  /** carts left behind in the last 30 days, their reminders and recovered orders (docs/carts-left-behind.md) */
  app.get(
    '/admin/reports/carts-left',
    {
      config: { capability: 'reports.carts' },
      schema: { tags: ['admin'], response: { 200: cartsLeftAnswer, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // numbers in full only for those who may see customers' records
      const fullNumbers = request.staff !== null && can(request.staff.role, 'customers.manage')
      return { data: await app.cartsLeft.report(fullNumbers) }
    },
  )

  app.get(
    '/admin/reports/sales',
    {
      config: money,
      schema: {
        tags: ['admin'],
        querystring: salesReportQuery,
        response: { 200: salesReportAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { from, to, by } = request.query
      reply.header('cache-control', 'no-store')
      return { data: await reports.sales({ from, to }, by) }
    },
  )

  app.get(
    '/admin/reports/sales.csv',
    {
      config: money,
      schema: {
        tags: ['admin'],
        querystring: salesReportQuery,
        response: { 200: csvText, ...refusals },
      },
    },
    async (request, reply) => {
      const { from, to, by } = request.query
      const report = await reports.sales({ from, to }, by)
      return sendCsv(reply, `sales-by-${by}-${from}-to-${to}.csv`, salesCsv(report))
    },
  )
}

/** conversion as a spreadsheet's percentage (orders ÷ landings × 100, two decimals); empty without landings */
const percentCell = (orders: number, landings: number | undefined) => {
  const share = conversion(orders, landings ?? 0)
  return share === null ? '' : (share * 100).toFixed(2)
}

/** By channel or campaign: the tags in their own columns, the landings and the conversion beside the sales. */
function* channelCsv(report: SalesReport): Generator<CsvRow> {
  const detail = report.by === 'campaign'
  yield [
    'source',
    ...(detail ? ['medium', 'campaign'] : []),
    'landings',
    'orders',
    'items',
    'revenue',
    'conversion_percent',
  ]
  for (const row of report.rows) {
    yield [
      row.channel ?? row.key,
      ...(detail ? [row.medium ?? '', row.campaign ?? ''] : []),
      row.landings ?? 0,
      row.orders,
      row.units,
      moneyCell(row.revenue),
      percentCell(row.orders, row.landings),
    ]
  }
  const { totals } = report
  yield [
    'total',
    ...(detail ? ['', ''] : []),
    totals.landings ?? 0,
    totals.orders,
    totals.units,
    moneyCell(totals.revenue),
    percentCell(totals.orders, totals.landings),
  ]
}

/** The report as a spreadsheet reads it: a header, a line per row, the whole range last. */
function* salesCsv(report: SalesReport): Generator<CsvRow> {
  if (report.by === 'channel' || report.by === 'campaign') {
    yield* channelCsv(report)
    return
  }
  const named = report.by !== 'day'
  yield [
    report.by,
    ...(named ? ['name_bn'] : []),
    'orders',
    'items',
    report.by === 'day' ? 'revenue' : 'item_sales',
  ]
  for (const row of report.rows) {
    yield [row.name, ...(named ? [row.nameBn] : []), row.orders, row.units, moneyCell(row.revenue)]
  }
  const { totals } = report
  yield ['total', ...(named ? [''] : []), totals.orders, totals.units, moneyCell(totals.revenue)]
}
