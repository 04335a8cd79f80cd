import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const OTP_TTL_MS = 5 * 60 * 1000
/** wrong tries that void a code */
export const OTP_MAX_ATTEMPTS = 5
export const OTP_SEND_GAP_MS = 60 * 1000
export const OTP_SENDS_PER_HOUR = 5
export const OTP_SENDS_PER_IP_PER_HOUR = 30
export const OTP_FAILURES_PER_DAY = 100

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** The hash binds the code to its number, its id and its purpose: a code is only good where it was sent. */
export function hashOtp(code: string, binding: { phone: string; otpId: string; purpose: string }): string {
  return createHash('sha256')
    .update(`${binding.otpId}:${binding.phone}:${binding.purpose}:${code}`)
    .digest('hex')
}

export function otpMatches(
  code: string,
  storedHash: string,
  binding: { phone: string; otpId: string; purpose: string },
) {
  const given = Buffer.from(hashOtp(code, binding), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

export function otpMessage(code: string, purpose: string): string {
  const what = purpose === 'reset' ? 'reset your Haat password' : 'log in to Haat'
  return `${code} is your code to ${what}. It expires in 5 minutes. Never share it.`
}
