import type { FastifyInstance } from 'fastify'
import type { OtpPurpose } from '../../../src/contract/auth'
import { hashOtp, newOtpCode, OTP_MAX_ATTEMPTS, OTP_TTL_MS, otpMatches } from '../../domain/otp'
import { badRequest } from '../../plugins/errors'
import type { PendingRegistration } from '../../repositories/accounts'
import { reserveCodeAttempt } from './limits'

/** Creates a code for the number and purpose; the plain code is returned once, to be sent, and never stored. */
export async function issueOtp(
  app: FastifyInstance,
  phone: string,
  purpose: OtpPurpose,
  registration?: PendingRegistration,
) {
  const otpId = crypto.randomUUID()
  const code = newOtpCode()
  const now = app.clock.now()
  await app.otps.create({
    id: otpId,
    phone,
    purpose,
    codeHash: hashOtp(code, { phone, otpId, purpose }),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    registration,
  })
  return { otpId, code }
}

const INVALID = 'This code is not valid. Request a new one.'
const EXPIRED = 'This code has expired. Request a new one.'

/** A spent code: what it was for, and the registration it completes, if any. */
export type SpentOtp = { purpose: OtpPurpose; registration: PendingRegistration | null }

/**
 * Spends a code: it must belong to this number and one of `purposes`, be unused, fresh and not voided by
 * five tries. Each try is reserved before the code is compared — against the number and address limits,
 * then one of the code's five tries in a single guarded update — so parallel guesses cannot all be checked.
 */
export async function consumeOtp(
  app: FastifyInstance,
  input: { phone: string; otpId: string; code: string; purposes: OtpPurpose[]; ip: string },
): Promise<SpentOtp> {
  await reserveCodeAttempt(app, input.phone, input.ip)
  const row = await app.otps.takeTry(input.otpId, input.phone)
  if (!row) {
    throw badRequest('otpCode', (await app.otps.exists(input.otpId, input.phone)) ? EXPIRED : INVALID)
  }
  if (!input.purposes.includes(row.purpose)) throw badRequest('otpCode', INVALID)
  const binding = { phone: row.phone, otpId: row.id, purpose: row.purpose }
  if (!otpMatches(input.code, row.codeHash, binding)) {
    throw badRequest(
      'otpCode',
      row.attempts < OTP_MAX_ATTEMPTS
        ? 'The code is not correct'
        : 'Too many wrong codes. Request a new one.',
    )
  }
  // single use even when two requests race with the right code
  if (!(await app.otps.spend(input.otpId, input.phone))) throw badRequest('otpCode', EXPIRED)
  const registration =
    row.purpose === 'register' && row.passwordHash
      ? { passwordHash: row.passwordHash, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }
      : null
  return { purpose: row.purpose, registration }
}
