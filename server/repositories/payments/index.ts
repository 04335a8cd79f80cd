import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Tx } from '../../db/client'
import { payments } from '../../db/schema'
import { BKASH_SANDBOX_URL, createBkashClient } from '../../payments/bkash-client'
import { paymentProvider, unregisterPaymentProvider } from '../../payments/providers'
import type { Actor } from '../audit'
import { decideTransfer, type TransferDecision } from '../order-lifecycle/pay'
import { type BkashCheckout, createBkashCheckout } from './bkash-checkout'
import { BKASH } from './bkash-refunds'

/**
 * Payments: bKash checkout (./bkash-checkout.ts) and its refunds (./bkash-refunds.ts), and the staff's word on
 * Send Money transfers (order-lifecycle/pay.ts), each applied to its order through the order's lifecycle.
 */
export type PaymentsRepository = {
  /**
   * Settles an order's transfer as the staff found it: verified (paid) or rejected (the order cancelled, its
   * stock back). On the locked order, at the version the page was read at.
   */
  decideTransfer(orderId: number, decision: TransferDecision, actor: Actor): Promise<void>
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
