import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { queryRows } from '../db/client'
import { HttpError } from './errors'

/** A fixed-window counter: how many hits in the current window, and when it ends. */
export type Window = { count: number; retryAfterMs: number }

/** At most `max` hits of `key` in a window of `windowMs`. */
export type Limit = { key: string; max: number; windowMs: number }

/** A limit kept per client address, widened by PER_ADDRESS_LIMIT_FACTOR (many shoppers behind one carrier address). */
export function perAddress(
  app: FastifyInstance,
  key: string,
  rule: { max: number; windowMs: number },
): Limit {
  return { key, windowMs: rule.windowMs, max: rule.max * app.config.PER_ADDRESS_LIMIT_FACTOR }
}

/** What reserving an attempt under several limits gave: the first limit it went over, if any. */
export type Reservation = { ok: true } | { ok: false; limit: Limit; retryAfterMs: number }

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
  }
}

function redisLimiter(redis: Redis): RateLimiter {
  const name = (key: string) => `haat:rl:${key}`
  return {
    async hit(key, windowMs) {
      // the third reply is PTTL's: PEXPIRE answers 1 or 0, not the time left
      const [[, count], , [, ttl]] = (await redis
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

/**
 * Reserves one attempt under each limit, in order, before the attempt is checked: the count is taken
 * atomically (INCR, or one upsert), so parallel attempts can never all read "under the limit". The first
 * limit already spent refuses the attempt, and the limits after it are not counted: a stranger stopped by a
 * narrow limit (number + address) does not use up a wider one (the number's own ceiling).
 */
export async function reserveAttempt(limiter: RateLimiter, limits: Limit[]): Promise<Reservation> {
  for (const limit of limits) {
    const window = await limiter.hit(limit.key, limit.windowMs)
    if (window.count > limit.max) return { ok: false, limit, retryAfterMs: window.retryAfterMs }
  }
  return { ok: true }
}

/**
 * Reserves one attempt under `limits` (see `reserveAttempt`), or refuses the request with 429 in the error
 * shape: `message` and how long to wait under `field`, and the same wait in Retry-After.
 */
export async function reserveOrRefuse(
  app: FastifyInstance,
  limits: Limit[],
  field: string,
  message: string,
): Promise<void> {
  const reservation = await reserveAttempt(app.rateLimiter, limits)
  if (reservation.ok) return
  const retryAfterSeconds = Math.max(1, Math.ceil(reservation.retryAfterMs / 1000))
  throw new HttpError(
    429,
    { [field]: [`${message} ${waitText(reservation.retryAfterMs)}`] },
    { 'retry-after': String(retryAfterSeconds) },
  )
}

/** "Try again in 14 minutes." — how long a refused shopper waits, in words. */
export function waitText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  const hours = Math.ceil(minutes / 60)
  return `Try again in ${hours} hour${hours === 1 ? '' : 's'}.`
}

export default fp(
  async function rateLimit(app: FastifyInstance) {
    app.decorate('rateLimiter', app.redis ? redisLimiter(app.redis) : databaseLimiter(app))
  },
  { name: 'rate-limit' },
)
