import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OtpPurpose } from '../../../src/contract/auth'
import { otps } from '../../db/schema'
import { hashOtp, newOtpCode, OTP_MAX_ATTEMPTS, OTP_TTL_MS, otpMatches } from '../../domain/otp'
import { badRequest } from '../../plugins/errors'
import { assertOtpCheckAllowed, recordOtpFailure } from './limits'

/** Creates a code for the number and purpose; the plain code is returned once, to be sent, and never stored. */
export async function issueOtp(app: FastifyInstance, phone: string, purpose: OtpPurpose) {
  const otpId = crypto.randomUUID()
  const code = newOtpCode()
  const now = app.clock.now()
  await app.db.insert(otps).values({
    id: otpId,
    phone,
    purpose,
    codeHash: hashOtp(code, { phone, otpId, purpose }),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  })
  return { otpId, code }
}

const INVALID = 'This code is not valid. Request a new one.'
const EXPIRED = 'This code has expired. Request a new one.'

/**
 * Spends a code: it must belong to this number and one of `purposes`, be unused, fresh and not voided by
 * five wrong tries. Wrong codes count against the code and against the number's daily allowance.
 */
export async function consumeOtp(
  app: FastifyInstance,
  input: { phone: string; otpId: string; code: string; purposes: OtpPurpose[] },
): Promise<OtpPurpose> {
  await assertOtpCheckAllowed(app, input.phone)
  const now = app.clock.now()
  const [row] = await app.db.select().from(otps).where(eq(otps.id, input.otpId)).limit(1)
  if (!row || row.phone !== input.phone || !input.purposes.includes(row.purpose)) {
    await recordOtpFailure(app, input.phone)
    throw badRequest('otpCode', INVALID)
  }
  if (row.consumedAt || row.attempts >= OTP_MAX_ATTEMPTS || row.expiresAt <= now) {
    throw badRequest('otpCode', EXPIRED)
  }
  const binding = { phone: row.phone, otpId: row.id, purpose: row.purpose }
  if (!otpMatches(input.code, row.codeHash, binding)) {
    await recordOtpFailure(app, input.phone)
    const [counted] = await app.db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(and(eq(otps.id, row.id), lt(otps.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ attempts: otps.attempts })
    const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS)
    throw badRequest(
      'otpCode',
      left > 0 ? 'The code is not correct' : 'Too many wrong codes. Request a new one.',
    )
  }
  // single use even when two requests race with the right code
  const [spent] = await app.db
    .update(otps)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otps.id, row.id),
        isNull(otps.consumedAt),
        lt(otps.attempts, OTP_MAX_ATTEMPTS),
        gt(otps.expiresAt, now),
      ),
    )
    .returning({ id: otps.id })
  if (!spent) throw badRequest('otpCode', EXPIRED)
  return row.purpose
}
