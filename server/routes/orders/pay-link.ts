import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { orderPayQuery } from '../../../src/contract/orders'
import { DomainError } from '../../domain/errors'
import { paymentLinkOrder, paymentLinkToken } from '../../domain/payment-link'
import type { OrderRow } from '../../repositories/orders'
import { awaitedGateway, paymentRedirect } from '../../repositories/payments/redirect'
import { shopOrigin } from './shop-origin'

/**
 * Where a looked-up order is paid: a link to the shop naming the order (sealed), never the gateway's open
 * payment, so knowing an order's number and phone gives away no payment someone is paying.
 */
export function payLink(app: FastifyInstance, order: OrderRow, origin: string): string | null {
  if (!awaitedGateway(order)) return null
  const token = paymentLinkToken(app.sealingKey, order.id, app.clock.now())
  return `${origin}/api/v1/orders/pay?${new URLSearchParams({ order: token })}`
}

const confirmation = (number: string, payment?: string) =>
  `/confirm-order?${new URLSearchParams({ number, ...(payment ? { payment } : {}) })}`

/**
 * Follows a lookup's link: a payment of the order's own on the gateway's page, or the order's confirmation
 * when it no longer waits (or the gateway cannot be reached).
 */
export default async function payLinkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/orders/pay',
    { schema: { tags: ['orders'], querystring: orderPayQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const id = paymentLinkOrder(app.sealingKey, request.query.order, app.clock.now())
      const order = id ? await app.orders.byId(id) : undefined
      if (!order) return reply.redirect(confirmation('', 'unknown'), 303)
      if (order.status !== 'pending_payment') return reply.redirect(confirmation(order.number), 303)
      let url: string | null = null
      try {
        url = await paymentRedirect(order, shopOrigin(app), true)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
      }
      return reply.redirect(url ?? confirmation(order.number, 'unknown'), 303)
    },
  )
}
