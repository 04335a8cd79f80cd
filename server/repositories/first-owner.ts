import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { firstOwnerTokens, users } from '../db/schema'
import { hashSessionToken, newSessionToken } from '../domain/session'
import { FIRST_OWNER_TTL_MS } from '../domain/staff'

/** Taken while a first owner is made: two links used at once make one owner, and the other link fails. */
const FIRST_OWNER_LOCK = 7_150_012

/** The first owner as the person who opened the link chose them. */
export type FirstOwner = { phone: string; firstName: string; lastName: string; passwordHash: string }

/**
 * The shop's first owner, made through a one-time link that a start prints while there is no owner at all
 * (no built-in owner, no published password). Links live FIRST_OWNER_TTL_MS, work once, and all stop once
 * an owner exists.
 */
export type FirstOwnerRepository = {
  /**
   * A new link's token when the shop has no owner, else null. Each call adds one: instances started together
   * each print their own, and any of them works.
   */
  issue(): Promise<string | null>
  /** the link is unused, fresh, and the shop still has no owner */
  isOpen(tokenHash: string): Promise<boolean>
  /**
   * Spends the link and makes the owner (an account of that number becomes the owner, its other sessions
   * ended); false when the link is spent or expired, or an owner exists by now.
   */
  create(tokenHash: string, owner: FirstOwner, ip: string): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    firstOwner: FirstOwnerRepository
  }
}

export function createFirstOwnerRepository(app: FastifyInstance): FirstOwnerRepository {
  const now = () => app.clock.now()
  const ownerExists = async (db = app.db) => {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.adminType, 'owner')).limit(1)
    return owner !== undefined
  }
  const usable = (tokenHash: string) =>
    and(
      eq(firstOwnerTokens.tokenHash, tokenHash),
      isNull(firstOwnerTokens.usedAt),
      gt(firstOwnerTokens.expiresAt, now()),
    )

  return {
    async issue() {
      if (await ownerExists()) return null
      const at = now()
      // links that can no longer work are of no use to anyone
      await app.db
        .delete(firstOwnerTokens)
        .where(or(lt(firstOwnerTokens.expiresAt, at), isNotNull(firstOwnerTokens.usedAt)))
      const token = newSessionToken()
      await app.db.insert(firstOwnerTokens).values({
        tokenHash: hashSessionToken(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + FIRST_OWNER_TTL_MS),
      })
      return token
    },

    async isOpen(tokenHash) {
      const [link] = await app.db
        .select({ tokenHash: firstOwnerTokens.tokenHash })
        .from(firstOwnerTokens)
        .where(usable(tokenHash))
      return link !== undefined && !(await ownerExists())
    },

    async create(tokenHash, owner, ip) {
      return app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK})`)
        if (await ownerExists(tx)) return false
        const at = now()
        const [spent] = await tx
          .update(firstOwnerTokens)
          .set({ usedAt: at })
          .where(usable(tokenHash))
          .returning({ tokenHash: firstOwnerTokens.tokenHash })
        if (!spent) return false
        // every other link ends with this one: the shop has its owner
        await tx.update(firstOwnerTokens).set({ usedAt: at }).where(isNull(firstOwnerTokens.usedAt))
        const chosen = {
          firstName: owner.firstName,
          lastName: owner.lastName,
          adminType: 'owner',
          status: 'active',
          // the back office's own password: a shopper's account on this number keeps the shop's password
          staffPasswordHash: owner.passwordHash,
          mustChangePassword: false,
          updatedAt: at,
        }
        const [existing] = await tx.select().from(users).where(eq(users.phone, owner.phone)).for('update')
        const [person] = existing
          ? await tx.update(users).set(chosen).where(eq(users.id, existing.id)).returning()
          : await tx
              .insert(users)
              .values({ phone: owner.phone, ...chosen, createdAt: at })
              .returning()
        if (!person) throw new Error('the first owner was not written')
        // whoever was in the back office as this number before is signed out
        if (existing) await app.staffSessions.endAllOf(person.id, undefined, tx)
        await app.audit.record(
          { staffId: person.id, ip },
          {
            action: 'staff.first-owner',
            objectType: 'staff',
            objectId: person.id,
            before: existing ? { role: existing.adminType, status: existing.status } : null,
            after: {
              phone: owner.phone,
              firstName: person.firstName,
              lastName: person.lastName,
              role: 'owner',
              status: 'active',
              passwordChanged: true,
            },
          },
          tx,
        )
        return true
      })
    },
  }
}

export default fp(
  async function firstOwnerRepository(app: FastifyInstance) {
    app.decorate('firstOwner', createFirstOwnerRepository(app))
  },
  {
    name: 'first-owner-repository',
    dependencies: ['context', 'audit-repository', 'staff-sessions-repository'],
  },
)
