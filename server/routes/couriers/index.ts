import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiError } from '../../../src/contract/common'
import { isPathaoHandshake, PATHAO_WEBHOOK_REPLY } from '../../couriers/pathao'
import { unauthorized } from '../../plugins/errors'

const anything = z.unknown()
const received = z.object({ status: z.literal('success'), message: z.string() })

/**
 * The couriers' status webhooks (no api key: each courier proves itself with its own secret, which its client
 * checks). What a genuine one says is applied once, however often it comes; a forged one changes nothing.
 * Any body is read: one that is not JSON is simply not genuine.
 */
export default async function courierRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, text ? JSON.parse(String(text)) : null)
    } catch {
      done(null, null)
    }
  })

  /**
   * Pathao disables a webhook whose answers are not 202 with its integration header, so every call gets that
   * answer, its test call and forged ones included; a failure on our side is logged, and the half-hourly poll
   * asks Pathao for what was missed.
   */
  app.post(
    '/couriers/pathao/webhook',
    { schema: { tags: ['couriers'], body: anything } },
    async (request, reply) => {
      if (!isPathaoHandshake(request.body)) {
        try {
          const outcome = await app.shipments.webhook('pathao', request.headers, request.body)
          if (outcome === null) request.log.warn('a Pathao webhook that is not genuine')
        } catch (error) {
          request.log.error({ error: (error as Error).message }, 'a Pathao webhook could not be applied')
        }
      }
      return reply.code(PATHAO_WEBHOOK_REPLY.status).headers(PATHAO_WEBHOOK_REPLY.headers).send()
    },
  )

  app.post(
    '/couriers/steadfast/webhook',
    { schema: { tags: ['couriers'], body: anything, response: { 200: received, 401: apiError } } },
    async (request) => {
      const outcome = await app.shipments.webhook('steadfast', request.headers, request.body)
      if (outcome === null) throw unauthorized('The webhook could not be verified')
      return { status: 'success' as const, message: 'Webhook received successfully.' }
    },
  )
}
