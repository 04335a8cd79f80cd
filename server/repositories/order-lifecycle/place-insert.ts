import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OrderLine, OrderStatus } from '../../../src/contract/orders'
import type { Tx } from '../../db/client'
import { uniqueViolation } from '../../db/results'
import { orderLines, orders, payments } from '../../db/schema'
import { queueText } from '../../jobs/texts'
import { queuePurchaseEvents } from '../../marketing/purchase'
import { markCartRecovered } from '../carts-left'
import { recordCouponUse, reserveCouponUse } from '../coupon-uses'
import { keepOrderCustomer } from '../customers'
import { assertRoomToHold, type HoldLimits, holdLockKeys, lockInOrder } from '../order-holds'
import type { OrderRow } from '../orders'
import { spendPoints } from '../reward-points'
import { EXPIRE_UNPAID } from './expire'
import { moveStock, taken } from './stock'
import { writeEntry } from './transition'

/** An order about to be placed: its row without what the database gives it, its lines and first note. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'> & {
  status: OrderStatus
  lines: OrderLine[]
  note: string
}

/** What else placing an order writes with it. */
export type InsertOptions = {
  /** the text telling the shopper the order is in (none: it waits for the payment), queued with the order */
  receivedText?: (order: OrderRow) => string | null
  /** at most this many of the number's cash-on-delivery orders on their way at once, this one included */
  openCodLimit?: number
  /** the delivery charge the order's free-delivery coupon took off, for the coupon's usage report */
  waivedDelivery?: number
  /**
   * the money the shopper says was sent to the shop's wallet, kept for the staff to verify, or (`received`) that
   * a staff member taking the order has already seen in the wallet
   */
  transfer?: { wallet: string; transactionId: string; sender: string; received?: boolean }
  /** the staff member who placed the order (its first timeline entry is theirs) */
  staffId?: number | null
  /** what else is written in the order's transaction once it is in (its audit entry, the draft it finishes) */
  alsoWrite?: (tx: Tx, order: OrderRow) => Promise<void>
  /** the shopper's reward points the order spends, taken off their balance in its transaction */
  spendPoints?: { userId: number; points: number; minimum: number }
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

/** Another request with the same key placed its order first (they raced): nothing of this one was written. */
export class RequestKeyTaken extends Error {
  constructor() {
    super('an order with this request key exists')
  }
}

/** the states of an order that is on its way and not paid for yet (cash on delivery) */
const OPEN_STATES = ['pending', 'confirmed', 'packed', 'shipped'] as const

/**
 * Writes the order, its lines and first timeline entry, its coupon use and transfer, its number's customer
 * row, and takes its stock with guarded updates, all in one transaction, with the shopper's text and the
 * unpaid order's expiry queued in it;
 * throws `StockShortage` (nothing written) when a sku has too few left, and `RequestKeyTaken` when a racing
 * request with the same key has already placed its order.
 */
export async function insertOrder(
  app: FastifyInstance,
  { lines, note, ...order }: NewOrder,
  options: InsertOptions = {},
): Promise<OrderRow> {
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
      if (options.spendPoints) {
        await spendPoints(tx, { ...options.spendPoints, orderId: row.id, at: row.createdAt })
      }
      // every number that orders is a customer, guest or not
      await keepOrderCustomer(tx, row)
      // a cart reminded of and ordered is recovered by this order (docs/carts-left-behind.md)
      await markCartRecovered(tx, row)
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
      await writeEntry(tx, row, { kind: 'status', note }, options.staffId ?? null, row.createdAt)
      if (options.transfer) {
        // one order per transaction ID: the unique (provider, reference) refuses it a second time
        await tx.insert(payments).values({
          orderId: row.id,
          provider: `transfer-${options.transfer.wallet}`,
          reference: options.transfer.transactionId,
          // sent for the whole order, or for its delivery charge where that is paid in advance
          amount: row.advance > 0 ? row.advance : row.total,
          payer: options.transfer.sender,
          ...(options.transfer.received
            ? { state: 'completed' as const, detail: 'Received' }
            : { detail: 'To verify' }),
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        })
      }
      await moveStock(tx, taken(lines, 1))
      await options.alsoWrite?.(tx, row)
      // the shopper's text exists exactly when the order does: queued in its transaction
      const text = options.receivedText?.(row)
      if (text) {
        await queueText(app, { phone: row.phone, text, key: `order-text:${row.id}:received`, tx })
      }
      // the ad platforms hear of the purchase once, after the order is in (docs/marketing-pixels.md)
      await queuePurchaseEvents(app, tx, row)
      // an order waiting for payment gives its stock back if it is not paid in time
      if (row.status === 'pending_payment') {
        await app.jobs.enqueue(
          EXPIRE_UNPAID,
          { orderId: row.id },
          {
            tx,
            key: `${EXPIRE_UNPAID}:${row.id}`,
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
}
