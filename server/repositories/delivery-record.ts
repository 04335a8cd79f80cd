import { eq, sql } from 'drizzle-orm'
import type { CustomerImportSource } from '../../src/contract/admin-customer-import'
import {
  CANCELS_AGAINST_NUMBER,
  type DeliveryRecord,
  type PreviousShop,
  riskOf,
} from '../../src/contract/admin-delivery-record'
import type { Db } from '../db/client'
import { importedOrderHistory, orders } from '../db/schema'

const against = sql.join(
  CANCELS_AGAINST_NUMBER.map((code) => sql`${code}`),
  sql`, `,
)

/**
 * The counts of a delivery record over the orders a query selects (the order's page, the customer's): a
 * cancellation the customer asked for, or one the shop or the payment made, is not a refusal.
 */
export const deliveryRecordColumns = {
  orders: sql<number>`count(*)::int`,
  delivered: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
  cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
  returned: sql<number>`(count(*) filter (where ${orders.status} = 'returned'))::int`,
  refusals: sql<number>`(count(*) filter (where ${orders.status} = 'returned' or (${orders.status} = 'cancelled'
    and (${orders.cancelCode} is null or ${orders.cancelCode} in (${against})))))::int`,
}

/** Each platform's exports: its orders export says more than its customers export, and is read first. */
const PLATFORMS: readonly (readonly CustomerImportSource[])[] = [
  ['shopify_orders', 'shopify_customers'],
  ['woocommerce_orders', 'woocommerce_customers'],
]

/**
 * The number's history at the shop's previous platform (docs/customers-csv.md), null when none was imported.
 * The same orders are in a platform's customers export and its orders export: of each platform, the orders
 * export counts when both were imported.
 */
export async function previousShopOf(db: Db, phone: string | null): Promise<PreviousShop | null> {
  if (!phone) return null
  const rows = await db.select().from(importedOrderHistory).where(eq(importedOrderHistory.phone, phone))
  if (rows.length === 0) return null
  const total: PreviousShop = { orders: 0, delivered: 0, cancelled: 0, returned: 0, totalSpent: 0 }
  for (const sources of PLATFORMS) {
    const row = sources.map((source) => rows.find((each) => each.source === source)).find(Boolean)
    if (!row) continue
    total.orders += row.orders
    total.delivered += row.delivered
    total.cancelled += row.cancelled
    total.returned += row.returned
    total.totalSpent = Math.round((total.totalSpent + Number(row.totalSpent)) * 100) / 100
  }
  return total
}

/**
 * A number's delivery record: its orders here (counted by deliveryRecordColumns) and its history at the
 * previous shop, both in its risk.
 */
export function deliveryRecordOf(
  counted: Partial<Record<keyof typeof deliveryRecordColumns, unknown>> | undefined,
  previous: PreviousShop | null,
): DeliveryRecord {
  const count = (key: keyof typeof deliveryRecordColumns) => Number(counted?.[key] ?? 0)
  const record = {
    orders: count('orders'),
    delivered: count('delivered'),
    cancelled: count('cancelled'),
    returned: count('returned'),
    refusals: count('refusals'),
  }
  return {
    ...record,
    risk: riskOf(record, previous ?? undefined),
    ...(previous ? { previous } : {}),
  }
}
