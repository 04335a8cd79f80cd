import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageAnswer, userAnswer } from '../../../src/contract/auth'
import { unauthorized } from '../../plugins/errors'
import { clearSessionCookie, publicUser } from './session-store'

export default async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/auth/validate-token',
    { schema: { tags: ['auth'], response: { 200: userAnswer } } },
    async (request, reply) => {
      const user = request.user ? await app.accounts.byId(request.user.id) : undefined
      if (!user) {
        // a revoked or expired session's cookies go too, so the next start needs no check
        clearSessionCookie(app, request, reply)
        throw unauthorized()
      }
      reply.header('cache-control', 'no-store')
      return { data: publicUser(user) }
    },
  )

  r.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: messageAnswer } } },
    async (request, reply) => {
      if (request.user) await app.sessions.revoke(request.user.sessionId)
      clearSessionCookie(app, request, reply)
      return { message: 'Logged out' }
    },
  )
}
