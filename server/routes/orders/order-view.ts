import { asc, eq, type SQL } from 'drizzle-orm'
import type { DeliveryZone } from '../../../src/contract/addresses'
import { type Order, type OrderStatus, orderAddress } from '../../../src/contract/orders'
import type { Db } from '../../db/client'
import { orderLines, orderStatusHistory, orders } from '../../db/schema'
import { deliveryEstimate } from '../../domain/delivery'

type Reader = Pick<Db, 'select'>
export type OrderRow = typeof orders.$inferSelect

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

/** An order as the shopper reads it: lines at the prices charged, the address as given, its history. */
export async function orderView(
  db: Reader,
  row: OrderRow,
  paymentRedirectUrl: string | null = null,
): Promise<Order> {
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ])
  const address = orderAddress.parse(row.address)
  return {
    id: row.id,
    number: row.number,
    status: row.status as OrderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    customerName: row.customerName,
    phone: row.phone,
    email: row.email,
    address,
    zone: row.zone as DeliveryZone,
    deliveryEstimate: deliveryEstimate(row.zone as DeliveryZone),
    notes: row.notes,
    totals: {
      subtotal: row.subtotal,
      discount: row.discount,
      couponCode: row.couponCode,
      couponDiscount: row.couponDiscount,
      vat: row.vat,
      deliveryCharge: row.deliveryCharge,
      total: row.total,
    },
    lines: lines.map((line) => ({
      productId: line.productId,
      skuId: line.skuId,
      name: line.name,
      slug: line.slug,
      sku: line.sku,
      size: line.size,
      colour: line.colour,
      image: line.image,
      unitPrice: line.unitPrice,
      unitDiscountedPrice: line.unitDiscountedPrice,
      quantity: line.quantity,
      vat: line.vat,
      lineTotal: line.lineTotal,
    })),
    history: history.map((entry) => ({
      status: entry.status,
      note: entry.note,
      createdAt: iso(entry.createdAt),
    })),
    createdAt: iso(row.createdAt),
    paymentRedirectUrl,
  }
}

export async function findOrder(db: Reader, where: SQL | undefined): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(where).limit(1)
  return row
}
