import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { orderIdParams } from '../../../src/contract/admin-orders'
import { apiError } from '../../../src/contract/common'
import {
  COURIER_LABELS,
  courierPlaceBody,
  courierPlacesAnswer,
  courierRecordsAnswer,
  couriersAnswer,
  type PathaoPlace,
  pathaoCityParams,
  pathaoPlacesAnswer,
  pathaoZoneParams,
  shipAnswer,
  shipBody,
} from '../../../src/contract/couriers'
import { type Courier, CourierRefused, CourierUnclear } from '../../couriers/courier'
import { conflict, HttpError, notFound } from '../../plugins/errors'

type PathaoLists = NonNullable<Courier['places']>

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }

/**
 * Sending parcels with Pathao and Steadfast (src/contract/couriers.ts): every staff member packs and ships,
 * owners and managers keep our places as Pathao names them, reading Pathao's own lists through here.
 */
export default async function couriersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.get(
    '/admin/couriers',
    {
      config: { capability: 'orders.read' },
      schema: { tags: ['admin'], response: { 200: couriersAnswer, ...refusals } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: app.shipments.available() }
    },
  )

  app.post(
    '/admin/orders/ship',
    {
      config: { capability: 'orders.move' },
      schema: { tags: ['admin'], body: shipBody, response: { 200: shipAnswer, ...refusals } },
    },
    async (request) => ({
      data: await app.shipments.ship(request.body.ids, request.body.courier, actor(request)),
    }),
  )

  app.get(
    '/admin/couriers/places',
    {
      config: { capability: 'couriers.places' },
      schema: { tags: ['admin'], response: { 200: courierPlacesAnswer, ...refusals } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.shipments.places.list() }
    },
  )

  app.put(
    '/admin/couriers/places',
    {
      config: { capability: 'couriers.places' },
      schema: {
        tags: ['admin'],
        body: courierPlaceBody,
        response: { 200: courierPlacesAnswer, ...refusals },
      },
    },
    async (request) => ({ data: await app.shipments.places.save(request.body, actor(request)) }),
  )

  // the order's number as the couriers know it across their merchants: asked on demand, as each ask is counted
  app.get(
    '/admin/orders/:id/courier-records',
    {
      config: { capability: 'orders.read' },
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        response: { 200: courierRecordsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const phone = await app.adminOrders.phoneOf(request.params.id)
      if (phone === null) throw notFound('order', 'Order not found')
      reply.header('cache-control', 'no-store')
      return { data: await app.shipments.courierRecords(phone) }
    },
  )

  /** One of Pathao's place lists, asked of Pathao now; 409 when Pathao is not set up, 503 when it fails. */
  async function pathaoList(read: (lists: PathaoLists) => Promise<PathaoPlace[]>) {
    const lists = app.shipments.couriers.pathao?.places
    if (!lists) throw conflict({ courier: [`${COURIER_LABELS.pathao} is not set up for this shop`] })
    try {
      return { data: await read(lists) }
    } catch (error) {
      if (!(error instanceof CourierRefused || error instanceof CourierUnclear)) throw error
      app.log.warn({ error: error.message }, "Pathao's place lists could not be read")
      throw new HttpError(503, { courier: ['Pathao cannot be reached now. Please try again'] })
    }
  }

  const listConfig = {
    config: { capability: 'couriers.places' } as const,
    schema: { tags: ['admin'], response: { 200: pathaoPlacesAnswer, 503: apiError, ...refusals } },
  }
  app.get('/admin/couriers/pathao/cities', listConfig, () => pathaoList((lists) => lists.cities()))
  app.get(
    '/admin/couriers/pathao/zones/:cityId',
    { ...listConfig, schema: { ...listConfig.schema, params: pathaoCityParams } },
    (request) => pathaoList((lists) => lists.zones(request.params.cityId)),
  )
  app.get(
    '/admin/couriers/pathao/areas/:zoneId',
    { ...listConfig, schema: { ...listConfig.schema, params: pathaoZoneParams } },
    (request) => pathaoList((lists) => lists.areas(request.params.zoneId)),
  )
}
