import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../db/unavailable'

/** How long readiness waits for each backing service. */
export const READY_CHECK_MS = 1_000

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful stop: readiness answers 503 so the load balancer moves traffic away,
     * while every other request is still served (each answer closing its connection).
     */
    startDraining(): void
  }
}

const probe = { schema: { hide: true }, logLevel: 'warn' } as const

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

function unavailable(reply: FastifyReply, fields: Record<string, string[]>) {
  return reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send({ error: fields })
}

/**
 * Probes for a load balancer or an orchestrator, outside /api (no api key, not in the OpenAPI document):
 * `/healthz` says the process is serving; `/readyz` (and its older name `/api/health`) that the database
 * and Redis, when configured, answer within a second each. While the server drains (SHUTDOWN_DRAIN_MS after
 * SIGTERM) readiness answers 503 and everything else is still served; from the moment it closes, every
 * request still arriving on an open connection answers 503 too, while the requests in flight finish.
 */
export default fp(async function healthRoutes(app: FastifyInstance) {
  let draining = false
  let closing = false
  app.decorate('startDraining', () => {
    draining = true
  })
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (request, reply) => {
    if (!closing || request.routeOptions.url === '/healthz') return
    return unavailable(reply, { service: ['The server is shutting down, try again in a moment'] })
  })
  // a connection kept alive would hold the stop up until the grace period ends: each answer sent while
  // closing ends its connection
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing || draining) reply.header('connection', 'close')
    return payload
  })

  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true }
  })

  async function ready(_request: unknown, reply: FastifyReply) {
    if (draining)
      return unavailable(reply, { service: ['The server is shutting down, try again in a moment'] })
    const checks: [string, Promise<unknown>][] = [['database', app.changeFeed.ping()]]
    if (app.redis) checks.push(['redis', app.redis.ping()])
    const results = await Promise.allSettled(checks.map(([, check]) => withDeadline(check, READY_CHECK_MS)))
    const fields: Record<string, string[]> = {}
    results.forEach((result, i) => {
      const name = checks[i]?.[0] ?? 'service'
      if (result.status === 'fulfilled') return
      app.log.warn({ err: result.reason }, `readiness: ${name} is not answering`)
      fields[name] = [name === 'redis' ? 'Redis is not answering' : 'The database is not answering']
    })
    if (Object.keys(fields).length) return unavailable(reply, fields)
    reply.header('cache-control', 'no-store')
    return { ok: true, db: app.dbKind, ...(app.redis && { redis: true }) }
  }
  app.get('/readyz', probe, ready)
  app.get('/api/health', probe, ready)
})
