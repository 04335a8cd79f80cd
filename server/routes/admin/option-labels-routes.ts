import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  optionLabelAnswer,
  optionLabelBody,
  optionLabelsAnswer,
} from '../../../src/contract/admin-option-labels'
import { apiError } from '../../../src/contract/common'

/**
 * The Bangla of the shop's sizes and colours: owners and managers, as the rest of the catalogue. A write is
 * audited; the database announces it, and every instance names its filters and products afresh.
 */
export default async function optionLabelsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const config = { capability: 'catalogue.write' } as const
  const refusals = { 400: apiError, 401: apiError, 403: apiError }

  app.get(
    '/admin/option-labels',
    { config, schema: { tags: ['admin'], response: { 200: optionLabelsAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.optionLabels.list() }
    },
  )

  app.put(
    '/admin/option-labels',
    {
      config,
      schema: { tags: ['admin'], body: optionLabelBody, response: { 200: optionLabelAnswer, ...refusals } },
    },
    async (request) => ({
      data: await app.optionLabels.save(request.body, {
        staffId: request.staff?.id ?? null,
        ip: request.ip,
      }),
    }),
  )
}
