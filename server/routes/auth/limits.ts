import type { FastifyInstance } from 'fastify'
import {
  OTP_FAILURES_PER_DAY,
  OTP_SEND_GAP_MS,
  OTP_SENDS_PER_HOUR,
  OTP_SENDS_PER_IP_PER_HOUR,
} from '../../domain/otp'
import { tooManyRequests } from '../../plugins/errors'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const LOGIN_FAILURES_ALLOWED = 10
export const LOGIN_WINDOW_MS = 15 * MINUTE
const TOO_MANY_LOGINS = 'Too many failed attempts. Try again later.'

const loginKeys = (phone: string, ip: string) => [`login:phone:${phone}`, `login:ip:${ip}`]

/** Refuses a password check once the number or the address has failed too often — even a right one. */
export async function assertLoginAllowed(app: FastifyInstance, phone: string, ip: string) {
  for (const key of loginKeys(phone, ip)) {
    const window = await app.rateLimiter.peek(key)
    if (window.count >= LOGIN_FAILURES_ALLOWED) {
      throw tooManyRequests('phone', TOO_MANY_LOGINS, window.retryAfterMs / 1000)
    }
  }
}

export async function recordLoginFailure(app: FastifyInstance, phone: string, ip: string) {
  for (const key of loginKeys(phone, ip)) await app.rateLimiter.hit(key, LOGIN_WINDOW_MS)
}

export async function clearLoginFailures(app: FastifyInstance, phone: string) {
  await app.rateLimiter.reset(`login:phone:${phone}`)
}

/** One code a minute and five an hour per number; a cap per address against spraying many numbers. */
export async function assertOtpSendAllowed(app: FastifyInstance, phone: string, ip: string) {
  const checks: [string, number, number, string][] = [
    [`otp:gap:${phone}`, OTP_SEND_GAP_MS, 1, 'Please wait a minute before asking for another code.'],
    [`otp:hour:${phone}`, HOUR, OTP_SENDS_PER_HOUR, 'Too many codes for this number. Try again later.'],
    [`otp:ip:${ip}`, HOUR, OTP_SENDS_PER_IP_PER_HOUR, 'Too many codes requested. Try again later.'],
  ]
  for (const [key, windowMs, limit, message] of checks) {
    const window = await app.rateLimiter.hit(key, windowMs)
    if (window.count > limit) throw tooManyRequests('phone', message, window.retryAfterMs / 1000)
  }
}

const otpFailureKey = (phone: string) => `otp:fail:${phone}`

export async function assertOtpCheckAllowed(app: FastifyInstance, phone: string) {
  const window = await app.rateLimiter.peek(otpFailureKey(phone))
  if (window.count >= OTP_FAILURES_PER_DAY) {
    throw tooManyRequests(
      'otpCode',
      'Too many wrong codes today. Try again tomorrow.',
      window.retryAfterMs / 1000,
    )
  }
}

export async function recordOtpFailure(app: FastifyInstance, phone: string) {
  await app.rateLimiter.hit(otpFailureKey(phone), 24 * HOUR)
}
