import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  messageAnswer,
  otpLoginBody,
  passwordResetBody,
  sendOtpAnswer,
  sendOtpBody,
  sessionAnswer,
} from '../../../src/contract/auth'
import { users } from '../../db/schema'
import { otpMessage } from '../../domain/otp'
import { hashPassword } from '../../domain/password'
import { badRequest, HttpError } from '../../plugins/errors'
import { logIn, userByPhone, userForVerifiedPhone } from './accounts'
import { assertOtpSendAllowed, clearLoginFailures } from './limits'
import { consumeOtp, issueOtp } from './otp-store'
import { assertPasswordAllowed } from './password-routes'
import { revokeOtherSessions } from './session-store'

export default async function otpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/auth/customer/send-otp',
    { schema: { tags: ['auth'], body: sendOtpBody, response: { 200: sendOtpAnswer } } },
    async (request) => {
      const { phone, type } = request.body
      await assertOtpSendAllowed(app, phone, request.ip)
      const { otpId, code } = await issueOtp(app, phone, type)
      // a reset for a number with no account answers the same, but nothing is sent
      const sendable = type !== 'reset' || Boolean(await userByPhone(app, phone))
      if (sendable) {
        try {
          await app.sms.send(phone, otpMessage(code, type))
        } catch (error) {
          request.log.error({ err: error }, 'sms not sent')
          throw new HttpError(503, { phone: ['The code could not be sent. Try again in a moment.'] })
        }
      }
      return { phone, otpId }
    },
  )

  r.post(
    '/auth/customer/otp-login',
    { schema: { tags: ['auth'], body: otpLoginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { phone, otpId, otpCode } = request.body
      await consumeOtp(app, { phone, otpId, code: otpCode, purposes: ['login', 'register'] })
      // a proven number is enough to open (or create) its account
      const user = await userForVerifiedPhone(app, phone)
      await clearLoginFailures(app, phone)
      return logIn(app, request, reply, user)
    },
  )

  r.post(
    '/auth/customer/password-reset',
    { schema: { tags: ['auth'], body: passwordResetBody, response: { 200: messageAnswer } } },
    async (request) => {
      const { phone, otpId, otpCode, password } = request.body
      assertPasswordAllowed(app, password)
      await consumeOtp(app, { phone, otpId, code: otpCode, purposes: ['reset'] })
      const user = await userByPhone(app, phone)
      if (!user) throw badRequest('otpCode', 'This code is not valid. Request a new one.')
      await app.db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: app.clock.now() })
        .where(eq(users.id, user.id))
      await revokeOtherSessions(app, user.id)
      await clearLoginFailures(app, phone)
      return { message: 'Your password has been changed. Log in with the new one.' }
    },
  )
}
