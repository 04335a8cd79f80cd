import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { Language } from '../../src/contract/language'
import { isSealed, type SealingKey, seal, unseal } from './sealed'

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

const purposeEn: Record<string, string> = {
  reset: 'reset your password',
  register: 'confirm your number',
  order: 'confirm your order',
}
const purposeBn: Record<string, string> = {
  reset: 'পাসওয়ার্ড রিসেট করার',
  register: 'নম্বর নিশ্চিত করার',
  order: 'অর্ডার নিশ্চিত করার',
}

/**
 * The text that carries a code, in the language the shopper asked in, beginning with the shop's name in that
 * language. The code keeps its Latin digits: phones offer it to the code box only as such.
 */
export function otpMessage(code: string, purpose: string, shop: string, language: Language = 'en'): string {
  if (language === 'bn') {
    const what = purposeBn[purpose] ?? 'লগ ইন করার'
    return `${shop}: আপনার ${what} কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন। কাউকে জানাবেন না।`
  }
  const what = purposeEn[purpose] ?? 'log in'
  return `${shop}: ${code} is your code to ${what}. It expires in 5 minutes. Never share it.`
}

/** How long a confirmed number stays good for placing orders: time to fill in the rest, or wait for a signal. */
export const PHONE_PROOF_TTL_MS = 60 * 60 * 1000

const proofContext = (phone: string) => `order-phone:${phone}`

/** What the shopper carries once a code proved the number: sealed under the shop's key, bound to the number. */
export function phoneProof(key: SealingKey, phone: string, now: Date): string {
  return seal(key, String(now.getTime() + PHONE_PROOF_TTL_MS), proofContext(phone))
}

/** Whether `proof` was made for this number by this shop, and is still good. */
export function provesPhone(key: SealingKey, proof: string | undefined, phone: string, now: Date): boolean {
  if (!proof || !isSealed(proof)) return false
  const until = Number(unseal(key, proof, proofContext(phone)))
  return Number.isFinite(until) && until > now.getTime()
}
