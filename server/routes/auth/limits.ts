import type { FastifyInstance } from 'fastify'
import { type Limit, perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Every guess is counted before it is checked (see `reserveAttempt`), under three limits in this order
 * (OWASP ASVS 6.3, NIST SP 800-63B 5.2.2):
 * - the number from one address: narrow, so a stranger's guesses stop long before they touch the owner;
 * - the address, whatever the numbers: against one machine spraying many numbers, high enough for a
 *   carrier's NAT or an office behind one address;
 * - the number from anywhere: a much higher ceiling, the last guard against guesses from many addresses.
 * A right password or code from another address is refused only once that ceiling is reached.
 */
export const authLimits = {
  password: {
    pair: { max: 10, windowMs: 15 * MINUTE },
    address: { max: 100, windowMs: 15 * MINUTE },
    number: { max: 100, windowMs: HOUR },
  },
  code: {
    pair: { max: 20, windowMs: DAY },
    address: { max: 200, windowMs: DAY },
    number: { max: 100, windowMs: DAY },
  },
  send: {
    /** one code a minute, five an hour, to a number from one address */
    gap: { max: 1, windowMs: MINUTE },
    pair: { max: 5, windowMs: HOUR },
    address: { max: 30, windowMs: HOUR },
    number: { max: 10, windowMs: HOUR },
  },
} as const

type Rule = { max: number; windowMs: number }
const limit = (key: string, rule: Rule): Limit => ({ key, ...rule })

const passwordPairKey = (account: string, ip: string) => `login:pair:${account}:${ip}`

/**
 * Reserves one password check for an account (its number, or `user-<id>` without one) from an address,
 * or refuses it with 429 and how long to wait — even when the password would have been right.
 */
export async function reservePasswordAttempt(app: FastifyInstance, account: string, ip: string) {
  const rules = authLimits.password
  await reserveOrRefuse(
    app,
    [
      limit(passwordPairKey(account, ip), rules.pair),
      perAddress(app, `login:ip:${ip}`, rules.address),
      limit(`login:phone:${account}`, rules.number),
    ],
    'phone',
    'Too many failed attempts.',
  )
}

/** A right password ends the guessing count of that number from that address. */
export async function clearPasswordAttempts(app: FastifyInstance, account: string, ip: string) {
  await app.rateLimiter.reset(passwordPairKey(account, ip))
}

/** Reserves one one-time-code check for a number from an address (the code's own five tries come on top). */
export async function reserveCodeAttempt(app: FastifyInstance, phone: string, ip: string) {
  const rules = authLimits.code
  await reserveOrRefuse(
    app,
    [
      limit(`otp:fail:pair:${phone}:${ip}`, rules.pair),
      perAddress(app, `otp:fail:ip:${ip}`, rules.address),
      limit(`otp:fail:${phone}`, rules.number),
    ],
    'otpCode',
    'Too many wrong codes.',
  )
}

/**
 * Reserves one text message with a code: a minute between codes and five an hour to a number from one
 * address, a cap per address against spraying many numbers, and a ceiling per number so that nobody can
 * run up its messages from many addresses.
 */
export async function reserveCodeSend(app: FastifyInstance, phone: string, ip: string) {
  const rules = authLimits.send
  await reserveOrRefuse(app, [limit(`otp:gap:${phone}:${ip}`, rules.gap)], 'phone', 'A code was just sent.')
  await reserveOrRefuse(
    app,
    [
      limit(`otp:hour:${phone}:${ip}`, rules.pair),
      perAddress(app, `otp:ip:${ip}`, rules.address),
      limit(`otp:hour:${phone}`, rules.number),
    ],
    'phone',
    'Too many codes requested.',
  )
}
