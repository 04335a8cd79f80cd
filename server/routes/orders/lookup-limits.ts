import type { FastifyInstance } from 'fastify'
import { tooManyRequests } from '../../plugins/errors'

const MINUTE = 60_000
/** wrong number + phone pairs allowed per mobile number in a window */
export const LOOKUP_FAILURES_PER_PHONE = 10
/** wrong pairs allowed from one address in a window, whatever the numbers tried */
export const LOOKUP_FAILURES_PER_IP = 30
export const LOOKUP_WINDOW_MS = 15 * MINUTE
export const TOO_MANY_LOOKUPS = 'Too many attempts to find an order. Try again later.'

const lookupLimits = (phone: string, ip: string): [string, number][] => [
  [`lookup:phone:${phone}`, LOOKUP_FAILURES_PER_PHONE],
  [`lookup:ip:${ip}`, LOOKUP_FAILURES_PER_IP],
]

/**
 * Guessing order numbers for a phone (or phones for a number) stops once a number or an address
 * has failed too often in the window — even a right pair is refused until it ends. A found order
 * does not clear the count: knowing one order must not buy more guesses.
 */
export async function assertLookupAllowed(app: FastifyInstance, phone: string, ip: string) {
  for (const [key, limit] of lookupLimits(phone, ip)) {
    const window = await app.rateLimiter.peek(key)
    if (window.count >= limit) throw tooManyRequests('number', TOO_MANY_LOOKUPS, window.retryAfterMs / 1000)
  }
}

export async function recordLookupFailure(app: FastifyInstance, phone: string, ip: string) {
  for (const [key] of lookupLimits(phone, ip)) await app.rateLimiter.hit(key, LOOKUP_WINDOW_MS)
}
