import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { noControlCharacters } from '../../../src/contract/common'
import { orderLines, orderStatusHistory, orders, products, skus } from '../../db/schema'
import { badRequest, conflict, notFound, unprocessable } from '../../plugins/errors'
import { type PaymentConfirmation, type PaymentProvider, paymentProvider } from './payment-providers'
import { sendOrderText } from './place-order'

type Tx = Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]
type OrderRow = typeof orders.$inferSelect

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

/** A failed payment releases the order's stock, in the same sku order as it was taken; answers the products. */
async function returnStock(tx: Tx, orderId: number): Promise<number[]> {
  const lines = await tx
    .select({ skuId: orderLines.skuId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.skuId))
  for (const line of lines) {
    await tx
      .update(skus)
      .set({ stockQuantity: sql`${skus.stockQuantity} + ${line.quantity}` })
      .where(eq(skus.id, line.skuId))
  }
  for (const productId of [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b)) {
    const sold = lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0)
    await tx
      .update(products)
      .set({
        soldCount: sql`greatest(${products.soldCount} - ${sold}, 0)`,
        inStock: sql`exists (select 1 from ${skus} where ${skus.productId} = ${productId} and ${skus.stockQuantity} > 0)`,
      })
      .where(eq(products.id, productId))
  }
  return [...new Set(lines.map((l) => l.productId))]
}

/**
 * Applies a verified confirmation to its order: pending_payment → confirmed (paid) or cancelled
 * (failed, stock returned). The order row is locked, so racing deliveries of one confirmation apply
 * it once; the same outcome again answers the order as it is.
 */
export async function applyPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  confirmation: PaymentConfirmation,
): Promise<{ order: OrderRow; changed: boolean; released: number[] }> {
  const paid = confirmation.outcome === 'paid'
  return app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.number, confirmation.orderNumber), eq(orders.paymentMethod, provider.method)))
      .for('update')
    if (!order) throw notFound('order', 'Order not found')
    if (order.status !== 'pending_payment') {
      if (order.paymentStatus === (paid ? 'paid' : 'failed')) return { order, changed: false, released: [] }
      throw conflict({ payment: ['This order is no longer waiting for payment'] })
    }
    if (paid && Math.round(confirmation.amount * 100) !== Math.round(order.total * 100)) {
      throw unprocessable('amount', 'The amount paid does not match the order total')
    }
    const status = paid ? 'confirmed' : 'cancelled'
    const [updated] = await tx
      .update(orders)
      .set({ status, paymentStatus: paid ? 'paid' : 'failed' })
      .where(eq(orders.id, order.id))
      .returning()
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status,
      note: `${paid ? 'Payment received' : 'Payment failed'} (${provider.label} ${confirmation.reference})`,
    })
    const released = paid ? [] : await returnStock(tx, order.id)
    return { order: updated ?? order, changed: true, released }
  })
}

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
      const { order, changed, released } = await applyPayment(app, provider, confirmation)
      if (released.length > 0) app.catalogue.forgetProducts(released)
      if (changed && order.status === 'confirmed') {
        await sendOrderText(
          app,
          order,
          `Haat: payment received for order ${order.number}. Total TK ${order.total.toFixed(2)}, paid by ${provider.label}.`,
        )
      }
      return { data: { number: order.number, status: order.status, paymentStatus: order.paymentStatus } }
    },
  )
}
