import { and, eq, gt, isNull, lt, notLike, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { staffSetupTokens, users } from '../db/schema'
import { conflict, notFound } from '../domain/errors'
import { isSealed, seal, unseal } from '../domain/sealed'
import { isStaffRole } from '../domain/staff'
import type { UserRow } from './accounts'
import type { Actor } from './audit'

/** what a staff member's authenticator secret is sealed to: theirs, and no one else's row */
const totpContext = (userId: number) => `totp:${userId}`

/**
 * A staff member's own ways in: their back-office password (chosen by a setup link, changed later, and apart
 * from the shop's, which a code by SMS resets), their authenticator app, and the proof that their number is
 * theirs. Every change is in the audit log, never a secret.
 */
export type StaffCredentialsRepository = {
  /**
   * A new back-office password chosen by its owner: must_change_password goes, and every other staff session
   * of theirs ends, recorded as `staff.password`.
   */
  changePassword(userId: number, passwordHash: string, keepSessionId: number, actor: Actor): Promise<void>
  /** the person of a setup link that is unused and fresh */
  setupTarget(tokenHash: string): Promise<UserRow | undefined>
  /** spends the setup link and sets the first password; false when the link was spent meanwhile */
  completeSetup(tokenHash: string, passwordHash: string, actor: Actor): Promise<boolean>
  /** keeps a new authenticator secret aside, sealed, until a code from the app confirms it */
  beginTotp(userId: number, secret: string): Promise<void>
  /** the secret waiting for its first code, and its sealed form (what confirmTotp takes) */
  pendingTotp(userId: number): Promise<{ sealed: string; secret: string } | null>
  /** a staff member's authenticator secret, unsealed; null without one, or when it does not open */
  totpSecretOf(user: UserRow): string | null
  /** seals the secrets kept before sealing existed (at start); answers how many rows it found */
  sealLegacySecrets(): Promise<number>
  /** the pending secret (as `pendingTotp` read it, sealed) becomes the one in use, its code's step the last accepted */
  confirmTotp(userId: number, sealed: string, step: number, actor: Actor): Promise<boolean>
  /**
   * An owner's reset of a staff member's authenticator app (lost, or a phone changed): SMS codes sign them in
   * again, every session of theirs ends, recorded as `staff.totp-reset`. 404 for anyone not on the staff,
   * 409 for the owner's own app (replaced from My account, with their password).
   */
  resetTotp(userId: number, actor: Actor & { staffId: number }): Promise<void>
  /** accepts a TOTP time step once: false when this or a later step was accepted already */
  acceptTotpStep(userId: number, step: number): Promise<boolean>
  /**
   * An SMS code to the number was just entered: the number is proven theirs, as a shop code would prove it
   * (the shop's sign-in then takes their shop password, and never mistakes the account for a stranger's trap)
   */
  numberProven(userId: number): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    staffCredentials: StaffCredentialsRepository
  }
}

export function createStaffCredentialsRepository(app: FastifyInstance): StaffCredentialsRepository {
  const now = () => app.clock.now()

  return {
    async changePassword(userId, passwordHash, keepSessionId, actor) {
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ mustChangePassword: users.mustChangePassword })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
        await tx
          .update(users)
          .set({ staffPasswordHash: passwordHash, mustChangePassword: false, updatedAt: now() })
          .where(eq(users.id, userId))
        const ended = await app.staffSessions.endAllOf(userId, keepSessionId, tx)
        await app.audit.record(
          actor,
          {
            action: 'staff.password',
            objectType: 'staff',
            objectId: userId,
            before: { mustChangePassword: before?.mustChangePassword ?? false },
            after: { mustChangePassword: false, passwordChanged: true, otherSessionsEnded: ended },
          },
          tx,
        )
      })
    },

    async setupTarget(tokenHash) {
      const [row] = await app.db
        .select({ user: users })
        .from(staffSetupTokens)
        .innerJoin(users, eq(users.id, staffSetupTokens.userId))
        .where(
          and(
            eq(staffSetupTokens.tokenHash, tokenHash),
            isNull(staffSetupTokens.usedAt),
            gt(staffSetupTokens.expiresAt, now()),
          ),
        )
        .limit(1)
      return row?.user
    },

    async completeSetup(tokenHash, passwordHash, actor) {
      return app.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(staffSetupTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(staffSetupTokens.tokenHash, tokenHash),
              isNull(staffSetupTokens.usedAt),
              gt(staffSetupTokens.expiresAt, now()),
            ),
          )
          .returning({ userId: staffSetupTokens.userId })
        if (!spent) return false
        await tx
          .update(users)
          .set({ staffPasswordHash: passwordHash, mustChangePassword: false, updatedAt: now() })
          .where(eq(users.id, spent.userId))
        // whoever signed in with an earlier password is signed out
        const ended = await app.staffSessions.endAllOf(spent.userId, undefined, tx)
        await app.audit.record(
          { ...actor, staffId: spent.userId },
          {
            action: 'staff.password',
            objectType: 'staff',
            objectId: spent.userId,
            before: null,
            after: {
              mustChangePassword: false,
              passwordChanged: true,
              setupLink: 'used',
              sessionsEnded: ended,
            },
          },
          tx,
        )
        return true
      })
    },

    async beginTotp(userId, secret) {
      await app.db
        .update(users)
        .set({ totpPendingSecret: seal(app.sealingKey, secret, totpContext(userId)), updatedAt: now() })
        .where(eq(users.id, userId))
    },

    async pendingTotp(userId) {
      const [row] = await app.db
        .select({ sealed: users.totpPendingSecret })
        .from(users)
        .where(eq(users.id, userId))
      if (!row?.sealed) return null
      const secret = unseal(app.sealingKey, row.sealed, totpContext(userId))
      return secret === null ? null : { sealed: row.sealed, secret }
    },

    totpSecretOf(user) {
      if (!user.totpSecret || user.totpEnabledAt === null) return null
      return unseal(app.sealingKey, user.totpSecret, totpContext(user.id))
    },

    async sealLegacySecrets() {
      const found = await app.db
        .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
        .from(users)
        .where(or(notLike(users.totpSecret, 'v1.%'), notLike(users.totpPendingSecret, 'v1.%')))
      for (const row of found) {
        const sealed = (value: string | null) =>
          value === null || isSealed(value) ? value : seal(app.sealingKey, value, totpContext(row.id))
        // only the values read: a secret changed meanwhile is left to its new, sealed self
        await app.db
          .update(users)
          .set({ totpSecret: sealed(row.secret), totpPendingSecret: sealed(row.pending) })
          .where(
            and(
              eq(users.id, row.id),
              row.secret === null ? isNull(users.totpSecret) : eq(users.totpSecret, row.secret),
              row.pending === null
                ? isNull(users.totpPendingSecret)
                : eq(users.totpPendingSecret, row.pending),
            ),
          )
      }
      return found.length
    },

    async confirmTotp(userId, sealed, step, actor) {
      return app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ enabledAt: users.totpEnabledAt })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.totpPendingSecret, sealed)))
          .for('update')
        if (!before) return false
        const at = now()
        await tx
          .update(users)
          .set({
            totpSecret: sealed,
            totpPendingSecret: null,
            totpEnabledAt: at,
            totpLastStep: step,
            updatedAt: at,
          })
          .where(eq(users.id, userId))
        await app.audit.record(
          actor,
          {
            action: 'staff.totp',
            objectType: 'staff',
            objectId: userId,
            before: { totpEnabled: before.enabledAt !== null },
            after: { totpEnabled: true, replaced: before.enabledAt !== null },
          },
          tx,
        )
        return true
      })
    },

    async resetTotp(userId, actor) {
      await app.db.transaction(async (tx) => {
        const [target] = await tx
          .select({ role: users.adminType, enabledAt: users.totpEnabledAt })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
        if (!target || !isStaffRole(target.role)) throw notFound('id', 'Staff member not found')
        if (userId === actor.staffId) {
          throw conflict({ id: ['Replace your own authenticator app from My account'] })
        }
        await tx
          .update(users)
          .set({
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
            updatedAt: now(),
          })
          .where(eq(users.id, userId))
        const ended = await app.staffSessions.endAllOf(userId, undefined, tx)
        await app.audit.record(
          actor,
          {
            action: 'staff.totp-reset',
            objectType: 'staff',
            objectId: userId,
            before: { totpEnabled: target.enabledAt !== null },
            after: { totpEnabled: false, sessionsEnded: ended },
          },
          tx,
        )
      })
    },

    async acceptTotpStep(userId, step) {
      const [accepted] = await app.db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id })
      return accepted !== undefined
    },

    async numberProven(userId) {
      await app.db
        .update(users)
        .set({ phoneVerifiedAt: now() })
        .where(and(eq(users.id, userId), isNull(users.phoneVerifiedAt)))
    },
  }
}

export default fp(
  async function staffCredentialsRepository(app: FastifyInstance) {
    const repository = createStaffCredentialsRepository(app)
    app.decorate('staffCredentials', repository)
    // secrets kept before sealing existed are sealed once, by whichever instance starts first; in the
    // background, as a start never waits on the database (a slow one is answered with 503s meanwhile)
    app.addHook('onReady', async () => {
      repository
        .sealLegacySecrets()
        .then((sealed) => {
          if (sealed > 0) app.log.info(`sealed the authenticator secrets of ${sealed} staff members`)
        })
        .catch((error) =>
          app.log.warn({ err: error }, 'authenticator secrets not sealed yet: at the next start'),
        )
    })
  },
  {
    name: 'staff-credentials-repository',
    dependencies: ['context', 'audit-repository', 'staff-sessions-repository'],
  },
)
