import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  addressCreateBody,
  addressesResponse,
  addressPatchBody,
  addressResponse,
  idParam,
  locationsResponse,
} from '../../../src/contract/addresses'
import { addresses } from '../../db/schema'
import { bdLocations, zoneOf } from '../../domain/bd-locations'
import { activeDeliveryCharges, zoneInfos } from '../../domain/delivery'
import { badRequest, notFound } from '../../plugins/errors'

const fields = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  division: addresses.division,
  district: addresses.district,
  area: addresses.area,
  street: addresses.street,
  landmark: addresses.landmark,
  zone: addresses.zone,
  isDefault: addresses.isDefault,
}

function zoneFor(place: { division: string; district: string; area: string }) {
  const zone = zoneOf(place.division, place.district, place.area)
  if (!zone) throw badRequest('area', 'Choose the division, district and area from the lists')
  return zone
}

/** Bangladesh locations with delivery zones, and the shopper's own saved addresses. */
export default async function addressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const userOf = (request: { user: { id: number } | null }) => request.user?.id ?? 0

  app.get(
    '/locations',
    { schema: { tags: ['addresses'], response: { 200: locationsResponse } } },
    async (_r, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return { data: { divisions: bdLocations, zones: zoneInfos(activeDeliveryCharges()) } }
    },
  )

  app.get(
    '/user/addresses',
    { preHandler: app.requireUser, schema: { tags: ['addresses'], response: { 200: addressesResponse } } },
    async (request) => ({
      data: await app.db
        .select(fields)
        .from(addresses)
        .where(eq(addresses.userId, userOf(request)))
        .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    }),
  )

  app.post(
    '/user/addresses',
    {
      preHandler: app.requireUser,
      schema: { tags: ['addresses'], body: addressCreateBody, response: { 201: addressResponse } },
    },
    async (request, reply) => {
      const userId = userOf(request)
      const zone = zoneFor(request.body)
      const row = await app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .limit(1)
        // the first saved address is the default one
        const isDefault = request.body.isDefault || !existing
        if (isDefault)
          await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId))
        const [created] = await tx
          .insert(addresses)
          .values({ ...request.body, userId, zone, isDefault })
          .returning(fields)
        return created
      })
      if (!row) throw notFound('address', 'Address not found')
      return reply.code(201).send({ data: row })
    },
  )

  app.patch(
    '/user/addresses/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['addresses'],
        params: idParam,
        body: addressPatchBody,
        response: { 200: addressResponse },
      },
    },
    async (request) => {
      const userId = userOf(request)
      const own = and(eq(addresses.id, request.params.id), eq(addresses.userId, userId))
      const row = await app.db.transaction(async (tx) => {
        const [current] = await tx.select(fields).from(addresses).where(own).for('update')
        if (!current) return undefined
        const next = { ...current, ...request.body }
        const zone = zoneFor(next)
        if (request.body.isDefault) {
          await tx
            .update(addresses)
            .set({ isDefault: false })
            .where(and(eq(addresses.userId, userId), ne(addresses.id, current.id)))
        }
        const [updated] = await tx
          .update(addresses)
          .set({ ...request.body, zone })
          .where(own)
          .returning(fields)
        return updated
      })
      if (!row) throw notFound('address', 'Address not found')
      return { data: row }
    },
  )

  app.delete(
    '/user/addresses/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['addresses'], params: idParam, response: { 200: addressesResponse } },
    },
    async (request) => {
      const userId = userOf(request)
      const removed = await app.db
        .delete(addresses)
        .where(and(eq(addresses.id, request.params.id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id })
      if (removed.length === 0) throw notFound('address', 'Address not found')
      return {
        data: await app.db
          .select(fields)
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.isDefault), asc(addresses.id)),
      }
    },
  )
}
