import { mkdirSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { mediaDir } from '../media/local-files'

/** Product images at /media/<path> (and the small variant at /media/xs/<path>); file names never change. */
export default fp(async function media(app: FastifyInstance) {
  const root = mediaDir(app.config.DATA_DIR)
  mkdirSync(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable')
    },
  })
})
