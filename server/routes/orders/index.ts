import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParam } from '../../../src/contract/addresses'
import {
  couponCheckBody,
  couponCheckResponse,
  IDEMPOTENCY_HEADER,
  orderCreateBody,
  orderLookupBody,
  orderResponse,
  ordersResponse,
  rewardPointsResponse,
} from '../../../src/contract/orders'
import { orderLines, orders } from '../../db/schema'
import { rewardPoints } from '../../domain/checkout'
import { badRequest, notFound } from '../../plugins/errors'
import { reserveLookup } from './lookup-limits'
import { forgetOrderKey, reserveCouponCheck, reserveOrder } from './order-limits'
import { findOrder, orderView } from './order-view'
import paymentCallbackRoutes from './payment-callback'
import { placeOrder } from './place-order'
import { checkCoupon } from './pricing'

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: 'Send an Idempotency-Key header' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key must be 8–100 letters, digits, - or _'),
})

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

/** Orders: place (guest or shopper), list and read one's own, look up by number + phone, coupons. */
export default async function ordersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  await app.register(paymentCallbackRoutes)

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        headers: idempotencyHeaders,
        body: orderCreateBody,
        response: { 200: orderResponse, 201: orderResponse },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER]
      if (typeof key !== 'string') throw badRequest('idempotencyKey', 'Send an Idempotency-Key header')
      const userId = request.user?.id ?? null
      const shopper = { key, userId, phone: request.body.customer.phone, ip: request.ip }
      const placed = await placeOrder(app, request.body, key, userId, () => reserveOrder(app, shopper)).catch(
        async (error: unknown) => {
          await forgetOrderKey(app, key).catch(() => {})
          throw error
        },
      )
      return reply.code(placed.status).send({ data: placed.order })
    },
  )

  app.get(
    '/orders',
    { preHandler: app.requireUser, schema: { tags: ['orders'], response: { 200: ordersResponse } } },
    async (request) => {
      const userId = request.user?.id ?? 0
      const rows = await app.db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100)
      const counts =
        rows.length === 0
          ? []
          : await app.db
              .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
              .from(orderLines)
              .where(
                inArray(
                  orderLines.orderId,
                  rows.map((r) => r.id),
                ),
              )
              .groupBy(orderLines.orderId)
      const itemsOf = new Map(counts.map((c) => [c.orderId, Number(c.items)]))
      return {
        data: rows.map((row) => ({
          id: row.id,
          number: row.number,
          status: row.status,
          total: row.total,
          itemCount: itemsOf.get(row.id) ?? 0,
          createdAt: iso(row.createdAt),
        })),
      }
    },
  )

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['orders'], params: idParam, response: { 200: orderResponse } },
    },
    async (request) => {
      const row = await findOrder(
        app.db,
        and(eq(orders.id, request.params.id), eq(orders.userId, request.user?.id ?? 0)),
      )
      if (!row) throw notFound('order', 'Order not found')
      return { data: await orderView(app.db, row) }
    },
  )

  app.post(
    '/orders/lookup',
    { schema: { tags: ['orders'], body: orderLookupBody, response: { 200: orderResponse } } },
    async (request) => {
      const { number, phone } = request.body
      await reserveLookup(app, phone, request.ip)
      const row = await findOrder(
        app.db,
        and(eq(orders.number, number.toUpperCase()), eq(orders.phone, phone)),
      )
      if (!row) throw notFound('number', 'No order with this number and mobile number')
      return { data: await orderView(app.db, row) }
    },
  )

  app.post(
    '/coupons/check',
    { schema: { tags: ['orders'], body: couponCheckBody, response: { 200: couponCheckResponse } } },
    async (request) => {
      await reserveCouponCheck(app, request.ip)
      const { code, result } = await checkCoupon(app.db, request.body.code, request.body.subtotal)
      if (!result.ok) throw badRequest('coupon', result.message)
      return { data: { code, discount: result.discount, description: result.description } }
    },
  )

  app.get(
    '/user/reward-points',
    { preHandler: app.requireUser, schema: { tags: ['orders'], response: { 200: rewardPointsResponse } } },
    async (request) => {
      const [row] = await app.db
        .select({
          total: sql<string>`coalesce(sum(${orders.total}), 0)`,
          count: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(eq(orders.userId, request.user?.id ?? 0), eq(orders.status, 'delivered')))
      const deliveredTotal = Number(row?.total ?? 0)
      return {
        data: {
          points: rewardPoints(deliveredTotal),
          deliveredTotal,
          deliveredOrders: Number(row?.count ?? 0),
        },
      }
    },
  )
}
