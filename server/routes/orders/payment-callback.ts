import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { noControlCharacters } from '../../../src/contract/common'
import { paymentProvider } from '../../payments/providers'
import { badRequest, notFound } from '../../plugins/errors'

const callbackParams = z.object({
  method: z.string().regex(/^[a-z][a-z0-9_-]{1,29}$/, 'No such payment provider'),
})
// the gateway learns whether its message was taken, never the shopper's details
const callbackResponse = z.object({
  data: z.object({
    number: z.string(),
    status: z.string(),
    paymentStatus: z.string(),
  }),
})

/** The route a redirect provider's gateway calls to confirm (or fail) a payment. */
export default async function paymentCallbackRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/payments/:method/callback',
    {
      schema: {
        tags: ['orders'],
        params: callbackParams,
        querystring: z.record(
          z.string().check(noControlCharacters()),
          z.string().check(noControlCharacters()),
        ),
        response: { 200: callbackResponse },
      },
    },
    async (request) => {
      const provider = paymentProvider(request.params.method)
      if (!provider?.confirm) throw notFound('method', 'No such payment provider')
      const confirmation = await provider.confirm({
        body: request.body,
        query: request.query,
        headers: request.headers,
      })
      if (!confirmation) throw badRequest('payment', 'The payment confirmation could not be verified')
      const paid = confirmation.outcome === 'paid'
      const { order } = await app.orders.settlePayment({
        orderNumber: confirmation.orderNumber,
        payment: provider,
        paid,
        amount: confirmation.amount,
        note: `${paid ? 'Payment received' : 'Payment failed'} (${provider.label} ${confirmation.reference})`,
      })
      return { data: { number: order.number, status: order.status, paymentStatus: order.paymentStatus } }
    },
  )
}

const bkashReturnQuery = z.object({
  paymentID: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Unknown payment'),
  status: z.enum(['success', 'failure', 'cancel']),
  // bKash adds these; what decides is its own record, asked by execute or status
  signature: z.optional(z.string().max(500)),
  apiVersion: z.optional(z.string().max(40)),
})

/**
 * Where bKash's page sends the shopper back (a browser navigation, so no api key). The payment is completed
 * here, once whatever the repeats, and the shopper lands on the order's confirmation page, which reads the
 * order's state from the server: closing the app or losing the link in between changes nothing.
 */
export async function bkashReturnRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/payments/bkash/return',
    { schema: { tags: ['orders'], querystring: bkashReturnQuery } },
    async (request, reply) => {
      const checkout = app.payments.bkash
      if (!checkout) throw notFound('method', 'No such payment provider')
      const { orderNumber, outcome } = await checkout.returned(request.query.paymentID, request.query.status)
      const search = new URLSearchParams({ number: orderNumber ?? '', payment: outcome })
      reply.header('cache-control', 'no-store')
      return reply.redirect(`/confirm-order?${search}`, 303)
    },
  )
}
