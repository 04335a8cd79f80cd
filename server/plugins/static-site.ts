import { existsSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** Files that must be revalidated on every load so a new build reaches shoppers. */
const freshFiles = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', 'manifest.json'])
/** Paths owned by the server: never answered with the app shell. */
const serverPrefixes = ['/api/', '/storage/', '/media/']

export function isServerPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url
  return path === '/api' || serverPrefixes.some((prefix) => path.startsWith(prefix))
}

function notFoundJson(reply: FastifyReply) {
  return reply.code(404).send({ error: { route: ['Not found'] } })
}

export type StaticSiteOptions = {
  /** the status a page navigation's shell answers with (404: no page of the app at that address); 200 when none */
  pageStatus?: (request: FastifyRequest) => Promise<number>
}

/**
 * The built PWA (STATIC_DIR) when it exists: hashed assets cached for a year (sent as the build compressed them
 * when there is a copy in an encoding the browser accepts), the shell and the service worker revalidated, and
 * every other page navigation answered with index.html, with the status `pageStatus` gives it.
 */
export default fp(async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const root = resolve(app.config.STATIC_DIR)
  const hasSite = existsSync(resolve(root, 'index.html'))
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      setHeaders(reply, path) {
        const name = basename(path)
        if (freshFiles.has(name)) reply.header('cache-control', 'no-cache')
        else reply.header('cache-control', 'public, max-age=3600')
      },
    })
    // the hashed assets: the build's brotli and gzip copies (scripts/precompress.mjs) to whoever accepts them,
    // made once at the best quality, not again on every visit (a file without copies is compressed on the way
    // out). Only here: looking for copies that no other file has halves the shell's and sw.js's answers a second.
    await app.register(fastifyStatic, {
      root: resolve(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      hasSite &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      !(request.url.split('?', 1)[0] ?? '').startsWith('/assets/')
    if (!wantsPage) return notFoundJson(reply)
    reply.code((await options.pageStatus?.(request)) ?? 200).header('cache-control', 'no-cache')
    return reply.sendFile('index.html', root)
  })
})
