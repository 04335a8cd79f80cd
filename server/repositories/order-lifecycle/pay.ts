import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SHOP_CANCEL_REASONS } from '../../../src/contract/orders'
import type { Tx } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { conflict, notFound, refused } from '../../domain/errors'
import { moneyIn, paymentStatusOf } from '../../domain/order-money'
import type { OrderPayment } from '../../domain/order-texts'
import { queuePurchaseEvents } from '../../marketing/purchase'
import { paysFor } from '../../payments/providers'
import type { Actor } from '../audit'
import type { OrderRow } from '../orders'
import { checkVersion, lockOrder } from './lock'
import { transition } from './transition'

const SYSTEM: Actor = { staffId: null, ip: null }
const cents = (amount: number) => Math.round(amount * 100)

/** What the gateway said of a payment, once its provider has verified it. */
export type Settlement = {
  orderNumber: string
  /** the provider: its method, and its name in the shopper's text */
  payment: OrderPayment
  paid: boolean
  amount: number
  /** the history note, e.g. "Payment received (bKash TRX123)" */
  note: string
  /** what the provider writes of its payment with the order's change, in the same transaction */
  alsoWrite?: (tx: Tx, order: OrderRow) => Promise<void>
}

/**
 * Applies a verified payment to its order, locked: pending_payment → confirmed (paid, the shopper texted) or
 * cancelled (failed, coupon use and stock returned). The same outcome again answers the order as it is.
 */
export function settlePayment(
  app: FastifyInstance,
  { orderNumber, payment, paid, amount, note, alsoWrite }: Settlement,
): Promise<{ order: OrderRow; changed: boolean }> {
  return app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, orderNumber)).for('update')
    if (!order || !paysFor(order, payment.method)) throw notFound('order', 'Order not found')
    // cash on delivery waits for its delivery charge alone: the rest is collected at the door
    const asked = order.advance > 0 ? order.advance : order.total
    const paidStatus = order.advance > 0 ? 'advance_paid' : 'paid'
    if (order.status !== 'pending_payment' && order.paymentStatus === (paid ? paidStatus : 'failed')) {
      return { order, changed: false }
    }
    if (paid && order.status === 'pending_payment' && cents(amount) !== cents(asked)) {
      throw refused('amount', 'The amount paid does not match the order total')
    }
    const settled = await transition(
      app,
      tx,
      order,
      paid ? { kind: 'paid', note, payment } : { kind: 'payment-failed', note },
      SYSTEM,
    )
    if (alsoWrite) await alsoWrite(tx, settled.order)
    // the ad platforms hear of an order paid online once its payment is in (docs/marketing-pixels.md)
    if (paid) await queuePurchaseEvents(app, tx, settled.order)
    return { order: settled.order, changed: true }
  })
}

/** The staff's word on a transfer: the money is in the wallet, or it is not (the order is cancelled). */
export type TransferDecision = { decision: 'verify' | 'reject'; version: number }

/**
 * Settles an order's transfer as the staff found it: verified (paid) or rejected (the order cancelled, its
 * stock back). On the locked order, at the version the page was read at.
 */
export function decideTransfer(
  app: FastifyInstance,
  orderId: number,
  { decision, version }: TransferDecision,
  actor: Actor,
): Promise<void> {
  return app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          like(payments.provider, 'transfer-%'),
          eq(payments.state, 'created'),
        ),
      )
    if (!payment || order.paymentStatus !== 'to_verify') {
      throw conflict({ payment: ['This order has no transfer to verify'] })
    }
    await checkVersion(tx, order, version)
    const verified = decision === 'verify'
    // what the transfer paid, against the order as it is now (the shop may have changed it since): all of it,
    // or part (the rest collected on delivery, as for a transfer of the delivery charge alone)
    const paidStatus = paymentStatusOf(order.paymentStatus, moneyIn({ ...order, paid: payment.amount }))
    await tx
      .update(payments)
      .set({
        state: verified ? 'completed' : 'failed',
        detail: verified ? 'Verified' : 'Rejected',
        updatedAt: app.clock.now(),
      })
      .where(eq(payments.id, payment.id))
    const label = `${payment.provider.replace('transfer-', '')} ${payment.reference}`
    await app.audit.record(
      actor,
      {
        action: verified ? 'order.transfer-verify' : 'order.transfer-reject',
        objectType: 'order',
        objectId: order.id,
        before: { paymentStatus: order.paymentStatus },
        after: { paymentStatus: verified ? paidStatus : 'failed', transfer: label },
      },
      tx,
    )
    await transition(
      app,
      tx,
      order,
      verified
        ? {
            kind: 'transfer-verified',
            note: `Payment verified (${label})`,
            paid: payment.amount,
            paymentStatus: paidStatus,
          }
        : {
            kind: 'move',
            change: {
              to: 'cancelled',
              version,
              reason: SHOP_CANCEL_REASONS.paymentFailed,
              code: 'unpaid',
            },
            paymentFailed: true,
          },
      actor,
    )
  })
}

/** Money given back to the shopper (a refund the provider has made): the order's refunded total and note. */
export async function recordRefunded(
  app: FastifyInstance,
  tx: Tx,
  orderId: number,
  amount: number,
  note: string,
  actor: Actor,
): Promise<OrderRow | null> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!before) return null
  const refunded = (cents(before.refunded) + cents(amount)) / 100
  const { order } = await transition(
    app,
    tx,
    before,
    {
      kind: 'refunded',
      note,
      refunded,
      paymentStatus: paymentStatusOf(before.paymentStatus, moneyIn({ ...before, refunded })),
    },
    actor,
  )
  return order
}
