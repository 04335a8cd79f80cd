import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { shopAnswer } from '../../../src/contract/settings'
import { shopInfo } from '../../repositories/settings'

/** What every storefront page shows of the shop (header, footer, checkout's delivery), as its owner saved it. */
export default async function shopRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const mediaRoot = app.config.MEDIA_PUBLIC_URL ?? '/media'

  app.get('/shop', { schema: { tags: ['shop'], response: { 200: shopAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600')
    return { data: shopInfo((await app.settings.current()).settings, mediaRoot) }
  })
}
