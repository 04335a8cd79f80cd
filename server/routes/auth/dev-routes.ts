import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { smsOutboxAnswer, smsOutboxQuery } from '../../../src/contract/auth'
import { smsOutbox } from '../../db/schema'

/** With DEV_OUTBOX: the messages the console provider "sent" to a number, newest first. */
export default async function devRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/dev/sms-outbox',
    { schema: { hide: true, querystring: smsOutboxQuery, response: { 200: smsOutboxAnswer } } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, request.query.phone))
        .orderBy(desc(smsOutbox.id))
        .limit(20)
      return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }
    },
  )
}
