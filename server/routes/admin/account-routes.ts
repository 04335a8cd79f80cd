import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  staffPasswordBody,
  staffSessionAnswer,
  staffSetupAnswer,
  staffSetupBody,
  totpConfirmBody,
  totpSetupAnswer,
  totpSetupBody,
} from '../../../src/contract/staff'
import { hashPassword, newPasswordProblems, verifyPassword } from '../../domain/password'
import { hashSessionToken } from '../../domain/session'
import { isStaffRole, newTotpSecret, totpEnrolment, totpStep } from '../../domain/staff'
import { badRequest, forbidden, HttpError, unauthorized } from '../../plugins/errors'
import type { StaffIdentity } from '../../plugins/staff-auth'
import type { UserRow } from '../../repositories/accounts'
import {
  clearPasswordChecks,
  reserveCodeCheck,
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
  const assertAllowed = async (password: string, person: UserRow, field: string) => {
    const problems = await newPasswordProblems(password, app.authSettings.passwordPolicy, {
      phone: person.phone,
      names: [person.firstName, person.lastName],
    })
    if (problems.length) throw new HttpError(400, { [field]: problems })
  }
  /** the back office's own password (never the shop's), checked within the password limits */
  const checkPassword = async (request: FastifyRequest, staff: StaffIdentity, password: string) => {
    await reservePasswordCheck(app, staff.phone, request.ip)
    const user = await app.staff.byId(staff.id)
    if (!user?.staffPasswordHash || !(await verifyPassword(user.staffPasswordHash, password))) {
      throw badRequest('currentPassword', 'The current password is not correct')
    }
    await clearPasswordChecks(app, staff.phone, request.ip)
    return user
  }
  /** a code from the authenticator app in use, accepted once like a sign-in's */
  const checkCurrentCode = async (request: FastifyRequest, staff: StaffIdentity, code: string) => {
    await reserveCodeCheck(app, staff.phone, request.ip)
    const user = await app.staff.byId(staff.id)
    const secret = user ? app.staffCredentials.totpSecretOf(user) : null
    if (!secret) throw badRequest('code', 'No authenticator app is set up')
    const step = totpStep(secret, code, app.clock.now())
    if (step === null) throw badRequest('code', 'The code is not correct')
    if (!(await app.staffCredentials.acceptTotpStep(staff.id, step))) {
      throw badRequest('code', 'This code was already used. Wait for the next one.')
    }
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
      const user = await checkPassword(request, staff, currentPassword)
      if (newPassword === currentPassword) {
        throw badRequest('newPassword', 'Choose a password different from the current one')
      }
      await assertAllowed(newPassword, user, 'newPassword')
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
      await assertAllowed(password, person, 'password')
      const done = await app.staffCredentials.completeSetup(tokenHash, await hashPassword(password), {
        staffId: person.id,
        ip: request.ip,
      })
      if (!done) throw badRequest('token', LINK_ENDED)
      return { data: { phone: person.phone } }
    },
  )

  /**
   * A new secret for an authenticator app; the app in use (if any) stays until a code confirms this one. A
   * session alone is not enough (one left open, or stolen): the password or a code from the app in use.
   */
  app.post(
    '/admin/auth/totp/setup',
    {
      config: self,
      schema: { tags: ['admin'], body: totpSetupBody, response: { 200: totpSetupAnswer } },
    },
    async (request, reply) => {
      const staff = signedIn(request)
      const { currentPassword, code } = request.body
      if (currentPassword !== undefined) await checkPassword(request, staff, currentPassword)
      else if (code !== undefined) await checkCurrentCode(request, staff, code)
      else throw badRequest('currentPassword', 'Enter your password or a code from your authenticator app')
      const secret = newTotpSecret()
      await app.staffCredentials.beginTotp(staff.id, secret)
      reply.header('cache-control', 'no-store')
      const issuer = await app.settings.shopName('en')
      return { data: { secret, ...totpEnrolment(secret, staff.phone, issuer) } }
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
