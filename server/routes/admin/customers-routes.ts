import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminCustomerAnswer,
  adminCustomersAnswer,
  adminCustomersQuery,
  CUSTOMER_LIST_DEPTH,
  customerBlockBody,
  customerExportQuery,
  customerIdParams,
  customerNoteBody,
  customerPointsAnswer,
  customerPointsBody,
} from '../../../src/contract/admin-customers'
import { apiError } from '../../../src/contract/common'
import { courierRecordsAnswer } from '../../../src/contract/couriers'
import { GUEST_KEEPS_NO_POINTS } from '../../domain/reward-points'
import { badRequest } from '../../plugins/errors'
import { counted, csvText, sendCsv } from './csv-reply'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError }

/** The shop's customers, guests included: find, read, ask the couriers, note, block. Owners and managers. */
export default async function customersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const access = { capability: 'customers.manage' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.get(
    '/admin/customers',
    {
      config: access,
      schema: {
        tags: ['admin'],
        querystring: adminCustomersQuery,
        response: { 200: adminCustomersAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { page, perPage } = request.query
      if ((page - 1) * perPage >= CUSTOMER_LIST_DEPTH) {
        throw badRequest('page', `Search to see more than ${CUSTOMER_LIST_DEPTH} customers`)
      }
      const { rows, total, hasNext } = await app.adminCustomers.list(request.query)
      reply.header('cache-control', 'no-store')
      return { data: rows, meta: { page, perPage, total, hasNext } }
    },
  )

  app.get(
    '/admin/customers/export.csv',
    {
      config: { capability: 'customers.export' },
      schema: {
        tags: ['admin'],
        querystring: customerExportQuery,
        response: { 200: csvText, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = { staffId: request.staff?.id ?? null, ip: request.ip }
      // who took the shop's customers' numbers, which of them and how many
      const rows = counted(app.adminCustomers.exportRows(request.query), (sent, complete) =>
        app.audit.record(actor, {
          action: 'customers.export',
          objectType: 'customer',
          objectId: null,
          after: { filters: request.query, rows: sent, complete },
        }),
      )
      return sendCsv(reply, 'customers.csv', rows)
    },
  )

  app.get(
    '/admin/customers/:id',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        response: { 200: adminCustomerAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCustomers.detail(request.params.id) }
    },
  )

  app.post(
    '/admin/customers/:id/notes',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        body: customerNoteBody,
        response: { 200: adminCustomerAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.adminCustomers.addNote(request.params.id, request.body.text, actor(request)),
    }),
  )

  app.get(
    '/admin/customers/:id/points',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        response: { 200: customerPointsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const userId = await app.rewardPoints.userOfCustomer(request.params.id)
      if (userId === null) return { data: { account: false, points: 0, history: [] } }
      return { data: { account: true, ...(await app.rewardPoints.account(userId)) } }
    },
  )

  app.post(
    '/admin/customers/:id/points',
    {
      config: { capability: 'customers.points' },
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        body: customerPointsBody,
        response: { 200: customerPointsAnswer, ...refusals },
      },
    },
    async (request) => {
      const userId = await app.rewardPoints.userOfCustomer(request.params.id)
      if (userId === null) throw badRequest('points', GUEST_KEEPS_NO_POINTS)
      const { points, reason } = request.body
      return {
        data: { account: true, ...(await app.rewardPoints.adjust(userId, points, reason, actor(request))) },
      }
    },
  )

  app.get(
    '/admin/customers/:id/courier-records',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        response: { 200: courierRecordsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const phone = await app.adminCustomers.phoneOf(request.params.id)
      reply.header('cache-control', 'no-store')
      return { data: await app.shipments.courierRecords(phone) }
    },
  )

  app.post(
    '/admin/customers/:id/block',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        body: customerBlockBody,
        response: { 200: adminCustomerAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.adminCustomers.setBlock(
        request.params.id,
        request.body?.scope ?? 'cod',
        actor(request),
      ),
    }),
  )

  app.post(
    '/admin/customers/:id/unblock',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: customerIdParams,
        response: { 200: adminCustomerAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.adminCustomers.setBlock(request.params.id, null, actor(request)),
    }),
  )
}
