import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  messageAnswer,
  type OtpPurpose,
  otpLoginBody,
  passwordResetBody,
  sendOtpAnswer,
  sendOtpBody,
  sessionAnswer,
} from '../../../src/contract/auth'
import { confirmPhoneAnswer, confirmPhoneBody } from '../../../src/contract/phone-proof'
import { otpMessage, phoneProof } from '../../domain/otp'
import { hashPassword } from '../../domain/password'
import { isStaffRole } from '../../domain/staff'
import { answerLanguage, badRequest, HttpError } from '../../plugins/errors'
import type { PendingRegistration } from '../../repositories/accounts'
import { assertPasswordAllowed, logIn, passwordOwner } from './accounts'
import { clearPasswordAttempts, reserveCodeSend } from './limits'
import { consumeOtp, issueOtp } from './otp-store'

/**
 * Sends a fresh code to the number (within the sending limits) and answers `{ phone, otpId }`. The answer
 * is the same whether or not the number has an account: only the number's owner learns anything.
 */
export async function sendCode(
  app: FastifyInstance,
  request: FastifyRequest,
  phone: string,
  purpose: OtpPurpose,
  registration?: () => Promise<PendingRegistration>,
) {
  await reserveCodeSend(app, phone, request.ip)
  const { otpId, code } = await issueOtp(app, phone, purpose, await registration?.())
  // a reset for a number with no account answers the same, but nothing is sent
  const sendable = purpose !== 'reset' || Boolean(await app.accounts.byPhone(phone))
  if (sendable) {
    try {
      const language = answerLanguage(request.headers, request.url)
      await app.sms.send(phone, otpMessage(code, purpose, await app.settings.shopName(language), language))
    } catch (error) {
      request.log.error({ err: error }, 'sms not sent')
      throw new HttpError(503, { phone: ['The code could not be sent. Try again in a moment.'] })
    }
  }
  return { phone, otpId }
}

export default async function otpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/auth/customer/send-otp',
    { schema: { tags: ['auth'], body: sendOtpBody, response: { 200: sendOtpAnswer } } },
    async (request) => sendCode(app, request, request.body.phone, request.body.type),
  )

  r.post(
    '/auth/customer/otp-login',
    { schema: { tags: ['auth'], body: otpLoginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { phone, otpId, otpCode } = request.body
      const spent = await consumeOtp(app, {
        phone,
        otpId,
        code: otpCode,
        purposes: ['login', 'register'],
        ip: request.ip,
      })
      // a proven number is enough to open (or create) its account
      const user = await app.accounts.forProvenPhone(phone, spent.registration)
      await clearPasswordAttempts(app, phone, request.ip)
      return logIn(app, request, reply, user)
    },
  )

  // a guest's number proven for a large cash-on-delivery order: no account is made or opened
  r.post(
    '/auth/customer/confirm-phone',
    { schema: { tags: ['auth'], body: confirmPhoneBody, response: { 200: confirmPhoneAnswer } } },
    async (request) => {
      const { phone, otpId, otpCode } = request.body
      await consumeOtp(app, { phone, otpId, code: otpCode, purposes: ['order'], ip: request.ip })
      return { data: { phone, proof: phoneProof(app.sealingKey, phone, app.clock.now()) } }
    },
  )

  r.post(
    '/auth/customer/password-reset',
    { schema: { tags: ['auth'], body: passwordResetBody, response: { 200: messageAnswer } } },
    async (request) => {
      const { phone, otpId, otpCode, password } = request.body
      // the names are checked once the code has proven the number: before, a refusal would tell a stranger them
      await assertPasswordAllowed(app, password, { phone })
      await consumeOtp(app, { phone, otpId, code: otpCode, purposes: ['reset'], ip: request.ip })
      const user = await app.accounts.byPhone(phone)
      if (!user) throw badRequest('otpCode', 'This code is not valid. Request a new one.')
      await assertPasswordAllowed(app, password, passwordOwner(user))
      await app.accounts.setPassword(user.id, await hashPassword(password), true)
      await app.sessions.revokeAllOf(user.id)
      if (isStaffRole(user.adminType)) {
        // the back office keeps its own password; the owner still sees that the staff number's shop password
        // was reset by SMS
        await app.audit.record(
          { staffId: null, ip: request.ip },
          {
            action: 'staff.shop-password-reset',
            objectType: 'staff',
            objectId: user.id,
            before: null,
            after: { shopPasswordChanged: true, staffPasswordChanged: false },
          },
        )
      }
      await clearPasswordAttempts(app, phone, request.ip)
      return { message: 'Your password has been changed. Log in with the new one.' }
    },
  )
}
