import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE, SESSION_HINT_COOKIE, type User } from '../../../src/contract/auth'
import { hashSessionToken, newSessionToken, SESSION_MAX_AGE_SECONDS } from '../../domain/session'
import { cookieIsSecure } from '../../plugins/auth'
import type { UserRow } from '../../repositories/accounts'

/** What any answer may say about an account: never hashes, never internals. */
export function publicUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    avatar: row.avatar,
    gender: row.gender,
    adminType: row.adminType,
    status: row.status,
  }
}

/** A fresh session at every login: its token goes to the browser as an HttpOnly cookie and in the answer. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  /** false: the cookie ends with the browser session ("remember me" unticked); the session itself still expires */
  persistent = true,
): Promise<string> {
  const token = newSessionToken()
  await app.sessions.create({
    userId,
    tokenHash: hashSessionToken(token),
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt: new Date(app.clock.now().getTime() + SESSION_MAX_AGE_SECONDS * 1000),
  })
  const options = {
    path: '/',
    secure: cookieIsSecure(app, request),
    sameSite: 'lax',
    ...(persistent ? { maxAge: SESSION_MAX_AGE_SECONDS } : {}),
  } as const
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true })
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false })
  return token
}

/** Drops the session cookie and its hint (logout, or a session the server no longer knows). */
export function clearSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const options = { path: '/', secure: cookieIsSecure(app, request), sameSite: 'lax' } as const
  reply.clearCookie(SESSION_COOKIE, { ...options, httpOnly: true })
  reply.clearCookie(SESSION_HINT_COOKIE, { ...options, httpOnly: false })
}
