import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminOrderAnswer,
  adminOrdersAnswer,
  adminOrdersExportQuery,
  adminOrdersQuery,
  bulkStatusAnswer,
  bulkStatusBody,
  NEW_ORDERS_CAP,
  newOrdersAnswer,
  newOrdersQuery,
  ORDER_LIST_DEPTH,
  orderEditAnswer,
  orderEditBody,
  orderIdParams,
  orderNoteBody,
  orderPrintAnswer,
  orderPrintQuery,
  refundAnswer,
  refundBody,
  statusChangeBody,
  transferDecisionBody,
} from '../../../src/contract/admin-orders'
import { apiError } from '../../../src/contract/common'
import { dhakaDay } from '../../../src/lib/dhaka-time'
import { badRequest, notFound } from '../../plugins/errors'
import { counted, csvText, sendCsv } from './csv-reply'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }
/** A CSV answer, sent as it is written (a stream) */

/**
 * The back office's orders (src/contract/admin-orders.ts): every staff member works on them. Each move is
 * one transaction on the locked order; the stock it gives back is announced to every instance after it.
 */
export default async function ordersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const read = { capability: 'orders.read' } as const
  const moving = { capability: 'orders.move' } as const
  const editing = { capability: 'orders.edit' } as const
  const exporting = { capability: 'orders.export' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.get(
    '/admin/orders',
    {
      config: read,
      schema: {
        tags: ['admin'],
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { page, perPage } = request.query
      if ((page - 1) * perPage >= ORDER_LIST_DEPTH) {
        throw badRequest('page', `Narrow the filters to see more than ${ORDER_LIST_DEPTH} orders`)
      }
      const { rows, total, hasNext, counts, latestId } = await app.adminOrders.list(request.query)
      reply.header('cache-control', 'no-store')
      return { data: rows, meta: { page, perPage, total, hasNext, counts, latestId } }
    },
  )

  app.get(
    '/admin/orders/export.csv',
    {
      config: exporting,
      schema: {
        tags: ['admin'],
        querystring: adminOrdersExportQuery,
        response: { 200: csvText, ...refusals },
      },
    },
    async (request, reply) => {
      const { ids, ...filters } = request.query
      const actor = { staffId: request.staff?.id ?? null, ip: request.ip }
      // who took the customers' names, numbers and addresses, which orders and how many
      const rows = counted(
        app.adminOrders.exportCsv(filters, ids?.split(',').map(Number)),
        (sent, complete) =>
          app.audit.record(actor, {
            action: 'orders.export',
            objectType: 'order',
            objectId: null,
            after: { filters: request.query, rows: sent, complete },
          }),
      )
      const stamp = dhakaDay(app.clock.now())
      return sendCsv(reply, `orders-${stamp}.csv`, rows)
    },
  )

  app.get(
    '/admin/orders/:id',
    {
      config: read,
      schema: { tags: ['admin'], params: orderIdParams, response: { 200: adminOrderAnswer, ...refusals } },
    },
    async (request, reply) => {
      const order = await app.adminOrders.detail(request.params.id)
      if (!order) throw notFound('order', 'Order not found')
      reply.header('cache-control', 'no-store')
      return { data: order }
    },
  )

  app.post(
    '/admin/orders/:id/status',
    {
      config: moving,
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: statusChangeBody,
        response: { 200: adminOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.adminOrders.changeStatus(request.params.id, request.body, actor(request)),
    }),
  )

  app.post(
    '/admin/orders/:id/transfer',
    {
      config: moving,
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: transferDecisionBody,
        response: { 200: adminOrderAnswer, ...refusals },
      },
    },
    async (request) => {
      const { id } = request.params
      await app.payments.decideTransfer(id, request.body, actor(request))
      const order = await app.adminOrders.detail(id)
      if (!order) throw notFound('order', 'Order not found')
      return { data: order }
    },
  )

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { capability: 'orders.refund' },
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: refundBody,
        response: { 200: refundAnswer, 422: apiError, 503: apiError, ...refusals },
      },
    },
    async (request) => {
      const { id } = request.params
      if (!(await app.adminOrders.detail(id))) throw notFound('order', 'Order not found')
      const checkout = app.payments.bkash
      if (!checkout) throw notFound('payment', 'This order has no bKash payment to refund')
      const { amount, reason } = request.body
      const { state } = await checkout.refund(id, amount, reason, actor(request))
      const order = await app.adminOrders.detail(id)
      if (!order) throw notFound('order', 'Order not found')
      return { data: { state, order } }
    },
  )

  app.post(
    '/admin/orders/:id/notes',
    {
      config: moving,
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: orderNoteBody,
        response: { 200: adminOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.adminOrders.addNote(request.params.id, request.body.note, actor(request)),
    }),
  )

  app.post(
    '/admin/orders/bulk-status',
    {
      config: moving,
      schema: { tags: ['admin'], body: bulkStatusBody, response: { 200: bulkStatusAnswer, ...refusals } },
    },
    async (request) => ({
      data: await app.adminOrders.bulkStatus(request.body.ids, request.body.to, actor(request)),
    }),
  )

  /** The badge of orders placed since the list was read, asked every few seconds: one small count. */
  app.get(
    '/admin/orders/new',
    {
      config: read,
      schema: {
        tags: ['admin'],
        querystring: newOrdersQuery,
        response: { 200: newOrdersAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: { count: await app.adminOrders.countSince(request.query.since, NEW_ORDERS_CAP) } }
    },
  )

  app.get(
    '/admin/orders/print',
    {
      config: read,
      schema: {
        tags: ['admin'],
        querystring: orderPrintQuery,
        response: { 200: orderPrintAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await app.adminOrders.print(request.query.ids.split(',').map(Number))
      if (data.orders.length === 0) throw notFound('order', 'Order not found')
      reply.header('cache-control', 'no-store')
      return { data }
    },
  )

  /**
   * Changes the lines, address or delivery charge of an order not yet packed, prices and stock worked out
   * again in one transaction; `dryRun` answers the order as it would be and keeps nothing.
   */
  app.post(
    '/admin/orders/:id/edit',
    {
      config: editing,
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: orderEditBody,
        response: { 200: orderEditAnswer, ...refusals },
      },
    },
    (request) => app.adminOrders.edit(request.params.id, request.body, actor(request)),
  )
}
