import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { OtpPurpose, SmsOutboxAnswer } from '../../src/contract/auth'
import { otps, smsOutbox } from '../db/schema'
import { OTP_MAX_ATTEMPTS } from '../domain/otp'
import type { PendingRegistration } from './accounts'

export type OtpRow = typeof otps.$inferSelect

/** One-time codes, stored as hashes bound to their number and purpose, and the dev outbox of texts. */
export type OtpsRepository = {
  create(otp: {
    id: string
    phone: string
    purpose: OtpPurpose
    codeHash: string
    expiresAt: Date
    registration?: PendingRegistration
  }): Promise<void>
  /**
   * Takes one of a fresh, unspent code's tries in a single guarded update (so parallel guesses cannot
   * all be checked); undefined when the code is unknown, spent, expired or out of tries.
   */
  takeTry(otpId: string, phone: string): Promise<OtpRow | undefined>
  /** whether this number was ever sent this code */
  exists(otpId: string, phone: string): Promise<boolean>
  /** spends a fresh code once, even when two requests race with the right code */
  spend(otpId: string, phone: string): Promise<boolean>
  /** the texts the console provider "sent" to a number, newest first (DEV_OUTBOX) */
  outbox(phone: string): Promise<SmsOutboxAnswer['data']>
}

declare module 'fastify' {
  interface FastifyInstance {
    otps: OtpsRepository
  }
}

export function createOtpsRepository(app: FastifyInstance): OtpsRepository {
  const fresh = (otpId: string, phone: string) =>
    and(
      eq(otps.id, otpId),
      eq(otps.phone, phone),
      isNull(otps.consumedAt),
      gt(otps.expiresAt, app.clock.now()),
    )
  return {
    async create({ registration, ...otp }) {
      await app.db.insert(otps).values({ ...otp, createdAt: app.clock.now(), ...registration })
    },
    async takeTry(otpId, phone) {
      const [row] = await app.db
        .update(otps)
        .set({ attempts: sql`${otps.attempts} + 1` })
        .where(and(fresh(otpId, phone), lt(otps.attempts, OTP_MAX_ATTEMPTS)))
        .returning()
      return row
    },
    async exists(otpId, phone) {
      const [known] = await app.db
        .select({ id: otps.id })
        .from(otps)
        .where(and(eq(otps.id, otpId), eq(otps.phone, phone)))
        .limit(1)
      return known !== undefined
    },
    async spend(otpId, phone) {
      const [spent] = await app.db
        .update(otps)
        .set({ consumedAt: app.clock.now() })
        .where(fresh(otpId, phone))
        .returning({ id: otps.id })
      return spent !== undefined
    },
    async outbox(phone) {
      const rows = await app.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.id))
        .limit(20)
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    },
  }
}

export default fp(
  async function otpsRepository(app: FastifyInstance) {
    app.decorate('otps', createOtpsRepository(app))
  },
  { name: 'otps-repository', dependencies: ['context'] },
)
