import type { FastifyInstance } from 'fastify'
import type { JobHandler } from './queue'

/**
 * One pending job per cart left behind (`{ cartLeft: id }`), keyed by the row and its due time: it sends the
 * one reminder, or queues the row's next job itself (a newer activity, the quiet hours), docs/decisions/0041.
 */
export const CART_LEFT = 'cart-left'

export function cartLeftJob(app: FastifyInstance): JobHandler {
  return async (payload) => {
    const id = payload.cartLeft
    if (typeof id !== 'number') throw new Error('A cart-left job needs its row')
    await app.cartsLeft.remind(id)
  }
}
