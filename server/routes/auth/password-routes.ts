import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { loginBody, registerBody, sessionAnswer } from '../../../src/contract/auth'
import { users } from '../../db/schema'
import { cleanName } from '../../domain/name'
import { hashPassword, passwordProblems, verifyAgainstNothing, verifyPassword } from '../../domain/password'
import { conflict, HttpError, unauthorized } from '../../plugins/errors'
import { logIn, userByPhone } from './accounts'
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './limits'

export const WRONG_LOGIN = 'The mobile number or password is not correct'

export function assertPasswordAllowed(app: FastifyInstance, password: string, field = 'password') {
  const problems = passwordProblems(password, app.authSettings.passwordPolicy)
  if (problems.length) throw new HttpError(400, { [field]: problems })
}

export default async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/auth/customer/register',
    { schema: { tags: ['auth'], body: registerBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { phone, password } = request.body
      assertPasswordAllowed(app, password)
      if (await userByPhone(app, phone)) {
        throw conflict({ phone: ['This mobile number is already registered. Log in instead.'] })
      }
      const now = app.clock.now()
      const [created] = await app.db
        .insert(users)
        .values({
          phone,
          firstName: cleanName(request.body.firstName),
          lastName: cleanName(request.body.lastName),
          passwordHash: await hashPassword(password),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      if (!created) throw conflict({ phone: ['This mobile number is already registered. Log in instead.'] })
      return logIn(app, request, reply, created)
    },
  )

  r.post(
    '/auth/customer/login',
    { schema: { tags: ['auth'], body: loginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { phone, password } = request.body
      await assertLoginAllowed(app, phone, request.ip)
      const user = await userByPhone(app, phone)
      // an unknown number costs the same time and gets the same answer as a wrong password
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstNothing(password)
      if (!user || !ok) {
        await recordLoginFailure(app, phone, request.ip)
        throw unauthorized(WRONG_LOGIN)
      }
      await clearLoginFailures(app, phone)
      return logIn(app, request, reply, user, request.body.remember !== false)
    },
  )
}
