import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  COD_PAYOUT_MAX_BYTES,
  cashSettleBody,
  codPayoutAnswer,
  codPayoutBody,
  codWaitingAnswer,
} from '../../../src/contract/admin-cod-cash'
import { adminOrderAnswer, orderIdParams } from '../../../src/contract/admin-orders'
import { apiError } from '../../../src/contract/common'
import { translateMessage } from '../../messages/translate'
import { answerLanguage, notFound } from '../../plugins/errors'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }

/**
 * Cash on delivery, closed (src/contract/cod-cash.ts): the cash the couriers hold, and their payouts recorded.
 * Owners and managers: it is the shop's money.
 */
export default async function codRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const config = { capability: 'cash.settle' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.get(
    '/admin/cod/waiting',
    { config, schema: { tags: ['admin'], response: { 200: codWaitingAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.codCash.waiting() }
    },
  )

  app.post(
    '/admin/orders/:id/cash',
    {
      config,
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: cashSettleBody,
        response: { 200: adminOrderAnswer, ...refusals },
      },
    },
    async (request) => {
      await app.codCash.settle(request.params.id, request.body, actor(request))
      const order = await app.adminOrders.detail(request.params.id)
      if (!order) throw notFound('order', 'Order not found')
      return { data: order }
    },
  )

  app.post(
    '/admin/cod/payouts',
    {
      config,
      // the statement's text, with room for the JSON around it
      bodyLimit: COD_PAYOUT_MAX_BYTES * 2 + 4_096,
      schema: { tags: ['admin'], body: codPayoutBody, response: { 200: codPayoutAnswer, ...refusals } },
    },
    async (request) => {
      const answer = await app.codCash.payout(request.body.csv, request.body.dryRun, actor(request))
      // each line's problem in the page's language, as the API's errors are
      const language = answerLanguage(request.headers, request.url)
      const problems = answer.problems.map((problem) => ({
        ...problem,
        message: translateMessage(problem.message, language),
      }))
      return { data: { ...answer, problems } }
    },
  )
}
