import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** The signed-in shopper as routes see it. */
export type AuthUser = { id: number; phone: string | null; sessionId: number }

declare module 'fastify' {
  interface FastifyRequest {
    /** set from the session cookie or `Authorization: Bearer`; null for guests */
    user: AuthUser | null
  }
  interface FastifyInstance {
    /** preHandler: 401 `{ error: { auth: [...] } }` unless a valid session is present */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/** Session resolution. (Sessions arrive with the accounts work; until then everyone is a guest.) */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null)
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) {
      await reply.code(401).send({ error: { auth: ['Please log in to continue'] } })
    }
  })
})
