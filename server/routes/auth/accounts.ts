import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionAnswer } from '../../../src/contract/auth'
import { users } from '../../db/schema'
import { forbidden } from '../../plugins/errors'
import { publicUser, startSession } from './session-store'

export type UserRow = typeof users.$inferSelect

export async function userByPhone(app: FastifyInstance, phone: string): Promise<UserRow | undefined> {
  const [row] = await app.db.select().from(users).where(eq(users.phone, phone)).limit(1)
  return row
}

export async function userById(app: FastifyInstance, id: number): Promise<UserRow | undefined> {
  const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** The account of a number proven by a one-time code, created on first use. */
export async function userForVerifiedPhone(app: FastifyInstance, phone: string): Promise<UserRow> {
  const now = app.clock.now()
  await app.db.insert(users).values({ phone, createdAt: now, updatedAt: now }).onConflictDoNothing()
  const row = await userByPhone(app, phone)
  if (!row) throw new Error('account vanished while being created')
  return row
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
