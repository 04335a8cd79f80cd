import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const OTP_TTL_MS = 5 * 60 * 1000
/** wrong tries that void a code */
export const OTP_MAX_ATTEMPTS = 5

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
  const what =
    purpose === 'reset'
      ? 'reset your Haat password'
      : purpose === 'register'
        ? 'confirm your number on Haat'
        : 'log in to Haat'
  return `${code} is your code to ${what}. It expires in 5 minutes. Never share it.`
}
