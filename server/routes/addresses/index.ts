import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Address } from '../../../src/contract/addresses'
import {
  addressCreateBody,
  addressesResponse,
  addressPatchBody,
  addressResponse,
  idParam,
  locationsResponse,
} from '../../../src/contract/addresses'
import { bdLocations, placesInBangla, zoneOf } from '../../domain/bd-locations'
import { zoneInfos } from '../../domain/delivery'
import { badRequest, notFound } from '../../plugins/errors'

function zoneFor(place: { division: string; district: string; area: string }) {
  const zone = zoneOf(place.division, place.district, place.area)
  if (!zone) throw badRequest('area', 'Choose the division, district and area from the lists')
  return zone
}

/** A saved address as an answer gives it: with its places' Bangla names for a Bangla page. */
const named = (address: Address): Address => ({
  ...address,
  placesBn: placesInBangla(address.division, address.district, address.area),
})

/** Bangladesh locations with delivery zones, and the shopper's own saved addresses. */
export default async function addressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const userOf = (request: { user: { id: number } | null }) => request.user?.id ?? 0

  app.get(
    '/locations',
    { schema: { tags: ['addresses'], response: { 200: locationsResponse } } },
    async (_r, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return { data: { divisions: bdLocations, zones: zoneInfos(await app.settings.deliveryCharges()) } }
    },
  )

  app.get(
    '/user/addresses',
    { preHandler: app.requireUser, schema: { tags: ['addresses'], response: { 200: addressesResponse } } },
    async (request) => ({ data: (await app.addressBook.list(userOf(request))).map(named) }),
  )

  app.post(
    '/user/addresses',
    {
      preHandler: app.requireUser,
      schema: { tags: ['addresses'], body: addressCreateBody, response: { 201: addressResponse } },
    },
    async (request, reply) => {
      const row = await app.addressBook.add(userOf(request), request.body, zoneFor(request.body))
      return reply.code(201).send({ data: named(row) })
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
      const row = await app.addressBook.update(userOf(request), request.params.id, request.body, zoneFor)
      if (!row) throw notFound('address', 'Address not found')
      return { data: named(row) }
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
      if (!(await app.addressBook.remove(userId, request.params.id)))
        throw notFound('address', 'Address not found')
      return { data: (await app.addressBook.list(userId)).map(named) }
    },
  )
}
