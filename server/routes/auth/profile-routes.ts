import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageAnswer, passwordChangeBody, profileBody, userAnswer } from '../../../src/contract/auth'
import { cleanName } from '../../domain/name'
import { hashPassword, verifyPassword } from '../../domain/password'
import { badRequest, unauthorized } from '../../plugins/errors'
import type { ProfileChanges } from '../../repositories/accounts'
import { assertPasswordAllowed, passwordOwner } from './accounts'
import { clearPasswordAttempts, reservePasswordAttempt } from './limits'
import { publicUser } from './session-store'

/** The signed-in shopper's own profile; every route here needs a session. */
export default async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.requireUser)

  const currentUser = async (id: number | undefined) => {
    const user = id === undefined ? undefined : await app.accounts.byId(id)
    if (!user) throw unauthorized()
    return user
  }

  r.get(
    '/user/customer/profile',
    { schema: { tags: ['user'], response: { 200: userAnswer } } },
    async (request) => {
      return { data: publicUser(await currentUser(request.user?.id)) }
    },
  )

  r.patch(
    '/user/customer/profile',
    { schema: { tags: ['user'], body: profileBody, response: { 200: userAnswer } } },
    async (request) => {
      const user = await currentUser(request.user?.id)
      const body = request.body
      const changes: ProfileChanges = {}
      if (body.firstName !== undefined) changes.firstName = cleanName(body.firstName)
      if (body.lastName !== undefined) changes.lastName = cleanName(body.lastName)
      if (body.email !== undefined) changes.email = body.email?.toLowerCase() ?? null
      if (body.gender !== undefined) changes.gender = body.gender
      if (body.avatar !== undefined) changes.avatar = body.avatar
      const updated = await app.accounts.updateProfile(user.id, changes)
      return { data: publicUser(updated ?? user) }
    },
  )

  r.patch(
    '/user/customer/profile/password',
    { schema: { tags: ['user'], body: passwordChangeBody, response: { 200: messageAnswer } } },
    async (request) => {
      const user = await currentUser(request.user?.id)
      const account = user.phone ?? `user-${user.id}`
      await reservePasswordAttempt(app, account, request.ip)
      const { currentPassword, password } = request.body
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest('currentPassword', 'The current password is not correct')
      }
      await clearPasswordAttempts(app, account, request.ip)
      await assertPasswordAllowed(app, password, passwordOwner(user))
      await app.accounts.setPassword(user.id, await hashPassword(password))
      await app.sessions.revokeAllOf(user.id, request.user?.sessionId)
      return { message: 'Your password has been changed' }
    },
  )
}
