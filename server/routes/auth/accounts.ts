import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionAnswer } from '../../../src/contract/auth'
import { sessions, users } from '../../db/schema'
import { passwordProblems } from '../../domain/password'
import { forbidden, HttpError } from '../../plugins/errors'
import type { PendingRegistration } from './otp-store'
import { publicUser, startSession } from './session-store'

export type UserRow = typeof users.$inferSelect

export function assertPasswordAllowed(app: FastifyInstance, password: string, field = 'password') {
  const problems = passwordProblems(password, app.authSettings.passwordPolicy)
  if (problems.length) throw new HttpError(400, { [field]: problems })
}

export async function userByPhone(app: FastifyInstance, phone: string): Promise<UserRow | undefined> {
  const [row] = await app.db.select().from(users).where(eq(users.phone, phone)).limit(1)
  return row
}

export async function userById(app: FastifyInstance, id: number): Promise<UserRow | undefined> {
  const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/**
 * The account of a number a one-time code has just proven, created on first use (with the password of the
 * registration the code completes, if any). An account whose number nobody had proven before — made by a
 * password registration that asked for no code — may be a stranger's trap for the number's owner: its
 * password is dropped and all its sessions end before the owner gets in.
 */
export async function userForProvenPhone(
  app: FastifyInstance,
  phone: string,
  registration: PendingRegistration | null,
): Promise<UserRow> {
  const now = app.clock.now()
  const [created] = await app.db
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
    return updated ?? existing
  })
}

/** Opens a fresh session for an active account and answers `{ data: { access_token, user } }`. */
export async function logIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  persistent = true,
): Promise<SessionAnswer> {
  if (user.status !== 'active') throw forbidden('This account is disabled')
  const token = await startSession(app, request, reply, user.id, persistent)
  return { data: { access_token: token, user: publicUser(user) } }
}
