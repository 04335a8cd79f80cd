import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { publicConfigAnswer } from '../../../src/contract/config'

/** `GET config`: the page's run-time settings (which Firebase project, and its emulator in tests). */
export default async function configRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: publicConfigAnswer } } },
    async (_request, reply) => {
      const config = app.config
      reply.header('cache-control', 'no-cache')
      return {
        data: {
          firebase: {
            projectId: config.FIREBASE_PROJECT_ID,
            apiKey: config.FIREBASE_API_KEY ?? null,
            authDomain: config.FIREBASE_AUTH_DOMAIN ?? null,
            authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
          },
        },
      }
    },
  )
}
