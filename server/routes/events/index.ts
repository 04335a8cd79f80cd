import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { BROWSER_EVENT_BYTES, browserEventBody } from '../../../src/contract/events'
import { queueBrowserEvent } from '../../marketing/browser-events'

/**
 * `POST /events`: the pixel's browser events, posted by the tags' code under the event ID it gave the pixel, for
 * the server to send to Meta's Conversions API too (docs/marketing-pixels.md). Anyone the storefront serves may
 * post (the tags' code runs for guests); with the Conversions API off nothing is kept (204), else the event is
 * queued once (202), counted against the client's address first.
 */
export default async function eventRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/events',
    { schema: { tags: ['marketing'], body: browserEventBody }, bodyLimit: BROWSER_EVENT_BYTES },
    async (request, reply) => {
      const tags = await app.settings.marketing()
      if (!tags.metaPixelId || !tags.metaAccessToken) return reply.code(204).send()
      await queueBrowserEvent(app, request, request.body)
      return reply.code(202).send()
    },
  )
}
