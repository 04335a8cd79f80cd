import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client'
import { serverSecrets, staffChallenges, staffSessions, users } from '../db/schema'
import { CHALLENGE_MAX_ATTEMPTS } from '../domain/staff'
import type { UserRow } from './accounts'

export type ChallengeRow = typeof staffChallenges.$inferSelect
export type StaffSessionRow = typeof staffSessions.$inferSelect

/** The database, or a transaction in progress. */
type Writer = Pick<Db, 'update'>

/** Signing in to the back office: the challenges of step 2, the staff sessions, and their CSRF key. */
export type StaffSessionsRepository = {
  createChallenge(challenge: {
    id: string
    tokenHash: string
    userId: number
    codeHash: string | null
    expiresAt: Date
  }): Promise<void>
  /** a challenge that can still be answered (fresh, unspent, tries left), with its person */
  liveChallenge(tokenHash: string): Promise<{ challenge: ChallengeRow; user: UserRow } | undefined>
  /** a new SMS code for a live challenge */
  setChallengeCode(id: string, codeHash: string): Promise<void>
  /**
   * Takes one of a live challenge's five tries in a single guarded update (parallel guesses cannot all be
   * checked), with its person; undefined when the challenge is unknown, spent, expired or out of tries.
   */
  takeTry(tokenHash: string): Promise<{ challenge: ChallengeRow; user: UserRow } | undefined>
  /** spends a challenge once, even when two right codes race */
  spend(id: string): Promise<boolean>

  create(session: {
    tokenHash: string
    userId: number
    userAgent: string | null
    ip: string | null
    expiresAt: Date
  }): Promise<void>
  /** the session of a token's hash unless revoked or past its absolute expiry (idle expiry is the caller's) */
  find(tokenHash: string): Promise<{ session: StaffSessionRow; user: UserRow } | undefined>
  /** records a request on the session */
  touch(id: number): Promise<void>
  end(id: number): Promise<void>
  /** ends every live session of a person except `keepId`; how many were ended */
  endAllOf(userId: number, keepId?: number, writer?: Writer): Promise<number>

  /** the key CSRF tokens are derived with: made on first use, shared by every instance */
  csrfSecret(): Promise<string>
}

declare module 'fastify' {
  interface FastifyInstance {
    staffSessions: StaffSessionsRepository
  }
}

const CSRF_SECRET = 'staff_csrf'

export function createStaffSessionsRepository(app: FastifyInstance): StaffSessionsRepository {
  const now = () => app.clock.now()
  const live = (tokenHash: string) =>
    and(
      eq(staffChallenges.tokenHash, tokenHash),
      isNull(staffChallenges.consumedAt),
      gt(staffChallenges.expiresAt, now()),
      lt(staffChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
    )
  const withUser = async (challenge: ChallengeRow | undefined) => {
    if (!challenge) return undefined
    const [user] = await app.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1)
    return user ? { challenge, user } : undefined
  }
  let secret: Promise<string> | undefined

  return {
    async createChallenge(challenge) {
      await app.db.insert(staffChallenges).values({ ...challenge, createdAt: now() })
    },
    async liveChallenge(tokenHash) {
      const [row] = await app.db.select().from(staffChallenges).where(live(tokenHash)).limit(1)
      return withUser(row)
    },
    async setChallengeCode(id, codeHash) {
      await app.db.update(staffChallenges).set({ codeHash }).where(eq(staffChallenges.id, id))
    },
    async takeTry(tokenHash) {
      const [row] = await app.db
        .update(staffChallenges)
        .set({ attempts: sql`${staffChallenges.attempts} + 1` })
        .where(live(tokenHash))
        .returning()
      return withUser(row)
    },
    async spend(id) {
      const [spent] = await app.db
        .update(staffChallenges)
        .set({ consumedAt: now() })
        .where(and(eq(staffChallenges.id, id), isNull(staffChallenges.consumedAt)))
        .returning({ id: staffChallenges.id })
      return spent !== undefined
    },

    async create(session) {
      const at = now()
      await app.db.insert(staffSessions).values({ ...session, createdAt: at, lastSeenAt: at })
    },
    async find(tokenHash) {
      const [row] = await app.db
        .select({ session: staffSessions, user: users })
        .from(staffSessions)
        .innerJoin(users, eq(users.id, staffSessions.userId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now()),
          ),
        )
        .limit(1)
      return row
    },
    async touch(id) {
      await app.db.update(staffSessions).set({ lastSeenAt: now() }).where(eq(staffSessions.id, id))
    },
    async end(id) {
      await app.db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)))
    },
    async endAllOf(userId, keepId, writer = app.db) {
      const ended = await writer
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(staffSessions.userId, userId),
            isNull(staffSessions.revokedAt),
            keepId === undefined ? undefined : ne(staffSessions.id, keepId),
          ),
        )
        .returning({ id: staffSessions.id })
      return ended.length
    },

    csrfSecret() {
      secret ??= (async () => {
        await app.db
          .insert(serverSecrets)
          .values({ name: CSRF_SECRET, value: randomBytes(32).toString('base64url'), createdAt: now() })
          .onConflictDoNothing()
        const [row] = await app.db
          .select({ value: serverSecrets.value })
          .from(serverSecrets)
          .where(eq(serverSecrets.name, CSRF_SECRET))
        if (!row) throw new Error('the CSRF key was not kept')
        return row.value
      })().catch((error: unknown) => {
        // a database that was away: the next request tries again
        secret = undefined
        throw error
      })
      return secret
    },
  }
}

export default fp(
  async function staffSessionsRepository(app: FastifyInstance) {
    app.decorate('staffSessions', createStaffSessionsRepository(app))
  },
  { name: 'staff-sessions-repository', dependencies: ['context'] },
)
