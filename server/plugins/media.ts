import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const mediaDir = (dataDir: string) => resolve(dataDir, 'media')

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

/** The image library (native, some megabytes of memory) loads only when an image is to be made or read. */
export const loadSharp = () => import('sharp').then((module) => module.default)
