import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DeliveryZone } from '../../../src/contract/addresses'
import type { OrderPrint, OrderPrintData } from '../../../src/contract/admin-orders'
import { type OrderLine, type OrderStatus, orderAddress } from '../../../src/contract/orders'
import { isoTime } from '../../db/results'
import { orderLines, orders, products } from '../../db/schema'
import { placesInBangla } from '../../domain/bd-locations'
import { orderMoney } from '../../domain/order-money'
import { lineInBothLanguages, type OrderRow, totalsOf } from '../orders'
import { shopInfo } from '../settings'

/**
 * What the invoice and label say of the money: what the shopper has paid and kept paid (online, its advance,
 * cash at the door once delivered, less what went back), and the cash the courier collects at the door, by the
 * money rule.
 */
export function paidAndCollect(order: OrderRow) {
  const money = orderMoney(order, order.status as OrderStatus)
  const kept = Math.round((money.paid + money.advance + (money.collected ?? 0) - money.refunded) * 100) / 100
  return { paid: Math.max(0, kept), collect: money.collect }
}

/**
 * The invoices' and labels' data of several orders in two reads (the orders, then all their lines), in
 * the order of `ids`, with the shop's details from its settings.
 */
export async function printOrders(app: FastifyInstance, ids: readonly number[]): Promise<OrderPrintData> {
  const wanted = [...new Set(ids)]
  const [rows, lines, { settings }, bangla] = await Promise.all([
    app.db.select().from(orders).where(inArray(orders.id, wanted)),
    // each line with its product's Bangla name as the catalogue has it now, for an invoice printed in Bangla
    app.db
      .select({ line: orderLines, nameBn: products.nameBn })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, wanted))
      .orderBy(asc(orderLines.id)),
    app.settings.current(),
    app.catalogue.refs('bn'),
  ])
  const linesOf = new Map<number, OrderLine[]>()
  for (const {
    line: { id: _id, orderId, returnedQuantity: _returned, ...line },
    nameBn,
  } of lines) {
    linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), lineInBothLanguages(bangla, line, nameBn)])
  }
  const byId = new Map(rows.map((row) => [row.id, row]))
  const printed: OrderPrint[] = []
  for (const id of wanted) {
    const row = byId.get(id)
    if (!row) continue
    const address = orderAddress.parse(row.address)
    printed.push({
      id: row.id,
      number: row.number,
      status: row.status as OrderStatus,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      customerName: row.customerName,
      phone: row.phone,
      address,
      placesBn: placesInBangla(address.division, address.district, address.area),
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
