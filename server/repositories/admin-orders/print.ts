import { asc, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DeliveryZone } from '../../../src/contract/addresses'
import type { OrderPrint, OrderPrintData } from '../../../src/contract/admin-orders'
import { type OrderLine, type OrderStatus, orderAddress } from '../../../src/contract/orders'
import { isoTime } from '../../db/results'
import { orderLines, orders } from '../../db/schema'
import { orderMoney } from '../../domain/order-money'
import { type OrderRow, totalsOf } from '../orders'
import { shopInfo } from '../settings'

/**
 * What the invoice and label say of the money: what the shopper has paid and kept paid (online, its advance,
 * less what went back), and the cash the courier collects at the door, by the money rule.
 */
export function paidAndCollect(order: OrderRow) {
  const money = orderMoney(order, order.status as OrderStatus)
  const kept = Math.round((money.paid + money.advance - money.refunded) * 100) / 100
  return { paid: Math.max(0, kept), collect: money.collect }
}

/**
 * The invoices' and labels' data of several orders in two reads (the orders, then all their lines), in
 * the order of `ids`, with the shop's details from its settings.
 */
export async function printOrders(app: FastifyInstance, ids: readonly number[]): Promise<OrderPrintData> {
  const wanted = [...new Set(ids)]
  const [rows, lines, { settings }] = await Promise.all([
    app.db.select().from(orders).where(inArray(orders.id, wanted)),
    app.db.select().from(orderLines).where(inArray(orderLines.orderId, wanted)).orderBy(asc(orderLines.id)),
    app.settings.current(),
  ])
  const linesOf = new Map<number, OrderLine[]>()
  for (const { id: _id, orderId, returnedQuantity: _returned, ...line } of lines) {
    linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), line])
  }
  const byId = new Map(rows.map((row) => [row.id, row]))
  const printed: OrderPrint[] = []
  for (const id of wanted) {
    const row = byId.get(id)
    if (!row) continue
    printed.push({
      id: row.id,
      number: row.number,
      status: row.status as OrderStatus,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      customerName: row.customerName,
      phone: row.phone,
      address: orderAddress.parse(row.address),
      zone: row.zone as DeliveryZone,
      notes: row.notes,
      totals: totalsOf(row),
      lines: linesOf.get(id) ?? [],
      courier: row.courier,
      trackingNumber: row.trackingNumber,
      createdAt: isoTime(row.createdAt),
      ...paidAndCollect(row),
    })
  }
  const shop = shopInfo(settings, app.config.MEDIA_PUBLIC_URL ?? '/media')
  return {
    shop: { name: shop.name, logo: shop.logo, phones: shop.phones, address: shop.address, email: shop.email },
    orders: printed,
    missing: wanted.filter((id) => !byId.has(id)),
  }
}
