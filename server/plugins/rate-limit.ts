import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { queryRows } from '../db/client'

/** A fixed-window counter: how many hits in the current window, and when it ends. */
export type Window = { count: number; retryAfterMs: number }

export type RateLimiter = {
  /** counts one more hit for `key` in a window of `windowMs` */
  hit(key: string, windowMs: number): Promise<Window>
  /** the current window without counting */
  peek(key: string): Promise<Window>
  reset(key: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** shared counters: Redis when REDIS_URL is configured (several API instances), the database otherwise */
    rateLimiter: RateLimiter
    /** the time every limit and expiry is measured against; tests move it */
    clock: { now: () => Date }
  }
}

function redisLimiter(redis: Redis): RateLimiter {
  const name = (key: string) => `haat:rl:${key}`
  return {
    async hit(key, windowMs) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(name(key))
        .pexpire(name(key), windowMs, 'NX')
        .pttl(name(key))
        .exec()) as [[null, number], [null, number], [null, number]]
      return { count: Number(count), retryAfterMs: Math.max(0, Number(ttl)) }
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(name(key)).pttl(name(key)).exec()) as [
        [null, string | null],
        [null, number],
      ]
      return { count: Number(count ?? 0), retryAfterMs: Math.max(0, Number(ttl)) }
    },
    async reset(key) {
      await redis.del(name(key))
    },
  }
}

function databaseLimiter(app: FastifyInstance): RateLimiter {
  type Row = { count: number; reset_at: Date | string }
  const window = (row: Row | undefined): Window => {
    if (!row) return { count: 0, retryAfterMs: 0 }
    const left = new Date(row.reset_at).getTime() - app.clock.now().getTime()
    return left > 0 ? { count: Number(row.count), retryAfterMs: left } : { count: 0, retryAfterMs: 0 }
  }
  return {
    async hit(key, windowMs) {
      const now = app.clock.now()
      const resetAt = new Date(now.getTime() + windowMs)
      // one statement: concurrent hits on the same key never lose a count
      const [row] = await queryRows<Row>(
        app.db,
        sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
            on conflict (key) do update set
              count = case when rate_limits.reset_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
              reset_at = case when rate_limits.reset_at <= ${now.toISOString()} then excluded.reset_at
                              else rate_limits.reset_at end
            returning count, reset_at`,
      )
      return window(row)
    },
    async peek(key) {
      const [row] = await queryRows<Row>(
        app.db,
        sql`select count, reset_at from rate_limits where key = ${key}`,
      )
      return window(row)
    },
    async reset(key) {
      await app.db.execute(sql`delete from rate_limits where key = ${key}`)
    },
  }
}

export default fp(
  async function rateLimit(app: FastifyInstance) {
    if (!app.hasDecorator('clock')) app.decorate('clock', { now: () => new Date() })
    app.decorate('rateLimiter', app.redis ? redisLimiter(app.redis) : databaseLimiter(app))
  },
  { name: 'rate-limit' },
)
