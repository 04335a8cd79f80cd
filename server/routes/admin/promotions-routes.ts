import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  promotionAnswer,
  promotionBody,
  promotionParams,
  promotionsAnswer,
  promotionUpdateBody,
} from '../../../src/contract/admin-promotions'
import { apiError } from '../../../src/contract/common'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }

/**
 * Promotions the price quote applies by itself (buy X get Y, spend and save, bundles): list, create, edit,
 * pause or delete. Owners and managers. Audit: `promotion.create`, `promotion.update`, `promotion.delete`.
 */
export default async function promotionsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const access = { capability: 'promotions.write' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })
  const tags = ['admin']

  app.get(
    '/admin/promotions',
    { config: access, schema: { tags, response: { 200: promotionsAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.promotions.list() }
    },
  )

  app.post(
    '/admin/promotions',
    {
      config: access,
      schema: { tags, body: promotionBody, response: { 201: promotionAnswer, ...refusals } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await app.promotions.create(request.body, actor(request)) }),
  )

  app.put(
    '/admin/promotions/:id',
    {
      config: access,
      schema: {
        tags,
        params: promotionParams,
        body: promotionUpdateBody,
        response: { 200: promotionAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await app.promotions.update(request.params.id, request.body, actor(request)),
    }),
  )

  app.delete(
    '/admin/promotions/:id',
    { config: access, schema: { tags, params: promotionParams } },
    async (request, reply) => {
      await app.promotions.remove(request.params.id, actor(request))
      return reply.code(204).send()
    },
  )
}
