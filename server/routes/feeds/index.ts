import { createGunzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminFeedsAnswer, feedPlatforms, feedTokenBody } from '../../../src/contract/admin-feeds'
import { API_V1, apiError } from '../../../src/contract/common'
import { LANGUAGES } from '../../../src/contract/language'

/** Whether the client takes a gzip-compressed answer (`Accept-Encoding: gzip`, not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    return q === undefined || Number(q) > 0
  })
}

/**
 * The product feeds for Meta Commerce Manager and Google Merchant Center (docs/feeds.md): `GET
 * /feeds/meta.xml` and `/feeds/google.xml`, `?lang=bn` for Bangla, `?token=` when the owner set one (without
 * it, or with another, the feed is not found). Answered from the file this instance keeps, compressed when
 * the client takes gzip. And the back office's page of them under /api/v1/admin/feeds.
 */
export default async function feedsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const query = z.object({
    lang: z.enum(LANGUAGES).optional(),
    token: z.string().max(200).optional(),
  })

  for (const platform of feedPlatforms) {
    app.get(
      `/feeds/${platform}.xml`,
      { compress: false, schema: { hide: true, querystring: query } },
      async (request, reply) => {
        const { lang = 'en', token } = request.query
        if (!(await app.feeds.admits(token))) {
          return reply.code(404).send({ error: { feed: ['Not found'] } })
        }
        const feed = await app.feeds.open(platform, lang)
        if (!feed) {
          return reply
            .code(503)
            .header('retry-after', '60')
            .send({ error: { feed: ['The feed could not be built; try again later'] } })
        }
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .header('last-modified', new Date(feed.builtAt).toUTCString())
          .header('content-language', lang)
        if (acceptsGzip(request.headers['accept-encoding'])) {
          return reply
            .header('content-encoding', 'gzip')
            .header('content-length', feed.bytes)
            .send(feed.stream)
        }
        return reply.send(feed.stream.pipe(createGunzip()))
      },
    )
  }

  const config = { capability: 'feeds.manage' } as const
  const refusals = { 400: apiError, 401: apiError, 403: apiError }
  app.get(
    `${API_V1}/admin/feeds`,
    { config, schema: { tags: ['admin'], response: { 200: adminFeedsAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.feeds.list() }
    },
  )
  app.post(
    `${API_V1}/admin/feeds/rebuild`,
    { config, schema: { tags: ['admin'], response: { 200: adminFeedsAnswer, ...refusals } } },
    async () => ({ data: await app.feeds.rebuildAll() }),
  )
  app.put(
    `${API_V1}/admin/feeds/token`,
    {
      config,
      schema: { tags: ['admin'], body: feedTokenBody, response: { 200: adminFeedsAnswer, ...refusals } },
    },
    async (request) => ({
      data: await app.feeds.setToken(request.body.action, {
        staffId: request.staff?.id ?? null,
        ip: request.ip,
      }),
    }),
  )
}
