import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParam } from '../../../src/contract/addresses'
import { requestLanguage } from '../../../src/contract/language'
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
import { browserOf } from '../../marketing/browser'
import { badRequest, notFound } from '../../plugins/errors'
import { landingOf } from '../../plugins/landing'
import { paymentRedirect } from '../../repositories/payments/redirect'
import { reserveLookup } from './lookup-limits'
import { forgetOrderKey, reserveCouponCheck, reserveOrder } from './order-limits'
import payLinkRoutes, { payLink } from './pay-link'
import paymentCallbackRoutes, { bkashReturnRoutes } from './payment-callback'
import { shopOrigin } from './shop-origin'

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: 'Send an Idempotency-Key header' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key must be 8–100 letters, digits, - or _'),
})

/** Orders: place (guest or shopper), list and read one's own, look up by number + phone, coupons. */
export default async function ordersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  await app.register(paymentCallbackRoutes)
  await app.register(bkashReturnRoutes)
  await app.register(payLinkRoutes)

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
      const language = requestLanguage(
        request.headers['accept-language'],
        (request.query as { lang?: unknown }).lang,
      )
      const placed = await app.orders
        .place({
          order: request.body,
          placedBy: { kind: 'shopper', userId, clientAddress: request.ip, browser: browserOf(request) },
          key,
          language,
          landing: landingOf(request),
          beforeNewOrder: () => reserveOrder(app, shopper),
        })
        .catch(async (error: unknown) => {
          await forgetOrderKey(app, key).catch(() => {})
          throw error
        })
      const order = await app.orders.view(placed.order, await paymentRedirect(placed.order, shopOrigin(app)))
      return reply.code(placed.created ? 201 : 200).send({ data: order })
    },
  )

  app.get(
    '/orders',
    { preHandler: app.requireUser, schema: { tags: ['orders'], response: { 200: ordersResponse } } },
    async (request) => {
      return { data: await app.orders.listOwn(request.user?.id ?? 0) }
    },
  )

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['orders'], params: idParam, response: { 200: orderResponse } },
    },
    async (request) => {
      const row = await app.orders.findOwn(request.params.id, request.user?.id ?? 0)
      if (!row) throw notFound('order', 'Order not found')
      return { data: await app.orders.view(row) }
    },
  )

  app.post(
    '/orders/lookup',
    { schema: { tags: ['orders'], body: orderLookupBody, response: { 200: orderResponse } } },
    async (request) => {
      const { number, phone } = request.body
      await reserveLookup(app, phone, request.ip)
      const row = await app.orders.findByNumber(number, phone)
      if (!row) throw notFound('number', 'No order with this number and mobile number')
      // an order still waiting for its payment can be paid from here (again, after a cancelled try), by a
      // payment of its own: the one open may be someone else's tab
      return { data: await app.orders.view(row, payLink(app, row, shopOrigin(app))) }
    },
  )

  app.post(
    '/coupons/check',
    { schema: { tags: ['orders'], body: couponCheckBody, response: { 200: couponCheckResponse } } },
    async (request) => {
      await reserveCouponCheck(app, request.ip)
      const { code, result } = await app.pricing.checkCoupon(request.body.code, request.body.subtotal)
      if (!result.ok) throw badRequest('coupon', result.message)
      return { data: { code, discount: result.discount, description: result.description } }
    },
  )

  app.get(
    '/user/reward-points',
    { preHandler: app.requireUser, schema: { tags: ['orders'], response: { 200: rewardPointsResponse } } },
    async (request) => {
      const { pointValue, minimum, spending } = (await app.settings.current()).settings.rewardPoints
      const account = await app.rewardPoints.account(request.user?.id ?? 0)
      return { data: { ...account, pointValue, minimum, spending } }
    },
  )
}
