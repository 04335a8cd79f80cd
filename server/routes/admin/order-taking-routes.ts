import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod/mini'
import {
  numberAnswer,
  numberQuery,
  orderDraftAnswer,
  orderDraftBody,
  orderDraftParams,
  orderDraftsAnswer,
  staffOrderBody,
  staffOrderQuoteAnswer,
  staffOrderQuoteBody,
} from '../../../src/contract/admin-order-create'
import { adminOrderAnswer } from '../../../src/contract/admin-orders'
import { apiError } from '../../../src/contract/common'
import { IDEMPOTENCY_HEADER } from '../../../src/contract/orders'
import { notFound } from '../../plugins/errors'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: 'Send an Idempotency-Key header' })
    .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key must be 8–100 letters, digits, - or _')),
})

/**
 * Orders the staff take by hand (src/contract/admin-order-create.ts): priced while they are taken, placed into
 * the same workflow as the shop's own orders, and kept as drafts to finish later. Every staff role takes them.
 */
export default async function orderTakingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const taking = { capability: 'orders.take' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.post(
    '/admin/orders/quote',
    {
      config: taking,
      schema: {
        tags: ['admin'],
        body: staffOrderQuoteBody,
        response: { 200: staffOrderQuoteAnswer, ...refusals },
      },
    },
    async (request) => ({ data: await app.orderTaking.quote(request.body) }),
  )

  app.get(
    '/admin/orders/customer',
    {
      config: taking,
      schema: { tags: ['admin'], querystring: numberQuery, response: { 200: numberAnswer, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.orderTaking.number(request.query.phone) }
    },
  )

  app.post(
    '/admin/orders',
    {
      config: taking,
      schema: {
        tags: ['admin'],
        headers: idempotencyHeaders,
        body: staffOrderBody,
        response: { 200: adminOrderAnswer, 201: adminOrderAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER]
      const placed = await app.orderTaking.take({ order: request.body, actor: actor(request), key })
      const order = await app.adminOrders.detail(placed.order.id)
      if (!order) throw notFound('order', 'Order not found')
      return reply.code(placed.created ? 201 : 200).send({ data: order })
    },
  )

  app.get(
    '/admin/order-drafts',
    { config: taking, schema: { tags: ['admin'], response: { 200: orderDraftsAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.orderTaking.drafts() }
    },
  )

  app.get(
    '/admin/order-drafts/:id',
    {
      config: taking,
      schema: { tags: ['admin'], params: orderDraftParams, response: { 200: orderDraftAnswer, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.orderTaking.draft(request.params.id) }
    },
  )

  app.post(
    '/admin/order-drafts',
    {
      config: taking,
      schema: { tags: ['admin'], body: orderDraftBody, response: { 201: orderDraftAnswer, ...refusals } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await app.orderTaking.saveDraft(request.body, actor(request)) }),
  )

  app.put(
    '/admin/order-drafts/:id',
    {
      config: taking,
      schema: {
        tags: ['admin'],
        params: orderDraftParams,
        body: orderDraftBody,
        response: { 200: orderDraftAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.orderTaking.saveDraft(request.body, actor(request), request.params.id),
    }),
  )

  app.delete(
    '/admin/order-drafts/:id',
    {
      config: taking,
      schema: { tags: ['admin'], params: orderDraftParams },
    },
    async (request, reply) => {
      await app.orderTaking.removeDraft(request.params.id, actor(request))
      return reply.code(204).send()
    },
  )
}
