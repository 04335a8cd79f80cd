import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { orders, paymentRefunds, payments } from '../../db/schema'
import { conflict, notFound, refused } from '../../domain/errors'
import { type BkashClient, BkashRefused, BkashUnclear } from '../../payments/bkash-client'
import type { Actor } from '../audit'
import { recordRefunded } from '../order-lifecycle/pay'

export const BKASH = 'bkash'
/** the job that finds out what became of a refund bKash did not clearly answer */
export const BKASH_REFUND_CHECK = 'bkash-refund-check'
export const CHECK_AFTER_MS = 30_000

export type RefundResult = {
  state: 'completed' | 'requested'
  refunded: number
  transactionId: string | null
}

type PaymentRow = typeof payments.$inferSelect

const cents = (amount: number) => Math.round(amount * 100)

/** Refunds of bKash payments: the amount reserved first, bKash asked, its answer (or later record) applied once. */
export function createBkashRefunds(app: FastifyInstance, client: BkashClient) {
  async function orderNumberOf(orderId: number) {
    const [row] = await app.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId))
    return row?.number
  }

  async function paymentById(id: number) {
    const [row] = await app.db.select().from(payments).where(eq(payments.id, id))
    return row
  }

  /** Marks the order refunded (in part or whole), with a note in its history, once bKash has given the money back. */
  async function recordRefund(payment: PaymentRow, refundId: number, transactionId: string, actor: Actor) {
    await app.db.transaction(async (tx) => {
      const [done] = await tx
        .update(paymentRefunds)
        .set({ state: 'completed', transactionId })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.state, 'requested')))
        .returning()
      if (!done) return
      const note = `Refunded TK ${done.amount.toFixed(2)} by bKash (${transactionId}): ${done.reason}`
      const order = await recordRefunded(app, tx, payment.orderId, done.amount, note, actor)
      if (!order) return
      await app.audit.record(
        actor,
        {
          action: 'order.refund',
          objectType: 'order',
          objectId: order.id,
          before: null,
          after: { amount: done.amount, transactionId, reason: done.reason },
        },
        tx,
      )
    })
  }

  /** Gives the reserved amount back to what can be refunded: bKash refused, nothing moved. */
  async function unreserve(payment: PaymentRow, refundId: number, amount: number, detail: string) {
    await app.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(paymentRefunds)
        .set({ state: 'failed', transactionId: null })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.state, 'requested')))
        .returning()
      if (!failed) return
      await tx
        .update(payments)
        .set({ refunded: sql`${payments.refunded} - ${amount}`, detail })
        .where(eq(payments.id, payment.id))
    })
  }

  /** What bKash says of refunds of the payment: the one of this amount not yet recorded, if any. */
  async function refundOnRecord(payment: PaymentRow) {
    if (!payment.transactionId) return null
    try {
      return await client.refundStatus({ paymentID: payment.reference, trxID: payment.transactionId })
    } catch (error) {
      if (error instanceof BkashRefused || error instanceof BkashUnclear) return null
      throw error
    }
  }

  /** gives back part or all of what the order's bKash payment took */
  async function refund(
    orderId: number,
    amount: number,
    reason: string,
    actor: Actor,
  ): Promise<RefundResult> {
    const [payment] = await app.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), eq(payments.provider, BKASH), eq(payments.state, 'completed')),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (!payment?.transactionId) throw notFound('payment', 'This order has no bKash payment to refund')
    // the amount is reserved first: two refunds at once never give back more than was paid
    const request = await app.db.transaction(async (tx) => {
      const [reserved] = await tx
        .update(payments)
        .set({ refunded: sql`${payments.refunded} + ${amount}` })
        .where(and(eq(payments.id, payment.id), sql`${payments.refunded} + ${amount} <= ${payments.amount}`))
        .returning()
      if (!reserved) return null
      const [row] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId: payment.id,
          amount,
          reason,
          staffId: actor.staffId,
          createdAt: app.clock.now(),
        })
        .returning()
      return row
    })
    if (!request) throw refused('amount', 'That is more than is left to refund')
    let transactionId: string
    try {
      const done = await client.refund({
        paymentID: payment.reference,
        trxID: payment.transactionId,
        amount,
        sku: (await orderNumberOf(payment.orderId)) ?? String(orderId),
        reason,
      })
      transactionId = done.refundTrxID
    } catch (error) {
      if (error instanceof BkashRefused) {
        await unreserve(
          payment,
          request.id,
          amount,
          `Refund refused: ${error.statusCode} ${error.statusMessage}`,
        )
        throw conflict({ amount: ['bKash refused the refund'] })
      }
      if (!(error instanceof BkashUnclear)) throw error
      // bKash did not answer clearly: its record says whether the money went back
      const onRecord = await refundOnRecord(payment)
      if (!onRecord || cents(onRecord.amount) !== cents(amount)) {
        await app.jobs.enqueue(
          BKASH_REFUND_CHECK,
          { refundId: request.id, staffId: actor.staffId },
          { runAt: new Date(app.clock.now().getTime() + CHECK_AFTER_MS), maxAttempts: 20 },
        )
        return { state: 'requested', refunded: amount, transactionId: null }
      }
      transactionId = onRecord.refundTrxID
    }
    await recordRefund(payment, request.id, transactionId, actor)
    return { state: 'completed', refunded: amount, transactionId }
  }

  app.jobs.handle(BKASH_REFUND_CHECK, async (payload) => {
    const id = Number(payload.refundId)
    const [row] = await app.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id))
    if (row?.state !== 'requested') return
    const payment = await paymentById(row.paymentId)
    if (!payment) return
    const onRecord = await refundOnRecord(payment)
    if (!onRecord) throw new Error('bKash has no record of the refund yet')
    const staffId = typeof payload.staffId === 'number' ? payload.staffId : null
    await recordRefund(payment, row.id, onRecord.refundTrxID, { staffId, ip: null })
  })
  return { refund }
}
