import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminRefsAnswer } from '../../../src/contract/admin-refs'

/** The catalogue's categories, brands and campaigns for the back office's pickers (never a kept copy). */
export default async function refsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/admin/catalogue-refs',
    {
      config: { capability: 'products.read' },
      schema: { tags: ['admin'], response: { 200: adminRefsAnswer } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminRefs.list() }
    },
  )
}
