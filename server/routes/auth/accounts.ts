import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionAnswer } from '../../../src/contract/auth'
import { newPasswordProblems, type PasswordOwner } from '../../domain/password'
import { forbidden, HttpError } from '../../plugins/errors'
import type { UserRow } from '../../repositories/accounts'
import { publicUser, startSession } from './session-store'

/** The password rule (`newPasswordProblems`) for a password a shopper chooses; 400 with its problems. */
export async function assertPasswordAllowed(
  app: FastifyInstance,
  password: string,
  owner: PasswordOwner,
  field = 'password',
) {
  const problems = await newPasswordProblems(password, app.authSettings.passwordPolicy, owner)
  if (problems.length) throw new HttpError(400, { [field]: problems })
}

/** A person's details that their password must not be made of. */
export const passwordOwner = (user: Pick<UserRow, 'phone' | 'firstName' | 'lastName'>): PasswordOwner => ({
  phone: user.phone,
  names: [user.firstName, user.lastName],
})

/** What a blocked shopper hears at every sign-in (a code, a password, a social account). */
export const ACCOUNT_BLOCKED = 'This account has been blocked by the shop. Please contact the shop for help.'

/** Opens a fresh session for an active account and answers `{ data: { access_token, user } }`. */
export async function logIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  persistent = true,
): Promise<SessionAnswer> {
  if (user.status === 'blocked') throw forbidden(ACCOUNT_BLOCKED)
  if (user.status !== 'active') throw forbidden('This account is disabled')
  const token = await startSession(app, request, reply, user.id, persistent)
  return { data: { access_token: token, user: publicUser(user) } }
}
