import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { openMediaStore } from '../media/open'
import { isMediaKey, MEDIA_CACHE_CONTROL, type MediaStore } from '../media/store'
import { matchesETag } from './revalidate'

declare module 'fastify' {
  interface FastifyInstance {
    /** product images, their variants and shoppers' photos (a folder, or an S3 bucket shared by instances) */
    media: MediaStore
  }
}

export type MediaOptions = { store?: MediaStore }

const notFound = (reply: FastifyReply) => reply.code(404).send({ error: { file: ['Not found'] } })

/**
 * The media store, and `GET /media/<key>` answering from it: product images (`/media/<path>`), their small
 * variant (`/media/xs/<path>`) and shoppers' photos (`/media/uploads/<name>`), with a year-long immutable
 * cache and an ETag (304 when it still matches). Names never change: a new image is a new key.
 * With MEDIA_PUBLIC_URL the app points browsers at the CDN or bucket instead; this route still answers.
 */
export default fp(
  async function media(app: FastifyInstance, options: MediaOptions) {
    const store = options.store ?? (await openMediaStore(app.config))
    if (!options.store) app.addHook('onClose', () => store.close())
    app.decorate('media', store)

    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      if (!isMediaKey(key)) return notFound(reply)
      const found = await store.get(key)
      if (!found) return notFound(reply)
      reply
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('etag', found.etag)
        .header('x-content-type-options', 'nosniff')
      if (matchesETag(request.headers['if-none-match'], found.etag)) {
        found.body.destroy()
        return reply.code(304).send()
      }
      return reply.type(found.contentType).header('content-length', found.bytes).send(found.body)
    })
  },
  { name: 'media', dependencies: ['context'] },
)
