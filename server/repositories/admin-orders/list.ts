import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod/mini'
import type { DeliveryZone } from '../../../src/contract/addresses'
import {
  type AdminOrderRow,
  type adminOrdersQuery,
  ORDER_COUNT_CAP,
  ORDER_EXPORT_LIMIT,
} from '../../../src/contract/admin-orders'
import { toLatinDigits } from '../../../src/contract/digits'
import { type OrderStatus, orderStatuses } from '../../../src/contract/orders'
import { dhakaDayEnd, dhakaDayStart, dhakaStamp } from '../../../src/lib/dhaka-time'
import type { Db } from '../../db/client'
import { isoTime } from '../../db/results'
import { orders } from '../../db/schema'
import { moneyCell } from '../../domain/catalogue-csv'
import type { CsvRow } from '../../domain/csv'
import { amountDue, moneyIn } from '../../domain/order-money'
import { orderSearch } from '../../domain/order-workflow'

export type OrderListFilters = z.output<typeof adminOrdersQuery>
export type OrderFilters = Omit<OrderListFilters, 'page' | 'perPage'>

export type OrderListPage = {
  rows: AdminOrderRow[]
  total: number
  hasNext: boolean
  counts: Record<string, number>
  latestId: number
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const contains = (text: string) => `%${likeEscaped(text)}%`

/** The search's condition: a number, a phone or a name matches (each with its trigram index). */
function searchCondition(q: string): SQL | undefined {
  const search = orderSearch(q, toLatinDigits)
  const matches: (SQL | undefined)[] = []
  if (search.number) matches.push(sql`${orders.number} like ${contains(search.number)}`)
  if (search.phoneDigits) matches.push(sql`${orders.phone} like ${contains(search.phoneDigits)}`)
  if (search.nameWords.length) {
    matches.push(
      and(...search.nameWords.map((word) => sql`lower(${orders.customerName}) like ${contains(word)}`)),
    )
  }
  // a search that can match nothing (punctuation only) finds nothing, rather than everything
  return matches.length ? or(...matches) : sql`false`
}

/** The filters as conditions; `withStatus: false` leaves the status out (the tabs' counts). */
export function conditions(filters: OrderFilters, withStatus = true): SQL | undefined {
  const where: (SQL | undefined)[] = []
  if (withStatus && filters.status) where.push(eq(orders.status, filters.status))
  if (filters.paymentMethod) where.push(eq(orders.paymentMethod, filters.paymentMethod))
  if (filters.paymentStatus) where.push(eq(orders.paymentStatus, filters.paymentStatus))
  if (filters.zone) where.push(eq(orders.zone, filters.zone))
  if (filters.from) where.push(sql`${orders.createdAt} >= ${dhakaDayStart(filters.from).toISOString()}`)
  if (filters.to) where.push(sql`${orders.createdAt} < ${dhakaDayEnd(filters.to).toISOString()}`)
  const q = filters.q?.trim()
  if (q) where.push(searchCondition(q))
  return and(...where)
}

/**
 * Newest first, as the created indexes read (`desc nulls last`). With a search the order is written so that
 * no index serves it: the few matches are found through the trigram indexes and sorted, rather than every
 * order walked newest first looking for them.
 */
function newestFirst(byIndex: boolean): SQL[] {
  const created = byIndex ? sql`${orders.createdAt}` : sql`coalesce(${orders.createdAt}, ${orders.createdAt})`
  return [sql`${created} desc nulls last`, sql`${orders.id} desc nulls last`]
}

// written out in full: drizzle leaves table names off the columns of a one-table query, and `id` would then
// be read as the line's own
const itemCount = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`

const rowColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  customerName: orders.customerName,
  phone: orders.phone,
  zone: orders.zone,
  district: sql<string>`coalesce(${orders.address}->>'district', '')`,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  itemCount,
  createdAt: orders.createdAt,
  version: orders.version,
}

/**
 * Orders per status among those `where` matches, each counted up to ORDER_COUNT_CAP (a tab then reads
 * "1,000+"): a few matches are counted exactly in one pass; when there are more, each status is counted
 * off its own index, stopping at the cap, so that a shop with years of delivered orders counts as fast as
 * a new one. A search's matches come from the trigram indexes, which find them all at once whatever the
 * cap: they are counted in that one pass.
 */
async function statusCounts(
  db: Db,
  where: SQL | undefined,
  searching: boolean,
): Promise<Record<string, number>> {
  const matched = db.select({ status: orders.status }).from(orders).where(where)
  const few = await db
    .select({ status: sql<string>`matched.status`, count: sql<number>`count(*)::int` })
    .from((searching ? matched : matched.limit(ORDER_COUNT_CAP + 1)).as('matched'))
    .groupBy(sql`matched.status`)
  if (searching) {
    return Object.fromEntries(few.map((row) => [row.status, Math.min(Number(row.count), ORDER_COUNT_CAP)]))
  }
  const seen = few.reduce((sum, row) => sum + Number(row.count), 0)
  if (seen <= ORDER_COUNT_CAP) return Object.fromEntries(few.map((row) => [row.status, Number(row.count)]))
  const each = await Promise.all(
    orderStatuses.map(async (status) => {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.status, status), where))
          .limit(ORDER_COUNT_CAP)
          .as('capped'),
      )
      return [status, Number(row?.count ?? 0)] as const
    }),
  )
  return Object.fromEntries(each.filter(([, count]) => count > 0))
}

export async function listOrders(db: Db, filters: OrderListFilters): Promise<OrderListPage> {
  const where = conditions(filters)
  const order = newestFirst(!filters.q?.trim())
  const offset = (filters.page - 1) * filters.perPage
  // the page's ids first (off the index, skipping `offset` rows cheaply), then their details
  const page = db
    .select({ pageId: sql<number>`${orders.id}`.as('page_id') })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(filters.perPage + 1)
    .offset(offset)
    .as('page')
  const [rows, counted, latest] = await Promise.all([
    db
      .select({ ...rowColumns, paid: orders.paid, advance: orders.advance, refunded: orders.refunded })
      .from(page)
      .innerJoin(orders, eq(orders.id, page.pageId))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    statusCounts(db, conditions(filters, false), Boolean(filters.q?.trim())),
    db.select({ id: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders),
  ])
  const counts = counted
  const total = Math.min(
    filters.status ? (counts[filters.status] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0),
    ORDER_COUNT_CAP,
  )
  return {
    rows: rows.slice(0, filters.perPage).map(({ paid, advance, refunded, ...row }) => ({
      ...row,
      ...amountDue(moneyIn({ total: row.total, paid, advance, refunded }), row.status as OrderStatus),
      status: row.status as OrderStatus,
      zone: row.zone as DeliveryZone,
      itemCount: Number(row.itemCount),
      createdAt: isoTime(row.createdAt),
    })),
    total,
    hasNext: rows.length > filters.perPage,
    counts,
    latestId: Number(latest[0]?.id ?? 0),
  }
}

export const EXPORT_COLUMNS = [
  'number',
  'placed',
  'status',
  'customer',
  'phone',
  'zone',
  'district',
  'area',
  'address',
  'payment method',
  'payment status',
  'items',
  'total',
  'courier',
  'tracking number',
  'notes',
] as const

type Address = { district?: string; area?: string; street?: string; landmark?: string }

/**
 * The orders the filters match (or those of `ids`), newest first, as CSV rows with the header first: read
 * a page at a time, at most ORDER_EXPORT_LIMIT of them.
 */
export async function* exportRows(
  db: Db,
  filters: OrderFilters,
  ids?: readonly number[],
): AsyncGenerator<CsvRow> {
  yield EXPORT_COLUMNS
  const where = ids ? inArray(orders.id, [...ids]) : conditions(filters)
  const pageSize = 1000
  for (let read = 0; read < ORDER_EXPORT_LIMIT; read += pageSize) {
    const rows = await db
      .select({
        ...rowColumns,
        address: orders.address,
        courier: orders.courier,
        trackingNumber: orders.trackingNumber,
        notes: orders.notes,
      })
      .from(orders)
      .where(where)
      .orderBy(...newestFirst(!ids && !filters.q?.trim()))
      .limit(Math.min(pageSize, ORDER_EXPORT_LIMIT - read))
      .offset(read)
    for (const row of rows) {
      const address = (row.address ?? {}) as Address
      yield [
        row.number,
        dhakaStamp(row.createdAt),
        row.status,
        row.customerName,
        row.phone,
        row.zone,
        address.district,
        address.area,
        [address.street, address.landmark].filter(Boolean).join(', '),
        row.paymentMethod,
        row.paymentStatus,
        Number(row.itemCount),
        moneyCell(row.total),
        row.courier,
        row.trackingNumber,
        row.notes,
      ]
    }
    if (rows.length < pageSize) return
  }
}
