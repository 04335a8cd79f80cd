import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DeliveryZone } from '../../src/contract/addresses'
import type { Totals } from '../../src/contract/cart'
import {
  type Order,
  type OrderLine,
  type OrderStatus,
  type OrderSummary,
  orderAddress,
  SHOP_CANCEL_REASONS,
} from '../../src/contract/orders'
import type { Tx } from '../db/client'
import { isoTime, uniqueViolation } from '../db/results'
import { orderLines, orderStatusHistory, orders, payments, products, skus } from '../db/schema'
import { orderMoney } from '../domain/order-money'
import { queueText } from '../jobs/texts'
import { paysFor } from '../payments/providers'
import { conflict, notFound, unprocessable } from '../plugins/errors'
import { recordCouponUse, releaseCouponUseOnce, reserveCouponUse } from './coupon-uses'
import { assertRoomToHold, type HoldLimits, holdLockKeys, lockInOrder } from './order-holds'

export type OrderRow = typeof orders.$inferSelect
/** An order about to be placed: its row without what the database gives it, its lines and first note. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'> & {
  status: OrderStatus
  lines: OrderLine[]
  note: string
}
/** What else placing an order writes with it. */
export type PlaceOptions = {
  /** the text telling the shopper the order is in (none: it waits for the payment), queued with the order */
  receivedText?: (order: OrderRow) => string | null
  /** at most this many of the number's cash-on-delivery orders on their way at once, this one included */
  openCodLimit?: number
  /** the delivery charge the order's free-delivery coupon took off, for the coupon's usage report */
  waivedDelivery?: number
  /** the money the shopper says was sent to the shop's wallet, kept for the staff to verify */
  transfer?: { wallet: string; transactionId: string; sender: string }
  /** the pieces the order's number and client address may hold at once unpaid and unconfirmed, this order's included */
  holdLimits?: HoldLimits
}

/** This transfer's transaction ID was already given for an order: nothing written. */
export class TransferTaken extends Error {
  constructor() {
    super('the transaction id was already used')
  }
}

/** The number already has as many cash-on-delivery orders on their way as the shop allows: nothing written. */
export class OpenCodLimit extends Error {
  constructor(readonly open: number) {
    super(`${open} cash-on-delivery orders on their way`)
  }
}

/** the states of an order that is on its way and not paid for yet (cash on delivery) */
const OPEN_STATES = ['pending', 'confirmed', 'packed', 'shipped'] as const
/** What the gateway said of a payment, once its provider has verified it. */
export type Settlement = {
  orderNumber: string
  method: string
  paid: boolean
  amount: number
  /** the history note, e.g. "Payment received (bKash TRX123)" */
  note: string
  /** the text telling the shopper the payment is in, queued with the payment (once, whatever the callbacks) */
  paidText?: (order: OrderRow) => string
  /** what the provider writes of its payment with the order's change, in the same transaction */
  alsoWrite?: (tx: Tx, order: OrderRow) => Promise<void>
}

/** Another request with the same key placed its order first (they raced): nothing of this one was written. */
export class RequestKeyTaken extends Error {
  constructor() {
    super('an order with this request key exists')
  }
}

/** Not enough of a sku left when the order took its stock: nothing of the order was written. */
export class StockShortage extends Error {
  constructor(
    readonly skuId: number,
    readonly left: number,
  ) {
    super(`only ${left} left of sku ${skuId}`)
  }
}

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
  /** what the shopper's delivered orders add up to */
  delivered(userId: number): Promise<{ total: number; count: number }>
  /** an order as the shopper reads it: lines at the prices charged, the address as given, its history */
  view(row: OrderRow, paymentRedirectUrl?: string | null): Promise<Order>
  /**
   * Writes the order, its lines and first history entry, and takes its stock with guarded updates, all in
   * one transaction; throws `StockShortage` (nothing written) when a sku has too few left, and
   * `RequestKeyTaken` when a racing request with the same key has already placed its order.
   */
  place(order: NewOrder, options?: PlaceOptions): Promise<OrderRow>
  /**
   * Applies a verified payment to its order, locked: pending_payment → confirmed (paid) or cancelled
   * (failed, stock returned). The same outcome again answers the order as it is.
   */
  settlePayment(settlement: Settlement): Promise<{ order: OrderRow; changed: boolean; released: number[] }>
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersRepository
  }
}

/**
 * Moves stock by each line's quantity (taken: -1, returned: +1) on its products' sold counts and
 * in-stock flags, in a fixed order of products so that two orders never wait on each other in a cycle.
 */
async function moveProducts(tx: Tx, lines: { productId: number; quantity: number }[], sign: 1 | -1) {
  for (const productId of [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b)) {
    const sold = lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0)
    await tx
      .update(products)
      .set({
        soldCount:
          sign < 0 ? sql`${products.soldCount} + ${sold}` : sql`greatest(${products.soldCount} - ${sold}, 0)`,
        inStock: sql`exists (select 1 from ${skus} where ${skus.productId} = ${productId} and ${skus.stockQuantity} > 0)`,
      })
      .where(eq(products.id, productId))
  }
}

/** Takes each line's quantity from its sku, in sku order; throws `StockShortage` when one has too few. */
async function takeStock(tx: Tx, lines: OrderLine[]) {
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    const taken = await tx
      .update(skus)
      .set({ stockQuantity: sql`${skus.stockQuantity} - ${line.quantity}` })
      .where(and(eq(skus.id, line.skuId), sql`${skus.stockQuantity} >= ${line.quantity}`))
      .returning({ stock: skus.stockQuantity })
    if (taken.length === 0) {
      const [now] = await tx.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.id, line.skuId))
      throw new StockShortage(line.skuId, now?.stock ?? 0)
    }
  }
  await moveProducts(tx, lines, -1)
}

/** Stock coming back to its skus: a line's sku, its product and how many. */
export type StockBack = { skuId: number; productId: number; quantity: number }

/** Gives stock back, in sku order as it was taken; answers the products whose stock moved. */
export async function giveStockBack(tx: Tx, lines: StockBack[]): Promise<number[]> {
  const sorted = [...lines].sort((a, b) => a.skuId - b.skuId)
  for (const line of sorted) {
    await tx
      .update(skus)
      .set({ stockQuantity: sql`${skus.stockQuantity} + ${line.quantity}` })
      .where(eq(skus.id, line.skuId))
  }
  await moveProducts(tx, sorted, 1)
  return [...new Set(sorted.map((l) => l.productId))]
}

/**
 * Gives a cancelled order's stock back, once whatever the retries or races: only the call that marks the
 * order's stock as returned moves it. Answers the products whose stock moved (none the second time).
 */
export async function releaseStockOnce(tx: Tx, orderId: number, at: Date): Promise<number[]> {
  const marked = await tx
    .update(orders)
    .set({ stockReturnedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id })
  if (marked.length === 0) return []
  const lines = await tx
    .select({ skuId: orderLines.skuId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.skuId))
  return giveStockBack(tx, lines)
}

/** An order's totals as the contract answers them (`Totals`), from its row. */
export function totalsOf(row: OrderRow): Totals {
  return {
    subtotal: row.subtotal,
    discount: row.discount,
    couponCode: row.couponCode,
    couponDiscount: row.couponDiscount,
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

    async delivered(userId) {
      const [row] = await app.db
        .select({
          total: sql<string>`coalesce(sum(${orders.total}), 0)`,
          count: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered')))
      return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) }
    },

    async view(row, paymentRedirectUrl = null) {
      const [lines, history, trackingUrl] = await Promise.all([
        app.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id)),
        app.db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, row.id))
          .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
        app.shipments.trackingUrl(row.id),
      ])
      const zone = row.zone as DeliveryZone
      const { delivery } = (await app.settings.current()).settings
      return {
        id: row.id,
        number: row.number,
        status: row.status as OrderStatus,
        paymentMethod: row.paymentMethod,
        paymentStatus: row.paymentStatus,
        customerName: row.customerName,
        phone: row.phone,
        email: row.email,
        address: orderAddress.parse(row.address),
        zone,
        deliveryEstimate: delivery[zone].estimate.en,
        notes: row.notes,
        totals: totalsOf(row),
        advance: row.advance,
        money: orderMoney(row, row.status as OrderStatus),
        lines: lines.map(({ id: _id, orderId: _orderId, returnedQuantity: _returned, ...line }) => line),
        // the staff's own notes stay in the back office
        history: history
          .filter((entry) => entry.kind !== 'note')
          .map((entry) => ({
            status: entry.status,
            note: entry.note,
            createdAt: isoTime(entry.createdAt),
            kind: entry.kind === 'edit' ? ('edit' as const) : ('status' as const),
            ...(entry.changes ? { changes: entry.changes } : {}),
          })),
        courier: row.courier,
        trackingNumber: row.trackingNumber,
        cancelReason: row.cancelReason,
        createdAt: isoTime(row.createdAt),
        paymentRedirectUrl,
        trackingUrl,
      }
    },

    async place({ lines, note, ...order }, options = {}) {
      try {
        return await app.db.transaction(async (tx) => {
          // one order of a number (and of an address) at a time counts and is written: parallel orders cannot
          // all fit under the limits
          const holds = options.holdLimits
          await lockInOrder(tx, [
            ...(options.openCodLimit ? [`open-cod:${order.phone}`] : []),
            ...(holds
              ? holdLockKeys({ phone: order.phone, clientAddress: order.clientAddress ?? null }, holds)
              : []),
          ])
          if (holds) {
            const pieces = lines.reduce((sum, line) => sum + line.quantity, 0)
            await assertRoomToHold(
              tx,
              { phone: order.phone, clientAddress: order.clientAddress ?? null, pieces },
              holds,
            )
          }
          if (options.openCodLimit) {
            const [open] = await tx
              .select({ count: sql<number>`count(*)::int` })
              .from(orders)
              .where(
                and(
                  eq(orders.phone, order.phone),
                  eq(orders.paymentMethod, 'cod'),
                  inArray(orders.status, [...OPEN_STATES]),
                ),
              )
            const count = Number(open?.count ?? 0)
            if (count >= options.openCodLimit) throw new OpenCodLimit(count)
          }
          // the coupon's use next: a coupon with none left refuses the order before anything is written
          const customer = { userId: order.userId ?? null, phone: order.phone }
          const coupon = order.couponCode
            ? await reserveCouponUse(tx, order.couponCode, customer, app.clock.now())
            : null
          const [row] = await tx.insert(orders).values(order).returning()
          if (!row) throw new Error('order insert returned nothing')
          await tx.insert(orderLines).values(lines.map((line) => ({ orderId: row.id, ...line })))
          if (coupon) {
            await recordCouponUse(tx, {
              ...customer,
              code: coupon.code,
              orderId: row.id,
              discount: row.couponDiscount,
              deliveryDiscount: coupon.freeDelivery ? (options.waivedDelivery ?? 0) : 0,
              at: row.createdAt,
            })
          }
          await tx.insert(orderStatusHistory).values({ orderId: row.id, status: order.status, note })
          if (options.transfer) {
            // one order per transaction ID: the unique (provider, reference) refuses it a second time
            await tx.insert(payments).values({
              orderId: row.id,
              provider: `transfer-${options.transfer.wallet}`,
              reference: options.transfer.transactionId,
              // sent for the whole order, or for its delivery charge where that is paid in advance
              amount: row.advance > 0 ? row.advance : row.total,
              payer: options.transfer.sender,
              detail: 'To verify',
              createdAt: row.createdAt,
              updatedAt: row.createdAt,
            })
          }
          await takeStock(tx, lines)
          // the shopper's text exists exactly when the order does: queued in its transaction
          const text = options.receivedText?.(row)
          if (text) {
            await queueText(app, { phone: row.phone, text, key: `order-text:${row.id}:received`, tx })
          }
          // an order waiting for payment gives its stock back if it is not paid in time
          if (row.status === 'pending_payment') {
            await app.jobs.enqueue(
              'expire-unpaid-order',
              { orderId: row.id },
              {
                tx,
                key: `expire-unpaid-order:${row.id}`,
                runAt: new Date(row.createdAt.getTime() + app.config.UNPAID_ORDER_MINUTES * 60_000),
              },
            )
          }
          return row
        })
      } catch (error) {
        const violated = uniqueViolation(error)
        if (violated?.includes('idempotency')) throw new RequestKeyTaken()
        if (violated?.includes('payments_provider_reference')) throw new TransferTaken()
        throw error
      }
    },

    settlePayment({ orderNumber, method, paid, amount, note, paidText, alsoWrite }) {
      return app.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.number, orderNumber)).for('update')
        if (!order || !paysFor(order, method)) throw notFound('order', 'Order not found')
        // cash on delivery waits for its delivery charge alone: the rest is collected at the door
        const asked = order.advance > 0 ? order.advance : order.total
        const paidStatus = order.advance > 0 ? 'advance_paid' : 'paid'
        if (order.status !== 'pending_payment') {
          if (order.paymentStatus === (paid ? paidStatus : 'failed'))
            return { order, changed: false, released: [] }
          throw conflict({ payment: ['This order is no longer waiting for payment'] })
        }
        if (paid && Math.round(amount * 100) !== Math.round(asked * 100)) {
          throw unprocessable('amount', 'The amount paid does not match the order total')
        }
        const status = paid ? 'confirmed' : 'cancelled'
        const [updated] = await tx
          .update(orders)
          .set({
            status,
            paymentStatus: paid ? paidStatus : 'failed',
            // what came in: the money rule reads it from here on, whatever the order's total becomes
            ...(paid ? { paid: asked } : {}),
            // a page open on the order in the back office is now out of date
            version: sql`${orders.version} + 1`,
            updatedAt: app.clock.now(),
            ...(paid ? {} : { cancelReason: SHOP_CANCEL_REASONS.paymentFailed }),
          })
          .where(eq(orders.id, order.id))
          .returning()
        await tx.insert(orderStatusHistory).values({ orderId: order.id, status, note })
        if (alsoWrite) await alsoWrite(tx, updated ?? order)
        if (paid && updated && paidText) {
          await queueText(app, {
            phone: updated.phone,
            text: paidText(updated),
            key: `order-text:${order.id}:paid`,
            tx,
          })
        }
        // the coupon's use, then the stock: in the order placing takes them
        if (!paid) await releaseCouponUseOnce(tx, order.id)
        const released = paid ? [] : await releaseStockOnce(tx, order.id, app.clock.now())
        return { order: updated ?? order, changed: true, released }
      })
    },
  }
}

export default fp(
  async function ordersRepository(app: FastifyInstance) {
    app.decorate('orders', createOrdersRepository(app))
  },
  { name: 'orders-repository', dependencies: ['context'] },
)
