import type { FastifyInstance } from 'fastify'
import { type Limit, perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The back office's own counters, apart from the shop's sign-in, in the shop's design (routes/auth/limits.ts):
 * every guess is counted before it is checked (`reserveAttempt`), for the number from one address (narrow:
 * staff accounts open more than a shopper's), for the address, and for the number from anywhere. That last
 * ceiling is far above what one address may try, so strangers' guesses from a handful of addresses cannot keep
 * the member (the owner included) out: the right password and second factor from their own address go
 * through below it. A second factor stands behind every right password in any case.
 */
export const staffLimits = {
  password: {
    pair: { max: 5, windowMs: 15 * MINUTE },
    address: { max: 50, windowMs: 15 * MINUTE },
    number: { max: 500, windowMs: HOUR },
  },
  /** second-factor codes, on top of each challenge's own five tries */
  code: {
    pair: { max: 10, windowMs: 15 * MINUTE },
    number: { max: 30, windowMs: HOUR },
  },
  /** challenge and setup-link tokens tried from one address */
  token: { address: { max: 100, windowMs: 15 * MINUTE } },
  /** codes confirming a new authenticator app, per person */
  enrol: { person: { max: 10, windowMs: 15 * MINUTE } },
  send: {
    gap: { max: 1, windowMs: MINUTE },
    pair: { max: 5, windowMs: HOUR },
    number: { max: 10, windowMs: HOUR },
  },
} as const

type Rule = { max: number; windowMs: number }
const limit = (key: string, rule: Rule): Limit => ({ key, ...rule })
const pairKey = (phone: string, ip: string) => `staff:login:pair:${phone}:${ip}`

/** One password check for a number from an address (sign-in, or the current password when changing it). */
export async function reservePasswordCheck(app: FastifyInstance, phone: string, ip: string) {
  const rules = staffLimits.password
  await reserveOrRefuse(
    app,
    [
      limit(pairKey(phone, ip), rules.pair),
      perAddress(app, `staff:login:ip:${ip}`, rules.address),
      limit(`staff:login:phone:${phone}`, rules.number),
    ],
    'phone',
    'Too many failed attempts.',
  )
}

/** A right password ends the count of that number from that address. */
export async function clearPasswordChecks(app: FastifyInstance, phone: string, ip: string) {
  await app.rateLimiter.reset(pairKey(phone, ip))
}

/** One second-factor code checked for a number from an address. */
export async function reserveCodeCheck(app: FastifyInstance, phone: string, ip: string) {
  const rules = staffLimits.code
  await reserveOrRefuse(
    app,
    [limit(`staff:code:pair:${phone}:${ip}`, rules.pair), limit(`staff:code:phone:${phone}`, rules.number)],
    'code',
    'Too many wrong codes.',
  )
}

/** One challenge or setup-link token looked up from an address. */
export async function reserveTokenLookup(app: FastifyInstance, ip: string, field: string) {
  await reserveOrRefuse(
    app,
    [limit(`staff:token:ip:${ip}`, staffLimits.token.address)],
    field,
    'Too many failed attempts.',
  )
}

/** One code confirming a person's new authenticator app. */
export async function reserveEnrolmentCheck(app: FastifyInstance, userId: number) {
  await reserveOrRefuse(
    app,
    [limit(`staff:enrol:${userId}`, staffLimits.enrol.person)],
    'code',
    'Too many wrong codes.',
  )
}

/** One SMS code to a staff number: a minute apart and five an hour from one address, ten an hour in all. */
export async function reserveCodeSend(app: FastifyInstance, phone: string, ip: string, field: string) {
  const rules = staffLimits.send
  await reserveOrRefuse(
    app,
    [limit(`staff:sms:gap:${phone}:${ip}`, rules.gap)],
    field,
    'A code was just sent.',
  )
  await reserveOrRefuse(
    app,
    [limit(`staff:sms:pair:${phone}:${ip}`, rules.pair), limit(`staff:sms:phone:${phone}`, rules.number)],
    field,
    'Too many codes requested.',
  )
}
