import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { DeliveryZone } from '../../src/contract/addresses'
import type { Totals } from '../../src/contract/cart'
import { type Order, type OrderStatus, type OrderSummary, orderAddress } from '../../src/contract/orders'
import { isoTime } from '../db/results'
import { orderLines, orderStatusHistory, orders, products } from '../db/schema'
import { placesInBangla } from '../domain/bd-locations'
import { orderMoney } from '../domain/order-money'
import { reasonTexts } from '../domain/order-texts'
import { type CatalogueRefs, optionLabel } from './catalogue/refs'
import { type Settlement, settlePayment } from './order-lifecycle/pay'
import { type Placed, type PlaceInput, placeOrder } from './order-lifecycle/place'

export type OrderRow = typeof orders.$inferSelect

/** Orders with their lines and status history; stock moves with them in the same transaction. */
export type OrdersRepository = {
  /** the order a request key already placed */
  byRequestKey(key: string): Promise<OrderRow | undefined>
  /** an order by its id, whoever's it is (a sealed payment link names it) */
  byId(id: number): Promise<OrderRow | undefined>
  /** one of the shopper's own orders */
  findOwn(id: number, userId: number): Promise<OrderRow | undefined>
  /** the order with this number placed for this mobile number (the guest lookup) */
  findByNumber(number: string, phone: string): Promise<OrderRow | undefined>
  /** the shopper's latest 100 orders, with their item counts */
  listOwn(userId: number): Promise<OrderSummary[]>
  /** an order as the shopper reads it: lines at the prices charged, the address as given, its history */
  view(row: OrderRow, paymentRedirectUrl?: string | null): Promise<Order>
  /** places an order: the first step of its life (order-lifecycle/place.ts) */
  place(input: PlaceInput): Promise<Placed>
  /** applies a verified payment to its order (order-lifecycle/pay.ts) */
  settlePayment(settlement: Settlement): Promise<{ order: OrderRow; changed: boolean }>
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersRepository
  }
}

/** An order line with its product's, size's and colour's Bangla names as the shop has them now. */
export function lineInBothLanguages<Line extends { size: string | null; colour: string | null }>(
  bangla: CatalogueRefs,
  line: Line,
  nameBn: string,
) {
  return {
    ...line,
    nameBn,
    sizeBn: line.size === null ? null : optionLabel(bangla, 'size', line.size),
    colourBn: line.colour === null ? null : optionLabel(bangla, 'colour', line.colour),
  }
}

/** The promotions an order was given, as its row keeps them. */
export function orderPromotionsOf(value: unknown): NonNullable<Totals['promotions']> {
  return z
    .array(z.object({ id: z.number(), name: z.string(), nameBn: z.string(), discount: z.number() }))
    .catch([])
    .parse(value)
}

/** A timeline entry's reason from the staff's list: its code and its texts in both languages (none: nothing). */
export function reasonOf(code: string | null) {
  const texts = reasonTexts(code)
  return code && texts ? { reason: code, reasonTexts: texts } : {}
}

/** An order's totals as the contract answers them (`Totals`), from its row. */
export function totalsOf(row: OrderRow): Totals {
  return {
    subtotal: row.subtotal,
    discount: row.discount,
    couponCode: row.couponCode,
    ...(row.promotionDiscount > 0
      ? { promotionDiscount: row.promotionDiscount, promotions: orderPromotionsOf(row.promotions) }
      : {}),
    couponDiscount: row.couponDiscount,
    ...(row.manualDiscount > 0 ? { manualDiscount: row.manualDiscount } : {}),
    ...(row.pointsUsed > 0 ? { pointsUsed: row.pointsUsed, pointsDiscount: row.pointsDiscount } : {}),
    vat: row.vat,
    deliveryCharge: row.deliveryCharge,
    total: row.total,
  }
}

export function createOrdersRepository(app: FastifyInstance): OrdersRepository {
  const findOne = async (where: SQL | undefined) => {
    const [row] = await app.db.select().from(orders).where(where).limit(1)
    return row
  }

  return {
    byRequestKey: (key) => findOne(eq(orders.idempotencyKey, key)),
    byId: (id) => findOne(eq(orders.id, id)),
    findOwn: (id, userId) => findOne(and(eq(orders.id, id), eq(orders.userId, userId))),
    findByNumber: (number, phone) =>
      findOne(and(eq(orders.number, number.toUpperCase()), eq(orders.phone, phone))),

    async listOwn(userId) {
      const rows = await app.db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100)
      const ids = rows.map((r) => r.id)
      const counts =
        ids.length === 0
          ? []
          : await app.db
              .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
              .from(orderLines)
              .where(inArray(orderLines.orderId, ids))
              .groupBy(orderLines.orderId)
      const itemsOf = new Map(counts.map((c) => [c.orderId, Number(c.items)]))
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        status: row.status,
        total: row.total,
        itemCount: itemsOf.get(row.id) ?? 0,
        createdAt: isoTime(row.createdAt),
      }))
    },

    async view(row, paymentRedirectUrl = null) {
      const [lines, history, trackingUrl] = await Promise.all([
        // each line with its product's Bangla name as the catalogue has it now
        app.db
          .select({ line: orderLines, nameBn: products.nameBn })
          .from(orderLines)
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(eq(orderLines.orderId, row.id))
          .orderBy(asc(orderLines.id)),
        app.db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, row.id))
          .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
        app.shipments.trackingUrl(row.id),
      ])
      const zone = row.zone as DeliveryZone
      const { delivery } = (await app.settings.current()).settings
      const bangla = await app.catalogue.refs('bn')
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
        placesBn: placesInBangla(address.division, address.district, address.area),
        zone,
        deliveryEstimate: delivery[zone].estimate.en,
        deliveryEstimates: {
          en: delivery[zone].estimate.en,
          bn: delivery[zone].estimate.bn || delivery[zone].estimate.en,
        },
        notes: row.notes,
        totals: totalsOf(row),
        advance: row.advance,
        money: orderMoney(row, row.status as OrderStatus),
        lines: lines.map(
          ({ line: { id: _id, orderId: _orderId, returnedQuantity: _returned, ...line }, nameBn }) =>
            lineInBothLanguages(bangla, line, nameBn),
        ),
        // the staff's own notes stay in the back office
        history: history
          .filter((entry) => entry.kind !== 'note')
          .map((entry) => ({
            status: entry.status,
            note: entry.note,
            createdAt: isoTime(entry.createdAt),
            kind: entry.kind === 'edit' ? ('edit' as const) : ('status' as const),
            ...(entry.changes ? { changes: entry.changes } : {}),
            ...reasonOf(entry.reasonCode),
          })),
        courier: row.courier,
        trackingNumber: row.trackingNumber,
        cancelReason: row.cancelReason,
        cancelReasonCode: row.cancelReasonCode,
        cancelReasonTexts: reasonTexts(row.cancelReasonCode),
        createdAt: isoTime(row.createdAt),
        paymentRedirectUrl,
        trackingUrl,
      }
    },

    place: (input) => placeOrder(app, input),
    settlePayment: (settlement) => settlePayment(app, settlement),
  }
}

export default fp(
  async function ordersRepository(app: FastifyInstance) {
    app.decorate('orders', createOrdersRepository(app))
  },
  { name: 'orders-repository', dependencies: ['context'] },
)
