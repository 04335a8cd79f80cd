import type { FastifyInstance } from 'fastify'
import { type Limit, perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

const MINUTE = 60_000

/**
 * Finding a guest's order by its number and mobile number: every lookup is counted before the order is
 * looked for, so parallel guesses cannot all pass, and a found order buys no more guesses. Like the
 * sign-in limits: narrow for one number from one address, wider for an address whatever the numbers, and a
 * much higher ceiling for a number from anywhere, so a stranger's guesses do not lock its owner out.
 */
export const lookupLimits = {
  pair: { max: 10, windowMs: 15 * MINUTE },
  address: { max: 30, windowMs: 15 * MINUTE },
  number: { max: 100, windowMs: 15 * MINUTE },
} as const

export async function reserveLookup(app: FastifyInstance, phone: string, ip: string) {
  const limits: Limit[] = [
    { key: `lookup:pair:${phone}:${ip}`, ...lookupLimits.pair },
    perAddress(app, `lookup:ip:${ip}`, lookupLimits.address),
    { key: `lookup:phone:${phone}`, ...lookupLimits.number },
  ]
  await reserveOrRefuse(app, limits, 'number', 'Too many attempts to find an order.')
}
