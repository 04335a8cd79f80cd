import { and, desc, eq, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { type BkashClient, type BkashPayment, BkashRefused, BkashUnclear } from '../../payments/bkash-client'
import {
  type PayableOrder,
  type PaymentProvider,
  paidAsAsked,
  registerPaymentProvider,
} from '../../payments/providers'
import type { Actor } from '../audit'
import { BKASH, CHECK_AFTER_MS, createBkashRefunds, type RefundResult } from './bkash-refunds'

/** the job that finds out, later, what became of a payment whose completion got no clear answer */
export const BKASH_CHECK = 'bkash-check'
/** how long one request holds the right to complete a payment before another (or the check job) may */
const LEASE_MS = 60_000
/** a payment made this long ago is not offered again: a new one is made (bKash's page does not wait longer) */
const OPEN_FOR_MS = 10 * 60_000
/** payments of one order made in OPEN_FOR_MS beyond which a fresh one is not made while one is open */
const FRESH_PAYMENTS = 5

/** What became of a payment, as the shopper's confirmation page says it. */
export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'cancelled' | 'unknown'
export type BkashReturn = { orderNumber: string | null; outcome: PaymentOutcome }

export type BkashCheckout = {
  /** where the shopper pays the order: the payment still open, or a new one (always, when `fresh`) */
  payUrl(order: PayableOrder, origin: string, fresh?: boolean): Promise<string>
  /**
   * The shopper is back from bKash's page, or so the request says: bKash decides. `success` completes the
   * payment (execute, once however many times it arrives; refused by bKash for a payment the shopper has not
   * confirmed); `failure` and `cancel` close it only when bKash's record says it ended (the order keeps
   * waiting, to be paid again until it expires).
   */
  returned(reference: string, status: 'success' | 'failure' | 'cancel'): Promise<BkashReturn>
  /** completes a payment left `executing` (the check job), answering what became of it */
  check(paymentId: number): Promise<PaymentOutcome>
  /** gives back part or all of what the order's bKash payment took */
  refund(orderId: number, amount: number, reason: string, actor: Actor): Promise<RefundResult>
}

const cents = (amount: number) => Math.round(amount * 100)

/** How bKash's record says a payment ended without the money moving; null while it is open (or taken). */
function endedAs(transactionStatus: string): 'cancelled' | 'failed' | null {
  if (transactionStatus === 'Cancelled') return 'cancelled'
  return transactionStatus === 'Failed' || transactionStatus === 'Expired' ? 'failed' : null
}

type PaymentRow = typeof payments.$inferSelect

export function createBkashCheckout(app: FastifyInstance, client: BkashClient): BkashCheckout {
  const provider: PaymentProvider = {
    method: BKASH,
    label: 'bKash',
    initial: () => ({ status: 'pending_payment', paymentStatus: 'pending' }),
    redirectUrl: (order, { origin, fresh }) => checkout.payUrl(order, origin, fresh),
  }

  async function paymentById(id: number) {
    const [row] = await app.db.select().from(payments).where(eq(payments.id, id))
    return row
  }

  async function orderOf(payment: PaymentRow) {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, payment.orderId))
    return row
  }

  /** what the shopper's page says of a payment another request (or an earlier one) dealt with */
  async function outcomeOf(payment: PaymentRow): Promise<PaymentOutcome> {
    if (payment.state === 'executing' || payment.state === 'created') {
      const order = await orderOf(payment)
      return paidAsAsked(order?.paymentStatus ?? '') ? 'paid' : 'pending'
    }
    if (payment.state === 'completed') {
      const order = await orderOf(payment)
      return paidAsAsked(order?.paymentStatus ?? '') ? 'paid' : 'failed'
    }
    return payment.state === 'cancelled' ? 'cancelled' : 'failed'
  }

  /** closes a payment that will not be completed, keeping bKash's word for the back office */
  async function close(payment: PaymentRow, state: 'failed' | 'cancelled', detail: string) {
    await app.db
      .update(payments)
      .set({ state, detail, leaseUntil: null, updatedAt: app.clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)))
  }

  async function statusOrNull(reference: string): Promise<BkashPayment | null> {
    try {
      return await client.status(reference)
    } catch (error) {
      if (error instanceof BkashRefused || error instanceof BkashUnclear) return null
      throw error
    }
  }

  /**
   * bKash's record does not say yet: the payment is left for the check job (or the shopper's next return) to
   * complete. Its lease is given up, so the next one need not wait: execute again is safe, bKash refuses a
   * second one.
   */
  async function queueCheck(payment: PaymentRow) {
    await app.db
      .update(payments)
      .set({ leaseUntil: app.clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'executing')))
    await app.jobs.enqueue(
      BKASH_CHECK,
      { paymentId: payment.id },
      { runAt: new Date(app.clock.now().getTime() + CHECK_AFTER_MS), maxAttempts: 20 },
    )
  }

  /**
   * Takes the right to complete the payment, under the order's lock: the order's expiry takes the same lock
   * and does not cancel an order whose payment is being completed, so money is never taken for an order
   * that was cancelled meanwhile. When another request holds it, or the order no longer waits, answers
   * what the shopper is told instead.
   */
  async function claim(id: number): Promise<{ payment: PaymentRow } | { outcome: PaymentOutcome }> {
    type Taken = { payment: PaymentRow } | { outcome: PaymentOutcome } | { held: PaymentRow }
    const taken = await app.db.transaction(async (tx): Promise<Taken> => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, id))
      if (!current) return { outcome: 'unknown' as const }
      const [order] = await tx.select().from(orders).where(eq(orders.id, current.orderId)).for('update')
      const now = app.clock.now()
      const [claimed] = await tx
        .update(payments)
        .set({ state: 'executing', leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
        .where(
          and(
            eq(payments.id, id),
            or(
              eq(payments.state, 'created'),
              and(eq(payments.state, 'executing'), lte(payments.leaseUntil, now)),
            ),
          ),
        )
        .returning()
      if (!claimed) return { held: current }
      if (order?.status !== 'pending_payment') {
        // paid by another try, or cancelled: this one is not taken
        await tx
          .update(payments)
          .set({
            state: 'cancelled',
            detail: 'The order no longer waited for this payment',
            leaseUntil: null,
          })
          .where(eq(payments.id, id))
        return {
          outcome: paidAsAsked(order?.paymentStatus ?? '') ? ('paid' as const) : ('cancelled' as const),
        }
      }
      return { payment: claimed }
    })
    // held by another request, or done: read outside the transaction (PGlite has one connection)
    return 'held' in taken ? { outcome: await outcomeOf(taken.held) } : taken
  }

  /** Applies bKash's record of a completed payment to its order, with the payment's row, in one transaction. */
  async function settle(payment: PaymentRow, answer: BkashPayment): Promise<PaymentOutcome> {
    if (answer.transactionStatus !== 'Completed') {
      await close(payment, 'failed', `bKash: ${answer.transactionStatus}`)
      return 'failed'
    }
    const completed = (tx: Tx, detail: string) =>
      tx
        .update(payments)
        .set({
          state: 'completed',
          transactionId: answer.trxID,
          payer: answer.customerMsisdn,
          detail,
          leaseUntil: null,
          updatedAt: app.clock.now(),
        })
        .where(eq(payments.id, payment.id))
    const order = await orderOf(payment)
    if (!order) return 'unknown'
    if (cents(answer.amount) !== cents(payment.amount)) {
      // money taken, but not what was asked: kept for the shop to refund, the order is not paid by it
      await app.db.transaction((tx) =>
        completed(tx, `Amount differs: bKash took TK ${answer.amount.toFixed(2)}`),
      )
      app.log.warn({ order: order.number, payment: payment.reference }, 'bKash took another amount')
      return 'failed'
    }
    try {
      await app.orders.settlePayment({
        orderNumber: order.number,
        payment: provider,
        paid: true,
        amount: answer.amount,
        note: `Payment received (bKash ${answer.trxID ?? payment.reference})`,
        alsoWrite: async (tx) => {
          await completed(tx, 'Completed')
        },
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      // the order stopped waiting while bKash took the money: kept completed, for the shop to refund
      await app.db.transaction((tx) => completed(tx, 'The order no longer waited: refund this payment'))
      app.log.warn({ order: order.number, payment: payment.reference }, 'bKash payment for a closed order')
      return 'failed'
    }
    return 'paid'
  }

  /**
   * A claimed payment bKash still holds open (Initiated): the shopper has not confirmed it yet, whatever a
   * return said. Given back as it was, to be completed when the shopper does.
   */
  async function reopen(payment: PaymentRow) {
    await app.db
      .update(payments)
      .set({ state: 'created', leaseUntil: null, updatedAt: app.clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'executing')))
  }

  /** Completes a claimed payment: execute once, and when bKash's answer is not clear, its own record decides. */
  async function complete(payment: PaymentRow): Promise<PaymentOutcome> {
    let answer: BkashPayment | null = null
    try {
      answer = await client.execute(payment.reference)
    } catch (error) {
      if (!(error instanceof BkashRefused || error instanceof BkashUnclear)) throw error
      // never decided on a refusal or a silence alone: the money may have moved (an earlier execute)
      answer = await statusOrNull(payment.reference)
      if (!answer || (error instanceof BkashUnclear && answer.transactionStatus === 'Initiated')) {
        await queueCheck(payment)
        return 'pending'
      }
      if (answer.transactionStatus === 'Initiated') {
        // refused because the shopper has not confirmed on bKash's page (a return sent before paying):
        // nothing is taken and nothing is closed, the shopper can still pay this payment
        await reopen(payment)
        return 'failed'
      }
      if (answer.transactionStatus !== 'Completed') {
        const detail =
          error instanceof BkashRefused ? `bKash ${error.statusCode}: ${error.statusMessage}` : 'No answer'
        await close(payment, 'failed', detail)
        return 'failed'
      }
    }
    return settle(payment, answer)
  }

  async function completeById(id: number): Promise<PaymentOutcome> {
    const claimed = await claim(id)
    return 'payment' in claimed ? complete(claimed.payment) : claimed.outcome
  }

  const checkout: BkashCheckout = {
    async payUrl(order, origin, fresh = false) {
      const since = new Date(app.clock.now().getTime() - OPEN_FOR_MS)
      const recent = await app.db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.provider, BKASH),
            sql`${payments.createdAt} > ${since}`,
          ),
        )
        .orderBy(desc(payments.createdAt))
      const open = recent.find((payment) => payment.state === 'created')
      // a link followed again and again makes a few payments, then offers the open one
      if (open?.payUrl && (!fresh || recent.length >= FRESH_PAYMENTS)) return open.payUrl
      let created: BkashPayment
      try {
        created = await client.create({
          amount: order.amount,
          invoice: order.number,
          payerReference: order.phone,
          callbackURL: `${origin}/api/v1/payments/bkash/return`,
        })
      } catch (error) {
        if (!(error instanceof BkashRefused || error instanceof BkashUnclear)) throw error
        app.log.warn({ order: order.number, error: error.message }, 'bKash payment could not be made')
        throw new DomainError('unavailable', {
          paymentMethod: ['bKash cannot be reached now. Please try again'],
        })
      }
      if (!created.bkashURL) {
        throw new DomainError('unavailable', {
          paymentMethod: ['bKash cannot be reached now. Please try again'],
        })
      }
      await app.db.insert(payments).values({
        orderId: order.id,
        provider: BKASH,
        reference: created.paymentID,
        amount: order.amount,
        payUrl: created.bkashURL,
        detail: created.transactionStatus,
        createdAt: app.clock.now(),
        updatedAt: app.clock.now(),
      })
      return created.bkashURL
    },

    async returned(reference, status) {
      const [payment] = await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, BKASH), eq(payments.reference, reference)))
      if (!payment) return { orderNumber: null, outcome: 'unknown' }
      const order = await orderOf(payment)
      const orderNumber = order?.number ?? null
      // anyone can send this address: what it says is never believed, bKash is asked. `success`: execute,
      // which bKash refuses for a payment the shopper has not confirmed
      if (status === 'success') return { orderNumber, outcome: await completeById(payment.id) }
      if (payment.state === 'created') {
        const onRecord = await statusOrNull(payment.reference)
        const ended = onRecord ? endedAs(onRecord.transactionStatus) : null
        if (onRecord?.transactionStatus === 'Completed') {
          return { orderNumber, outcome: await completeById(payment.id) }
        }
        // still open on bKash (or bKash silent): nothing closes; the shopper may yet pay it, or pay anew
        if (!ended) return { orderNumber, outcome: status === 'cancel' ? 'cancelled' : 'failed' }
        await close(payment, ended, `bKash: ${onRecord?.transactionStatus}`)
      }
      const now = await paymentById(payment.id)
      return { orderNumber, outcome: now ? await outcomeOf(now) : 'unknown' }
    },

    check: (paymentId) => completeById(paymentId),
    refund: createBkashRefunds(app, client).refund,
  }

  registerPaymentProvider(provider)

  app.jobs.handle(BKASH_CHECK, async (payload) => {
    const id = Number(payload.paymentId)
    if (!Number.isInteger(id) || id <= 0) return
    // still unknown (bKash silent, or another request completing it): the queue asks again later
    if ((await checkout.check(id)) === 'pending') throw new Error('the payment is not settled yet')
  })
  return checkout
}
