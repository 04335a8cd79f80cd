import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sessions, users } from '../db/schema'

/** A live session as the auth plugin needs it: whose it is, and their number. */
export type LiveSession = { id: number; userId: number; phone: string | null }

/** Shoppers' sessions: only token hashes are stored; a session lives until it expires or is revoked. */
export type SessionsRepository = {
  /** the session of a token's hash, when it is live and its account active */
  findLive(tokenHash: string): Promise<LiveSession | undefined>
  create(session: {
    userId: number
    tokenHash: string
    userAgent: string | null
    expiresAt: Date
  }): Promise<void>
  revoke(sessionId: number): Promise<void>
  /** ends every session of the account except `keepSessionId` (the one that changed the password) */
  revokeAllOf(userId: number, keepSessionId?: number): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository
  }
}

export function createSessionsRepository(app: FastifyInstance): SessionsRepository {
  return {
    async findLive(tokenHash) {
      const [row] = await app.db
        .select({ id: sessions.id, userId: sessions.userId, phone: users.phone })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, app.clock.now()),
            eq(users.status, 'active'),
          ),
        )
        .limit(1)
      return row
    },
    async create(session) {
      const now = app.clock.now()
      await app.db.insert(sessions).values({ ...session, createdAt: now, lastSeenAt: now })
    },
    async revoke(sessionId) {
      await app.db
        .update(sessions)
        .set({ revokedAt: app.clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },
    async revokeAllOf(userId, keepSessionId) {
      const others = keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)
      await app.db
        .update(sessions)
        .set({ revokedAt: app.clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
    },
  }
}

export default fp(
  async function sessionsRepository(app: FastifyInstance) {
    app.decorate('sessions', createSessionsRepository(app))
  },
  { name: 'sessions-repository', dependencies: ['context'] },
)
