import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  staffPasswordBody,
  staffSessionAnswer,
  staffSetupAnswer,
  staffSetupBody,
  totpConfirmBody,
  totpSetupAnswer,
} from '../../../src/contract/staff'
import { hashPassword, passwordProblems, verifyPassword } from '../../domain/password'
import { hashSessionToken } from '../../domain/session'
import { isStaffRole, newTotpSecret, totpEnrolment, totpStep } from '../../domain/staff'
import { badRequest, forbidden, HttpError, unauthorized } from '../../plugins/errors'
import type { StaffIdentity } from '../../plugins/staff-auth'
import {
  clearPasswordChecks,
  reserveEnrolmentCheck,
  reservePasswordCheck,
  reserveTokenLookup,
} from './limits'

const LINK_ENDED = 'This link has expired or was already used. Ask the owner for a new one.'

/** The signed-in staff member's own account: who they are, signing out, their password and authenticator app. */
export default async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  /** any staff member, even before they have chosen a new password */
  const self = { capability: 'account.self', staffSelf: true } as const

  const signedIn = (request: FastifyRequest): StaffIdentity => {
    if (!request.staff) throw unauthorized()
    return request.staff
  }
  const actorOf = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })
  const assertAllowed = (password: string, field: string) => {
    const problems = passwordProblems(password, app.authSettings.passwordPolicy)
    if (problems.length) throw new HttpError(400, { [field]: problems })
  }
  const sessionAnswer = async (staff: StaffIdentity) => {
    const member = await app.staff.member(staff.id)
    if (!member) throw unauthorized()
    return { data: { staff: member, csrfToken: staff.csrfToken } }
  }

  app.get(
    '/admin/auth/me',
    { config: self, schema: { tags: ['admin'], response: { 200: staffSessionAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return sessionAnswer(signedIn(request))
    },
  )

  app.post('/admin/auth/logout', { config: self, schema: { tags: ['admin'] } }, async (request, reply) => {
    await app.staffAuth.endSession(request, reply)
    return reply.code(204).send()
  })

  app.post(
    '/admin/auth/password',
    {
      config: self,
      schema: { tags: ['admin'], body: staffPasswordBody, response: { 200: staffSessionAnswer } },
    },
    async (request) => {
      const staff = signedIn(request)
      const { currentPassword, newPassword } = request.body
      await reservePasswordCheck(app, staff.phone, request.ip)
      const user = await app.staff.byId(staff.id)
      if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest('currentPassword', 'The current password is not correct')
      }
      await clearPasswordChecks(app, staff.phone, request.ip)
      assertAllowed(newPassword, 'newPassword')
      if (newPassword === currentPassword) {
        throw badRequest('newPassword', 'Choose a password different from the current one')
      }
      await app.staffCredentials.changePassword(
        staff.id,
        await hashPassword(newPassword),
        staff.sessionId,
        actorOf(request),
      )
      return sessionAnswer(staff)
    },
  )

  /** The one-time link of a new owner or invited staff member: their first password. Sign in after it. */
  app.post(
    '/admin/auth/setup',
    {
      config: { capability: 'public' },
      schema: { tags: ['admin'], body: staffSetupBody, response: { 200: staffSetupAnswer } },
    },
    async (request) => {
      const { token, password } = request.body
      await reserveTokenLookup(app, request.ip, 'token')
      const tokenHash = hashSessionToken(token)
      const person = await app.staffCredentials.setupTarget(tokenHash)
      if (!person?.phone || !isStaffRole(person.adminType)) throw badRequest('token', LINK_ENDED)
      if (person.status !== 'active') throw forbidden('This account is disabled')
      assertAllowed(password, 'password')
      const done = await app.staffCredentials.completeSetup(tokenHash, await hashPassword(password), {
        staffId: person.id,
        ip: request.ip,
      })
      if (!done) throw badRequest('token', LINK_ENDED)
      return { data: { phone: person.phone } }
    },
  )

  /** A new secret for an authenticator app; the app in use (if any) stays until a code confirms this one. */
  app.post(
    '/admin/auth/totp/setup',
    { config: self, schema: { tags: ['admin'], response: { 200: totpSetupAnswer } } },
    async (request, reply) => {
      const staff = signedIn(request)
      const secret = newTotpSecret()
      await app.staffCredentials.beginTotp(staff.id, secret)
      reply.header('cache-control', 'no-store')
      return { data: { secret, ...totpEnrolment(secret, staff.phone) } }
    },
  )

  app.post(
    '/admin/auth/totp/confirm',
    {
      config: self,
      schema: { tags: ['admin'], body: totpConfirmBody, response: { 200: staffSessionAnswer } },
    },
    async (request) => {
      const staff = signedIn(request)
      await reserveEnrolmentCheck(app, staff.id)
      const pending = await app.staffCredentials.pendingTotp(staff.id)
      if (!pending) throw badRequest('code', 'Set up the authenticator app first')
      const step = totpStep(pending.secret, request.body.code, app.clock.now())
      if (step === null) throw badRequest('code', 'The code is not correct')
      if (!(await app.staffCredentials.confirmTotp(staff.id, pending.sealed, step, actorOf(request)))) {
        throw badRequest('code', 'Set up the authenticator app first')
      }
      return sessionAnswer(staff)
    },
  )
}
