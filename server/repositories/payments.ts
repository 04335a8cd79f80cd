import { and, desc, eq, like, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SHOP_CANCEL_REASONS } from '../../src/contract/orders'
import type { Tx } from '../db/client'
import { orderStatusHistory, orders, paymentRefunds, payments } from '../db/schema'
import { moneyIn, paymentStatusOf } from '../domain/order-money'
import { advanceReceivedText, moneyReceivedText, paymentReceivedText } from '../domain/order-texts'
import { queueText } from '../jobs/texts'
import {
  BKASH_SANDBOX_URL,
  type BkashClient,
  type BkashPayment,
  BkashRefused,
  BkashUnclear,
  createBkashClient,
} from '../payments/bkash-client'
import {
  mobileTransfer,
  type PayableOrder,
  type PaymentProvider,
  paidAsAsked,
  paymentProvider,
  registerPaymentProvider,
  unregisterPaymentProvider,
} from '../payments/providers'
import { conflict, HttpError, notFound, unprocessable } from '../plugins/errors'
import { checkVersion, moveOrder } from './admin-orders/move'
import type { Actor } from './audit'

export const BKASH = 'bkash'
/** the job that finds out, later, what became of a payment whose completion got no clear answer */
export const BKASH_CHECK = 'bkash-check'
/** the job that finds out what became of a refund bKash did not clearly answer */
export const BKASH_REFUND_CHECK = 'bkash-refund-check'
/** how long one request holds the right to complete a payment before another (or the check job) may */
const LEASE_MS = 60_000
/** a payment made this long ago is not offered again: a new one is made (bKash's page does not wait longer) */
const OPEN_FOR_MS = 10 * 60_000
/** payments of one order made in OPEN_FOR_MS beyond which a fresh one is not made while one is open */
const FRESH_PAYMENTS = 5
const CHECK_AFTER_MS = 30_000

/** What became of a payment, as the shopper's confirmation page says it. */
export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'cancelled' | 'unknown'
export type BkashReturn = { orderNumber: string | null; outcome: PaymentOutcome }
export type RefundResult = {
  state: 'completed' | 'requested'
  refunded: number
  transactionId: string | null
}

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

/** The staff's word on a transfer: the money is in the wallet, or it is not (the order is cancelled). */
export type TransferDecision = { decision: 'verify' | 'reject'; version: number }

export type PaymentsRepository = {
  /**
   * Settles an order's transfer as the staff found it: verified (paid) or rejected (the order cancelled, its
   * stock back). On the locked order, at the version the page was read at; answers the products whose stock
   * moved.
   */
  decideTransfer(orderId: number, decision: TransferDecision, actor: Actor): Promise<number[]>
  /** bKash checkout, when its credentials are configured */
  bkash: BkashCheckout | null
  /** whether a payment of the order is being completed now: its order must not expire under it */
  completing(tx: Tx, orderId: number): Promise<boolean>
  /** the order's online payments, newest first, for the back office */
  ofOrder(orderId: number): Promise<(typeof payments.$inferSelect)[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRepository
  }
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
        method: BKASH,
        paid: true,
        amount: answer.amount,
        note: `Payment received (bKash ${answer.trxID ?? payment.reference})`,
        paidText: (settled) =>
          settled.advance > 0 ? advanceReceivedText(settled) : paymentReceivedText(settled, provider),
        alsoWrite: async (tx) => {
          await completed(tx, 'Completed')
        },
      })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
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

  /** Marks the order refunded (in part or whole), with a note in its history, once bKash has given the money back. */
  async function recordRefund(payment: PaymentRow, refundId: number, transactionId: string, actor: Actor) {
    await app.db.transaction(async (tx) => {
      const [done] = await tx
        .update(paymentRefunds)
        .set({ state: 'completed', transactionId })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.state, 'requested')))
        .returning()
      if (!done) return
      const [before] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update')
      if (!before) return
      const refunded = (cents(before.refunded) + cents(done.amount)) / 100
      const [order] = await tx
        .update(orders)
        .set({
          refunded,
          paymentStatus: paymentStatusOf(before.paymentStatus, moneyIn({ ...before, refunded })),
          version: sql`${orders.version} + 1`,
          updatedAt: app.clock.now(),
        })
        .where(eq(orders.id, payment.orderId))
        .returning()
      if (!order) return
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: order.status,
        kind: 'note',
        note: `Refunded TK ${done.amount.toFixed(2)} by bKash (${transactionId}): ${done.reason}`,
        staffId: actor.staffId,
      })
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
        throw new HttpError(503, { paymentMethod: ['bKash cannot be reached now. Please try again'] })
      }
      if (!created.bkashURL) {
        throw new HttpError(503, { paymentMethod: ['bKash cannot be reached now. Please try again'] })
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

    async refund(orderId, amount, reason, actor) {
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
          .where(
            and(eq(payments.id, payment.id), sql`${payments.refunded} + ${amount} <= ${payments.amount}`),
          )
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
      if (!request) throw unprocessable('amount', 'That is more than is left to refund')
      let transactionId: string
      try {
        const done = await client.refund({
          paymentID: payment.reference,
          trxID: payment.transactionId,
          amount,
          sku: (await orderOf(payment))?.number ?? String(orderId),
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
    },
  }

  registerPaymentProvider(provider)

  app.jobs.handle(BKASH_CHECK, async (payload) => {
    const id = Number(payload.paymentId)
    if (!Number.isInteger(id) || id <= 0) return
    // still unknown (bKash silent, or another request completing it): the queue asks again later
    if ((await checkout.check(id)) === 'pending') throw new Error('the payment is not settled yet')
  })
  app.jobs.handle(BKASH_REFUND_CHECK, async (payload) => {
    const id = Number(payload.refundId)
    const [refund] = await app.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id))
    if (refund?.state !== 'requested') return
    const payment = await paymentById(refund.paymentId)
    if (!payment) return
    const onRecord = await refundOnRecord(payment)
    if (!onRecord) throw new Error('bKash has no record of the refund yet')
    const staffId = typeof payload.staffId === 'number' ? payload.staffId : null
    await recordRefund(payment, refund.id, onRecord.refundTrxID, { staffId, ip: null })
  })
  return checkout
}

async function decideTransfer(
  app: FastifyInstance,
  orderId: number,
  { decision, version }: TransferDecision,
  actor: Actor,
): Promise<number[]> {
  return app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw notFound('order', 'Order not found')
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
    const now = app.clock.now()
    const verified = decision === 'verify'
    // what the transfer paid, against the order as it is now (the shop may have changed it since): all of it,
    // or part (the rest collected on delivery, as for a transfer of the delivery charge alone)
    const paidStatus = paymentStatusOf(order.paymentStatus, moneyIn({ ...order, paid: payment.amount }))
    await tx
      .update(payments)
      .set({
        state: verified ? 'completed' : 'failed',
        detail: verified ? 'Verified' : 'Rejected',
        updatedAt: now,
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
    if (!verified) {
      const [failed] = await tx
        .update(orders)
        .set({ paymentStatus: 'failed' })
        .where(eq(orders.id, order.id))
        .returning()
      const moved = await moveOrder(
        app,
        tx,
        failed ?? order,
        { to: 'cancelled', version: order.version, reason: SHOP_CANCEL_REASONS.paymentFailed },
        actor,
      )
      return moved.products
    }
    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: paidStatus,
        paid: payment.amount,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning()
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: order.status,
      kind: 'note',
      note: `Payment verified (${label})`,
      staffId: actor.staffId,
    })
    if (paid) {
      await queueText(app, {
        phone: paid.phone,
        text: moneyReceivedText(paid, mobileTransfer),
        key: `order-text:${order.id}:paid`,
        tx,
      })
    }
    return []
  })
}

export default fp(
  async function paymentsRepository(app: FastifyInstance) {
    const config = app.config
    const before = paymentProvider(BKASH)
    const bkash =
      config.BKASH_APP_KEY && config.BKASH_APP_SECRET && config.BKASH_USERNAME && config.BKASH_PASSWORD
        ? createBkashCheckout(
            app,
            createBkashClient({
              baseUrl: config.BKASH_BASE_URL ?? BKASH_SANDBOX_URL,
              appKey: config.BKASH_APP_KEY,
              appSecret: config.BKASH_APP_SECRET,
              username: config.BKASH_USERNAME,
              password: config.BKASH_PASSWORD,
              timeoutMs: config.BKASH_TIMEOUT_MS,
            }),
          )
        : null
    // the provider is known to the whole process: the app that added it takes it away
    if (bkash && before !== paymentProvider(BKASH)) {
      const added = paymentProvider(BKASH)
      app.addHook('onClose', async () => {
        if (added && paymentProvider(BKASH) === added) unregisterPaymentProvider(added)
      })
    }
    app.decorate('payments', {
      bkash,
      decideTransfer: (orderId, decision, actor) => decideTransfer(app, orderId, decision, actor),
      async completing(tx, orderId) {
        const [row] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.state, 'executing')))
          .limit(1)
        return Boolean(row)
      },
      ofOrder: (orderId) =>
        app.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)),
    } satisfies PaymentsRepository)
  },
  { name: 'payments-repository', dependencies: ['context', 'jobs', 'orders-repository'] },
)
