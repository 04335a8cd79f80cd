import type { FastifyInstance } from 'fastify'
import { NOT_PAID_REASON } from '../../domain/order-workflow'
import { lockedOrder } from './lock'
import { transition } from './transition'

/** the job that cancels an order still waiting for its payment when the payment does not come in time */
export const EXPIRE_UNPAID = 'expire-unpaid-order'

/** The order's payment is being completed: its expiry waits (the job is tried again later). */
class PaymentInProgress extends Error {
  constructor() {
    super('a payment of this order is being completed')
  }
}

/** Cancels an order still waiting for its payment, its stock back; answers whether it did. */
export function expireUnpaid(app: FastifyInstance, id: number): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id)
    if (row?.status !== 'pending_payment' || row.paymentStatus === 'paid') return false
    // a payment being completed now decides first: the job comes back once it has
    if (await app.payments.completing(tx, id)) throw new PaymentInProgress()
    const change = {
      to: 'cancelled' as const,
      version: row.version,
      reason: NOT_PAID_REASON,
      code: 'unpaid' as const,
    }
    await transition(app, tx, row, { kind: 'move', change }, { staffId: null, ip: null })
    return true
  })
}
