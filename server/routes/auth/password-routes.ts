import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { loginBody, registerAnswer, registerBody, sessionAnswer } from '../../../src/contract/auth'
import { cleanName } from '../../domain/name'
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../domain/password'
import { unauthorized } from '../../plugins/errors'
import { assertPasswordAllowed, logIn } from './accounts'
import { clearPasswordAttempts, reservePasswordAttempt } from './limits'
import { sendCode } from './otp-routes'

export const WRONG_LOGIN = 'The mobile number or password is not correct'
export const PROVE_NUMBER_FIRST = 'Confirm your number first: log in with a one-time code (SEND CODE).'

export default async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  /**
   * A registration is only a request: the chosen password waits beside a code sent to the number, and the
   * account exists once `otp-login` spends that code. New and registered numbers get the same answer.
   */
  r.post(
    '/auth/customer/register',
    { schema: { tags: ['auth'], body: registerBody, response: { 200: registerAnswer } } },
    async (request) => {
      const { phone, password } = request.body
      await assertPasswordAllowed(app, password, {
        phone,
        names: [request.body.firstName, request.body.lastName],
      })
      return sendCode(app, request, phone, 'register', async () => ({
        passwordHash: await hashPassword(password),
        firstName: cleanName(request.body.firstName),
        lastName: cleanName(request.body.lastName),
      }))
    },
  )

  r.post(
    '/auth/customer/login',
    { schema: { tags: ['auth'], body: loginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { phone, password } = request.body
      await reservePasswordAttempt(app, phone, request.ip)
      const user = await app.accounts.byPhone(phone)
      // an unknown number costs the same time and gets the same answer as a wrong password
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstNothing(password)
      if (!user || !ok) throw unauthorized(WRONG_LOGIN)
      await clearPasswordAttempts(app, phone, request.ip)
      // a password set before codes were required proves nothing about who holds the number
      if (!user.phoneVerifiedAt) throw unauthorized(PROVE_NUMBER_FIRST)
      return logIn(app, request, reply, user, request.body.remember !== false)
    },
  )
}
