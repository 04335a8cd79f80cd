import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { BlockScope } from '../../src/contract/admin-customers'
import { sessions, socialAccounts, users } from '../db/schema'
import { blockOf, joinAccount } from './customers'

export type UserRow = typeof users.$inferSelect

/** A password registration waiting for its code: nothing of it is an account until the code is spent. */
export type PendingRegistration = { passwordHash: string; firstName: string; lastName: string }

/** An identity a sign-in provider has vouched for. */
export type ProvenIdentity = {
  provider: (typeof socialAccounts.$inferInsert)['provider']
  subject: string
  email: string | null
  emailVerified: boolean
}

export type ProfileChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'gender' | 'avatar'>>

/** Shoppers' accounts: a number is an account's only once a one-time code has proven it. */
export type AccountsRepository = {
  byPhone(phone: string): Promise<UserRow | undefined>
  byId(id: number): Promise<UserRow | undefined>
  /**
   * The account of a number a one-time code has just proven, created on first use (with the password of
   * the registration the code completes, if any). An account whose number nobody had proven before may be
   * a stranger's trap for the number's owner: its password is dropped and all its sessions end.
   */
  forProvenPhone(phone: string, registration: PendingRegistration | null): Promise<UserRow>
  /**
   * The account of a provider's identity: the one already linked to provider + subject; else the account
   * of an earlier sign-in with the same verified email; else a new account. An unverified email never
   * reaches someone else's account.
   */
  forIdentity(identity: ProvenIdentity, names: { firstName: string; lastName: string }): Promise<UserRow>
  /** changes the profile; undefined when the account is gone */
  updateProfile(id: number, changes: ProfileChanges): Promise<UserRow | undefined>
  /** a new password; `proven`: a one-time code to the number came with it (a reset) */
  setPassword(id: number, passwordHash: string, proven?: boolean): Promise<void>
  /**
   * What the shop refuses an order by the signed-in account or for this number, guest or not: every order
   * (`all`), cash on delivery (`cod`), or nothing (null)
   */
  blockOf(who: { userId: number | null; phone: string }): Promise<BlockScope | null>
  /** whether the shop has blocked the signed-in account or this number, for anything */
  isBlocked(who: { userId: number | null; phone: string }): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRepository
  }
}

export function createAccountsRepository(app: FastifyInstance): AccountsRepository {
  const byId = async (id: number) => {
    const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1)
    return row
  }
  return {
    async byPhone(phone) {
      const [row] = await app.db.select().from(users).where(eq(users.phone, phone)).limit(1)
      return row
    },
    byId,

    async forProvenPhone(phone, registration) {
      const now = app.clock.now()
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            phone,
            phoneVerifiedAt: now,
            passwordHash: registration?.passwordHash ?? null,
            firstName: registration?.firstName ?? '',
            lastName: registration?.lastName ?? '',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning()
        if (!row) return undefined
        // a number the shop blocked as a guest stays blocked once it registers
        const { blocked } = await joinAccount(tx, row, now)
        return blocked ? { ...row, status: 'blocked' } : row
      })
      if (created) return created
      return app.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(users).where(eq(users.phone, phone)).for('update').limit(1)
        if (!existing) throw new Error('account vanished while being proven')
        const unproven = !existing.phoneVerifiedAt
        const changes: Partial<UserRow> = { phoneVerifiedAt: now, updatedAt: now }
        if (unproven) changes.passwordHash = null
        // the owner chose a password with this code: it replaces the old one, as a reset would
        if (registration) changes.passwordHash = registration.passwordHash
        if (unproven || registration) {
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)))
        }
        const [updated] = await tx.update(users).set(changes).where(eq(users.id, existing.id)).returning()
        const account = updated ?? existing
        const { blocked } = await joinAccount(tx, account, now)
        return blocked ? { ...account, status: 'blocked' } : account
      })
    },

    async forIdentity(identity, names) {
      const { provider, subject } = identity
      const [linked] = await app.db
        .select({ userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)))
        .limit(1)
      if (linked) {
        const user = await byId(linked.userId)
        if (user) return user
      }
      return app.db.transaction(async (tx) => {
        let userId: number | undefined
        if (identity.email && identity.emailVerified) {
          const [sameEmail] = await tx
            .select({ userId: socialAccounts.userId })
            .from(socialAccounts)
            .where(and(eq(socialAccounts.email, identity.email), eq(socialAccounts.emailVerified, true)))
            .limit(1)
          userId = sameEmail?.userId
        }
        const now = app.clock.now()
        if (userId === undefined) {
          const [created] = await tx
            .insert(users)
            .values({
              ...names,
              email: identity.emailVerified ? identity.email : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id, adminType: users.adminType })
          userId = created?.id
          if (created) await joinAccount(tx, { ...created, phone: null, status: 'active' }, now)
        }
        if (userId === undefined) throw new Error('account not created')
        await tx
          .insert(socialAccounts)
          .values({ userId, ...identity, createdAt: now })
          .onConflictDoNothing()
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1)
        if (!user) throw new Error('account not found')
        return user
      })
    },

    async updateProfile(id, changes) {
      const [updated] = await app.db
        .update(users)
        .set({ ...changes, updatedAt: app.clock.now() })
        .where(eq(users.id, id))
        .returning()
      return updated
    },

    async setPassword(id, passwordHash, proven = false) {
      const now = app.clock.now()
      await app.db
        .update(users)
        .set({ passwordHash, updatedAt: now, ...(proven ? { phoneVerifiedAt: now } : {}) })
        .where(eq(users.id, id))
    },

    blockOf: (who) => blockOf(app.db, who),
    isBlocked: async (who) => (await blockOf(app.db, who)) !== null,
  }
}

export default fp(
  async function accountsRepository(app: FastifyInstance) {
    app.decorate('accounts', createAccountsRepository(app))
  },
  { name: 'accounts-repository', dependencies: ['context'] },
)
