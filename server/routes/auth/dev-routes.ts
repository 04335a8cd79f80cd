import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { smsOutboxAnswer, smsOutboxQuery } from '../../../src/contract/auth'

/** With DEV_OUTBOX: the messages the console provider "sent" to a number, newest first. */
export default async function devRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/dev/sms-outbox',
    { schema: { hide: true, querystring: smsOutboxQuery, response: { 200: smsOutboxAnswer } } },
    async (request) => {
      return { data: await app.otps.outbox(request.query.phone) }
    },
  )
}
