import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  type SecondFactor,
  type StaffChallengeAnswer,
  staffChallengeAnswer,
  staffLoginBody,
  staffSendCodeBody,
  staffSessionAnswer,
  staffVerifyBody,
} from '../../../src/contract/staff'
import { hashOtp, newOtpCode, otpMatches } from '../../domain/otp'
import { verifyAgainstNothing, verifyPassword } from '../../domain/password'
import { hashSessionToken, newSessionToken } from '../../domain/session'
import {
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MS,
  isStaffRole,
  maskPhone,
  staffCodeText,
  totpStep,
} from '../../domain/staff'
import { badRequest, forbidden, HttpError, unauthorized } from '../../plugins/errors'
import type { UserRow } from '../../repositories/accounts'
import {
  clearPasswordChecks,
  reserveCodeCheck,
  reserveCodeSend,
  reservePasswordCheck,
  reserveTokenLookup,
} from './limits'

const WRONG_LOGIN = 'The mobile number or password is not correct'
const CHALLENGE_ENDED = 'This sign-in has expired. Sign in again.'
const PURPOSE = 'staff-sign-in'

const APP_ONLY = 'Your authenticator app is set up: enter its code. If you lost it, ask an owner to reset it.'
const hasApp = (user: UserRow) => user.totpSecret !== null && user.totpEnabledAt !== null
const numberOf = (user: UserRow) => user.phone ?? ''

/**
 * What step 2 offers: the authenticator app alone once one is set up (an SMS code would let whoever holds the
 * number, or a swapped SIM, past the stronger factor), else a code by SMS.
 */
function challengeAnswer(token: string, user: UserRow, smsSent: boolean): StaffChallengeAnswer {
  const methods: SecondFactor[] = hasApp(user) ? ['totp'] : ['sms']
  return { data: { challenge: token, methods, sentTo: smsSent ? maskPhone(numberOf(user)) : null } }
}

/** Sign-in in two steps: number and password, then a code by SMS or from an authenticator app. */
export default async function signInRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const everyone = { capability: 'public' } as const

  /** a wrong password or code for a staff member, in the owner's audit log (the log is only ever added to) */
  const recordFailure = (request: FastifyRequest, user: UserRow, after: Record<string, unknown>) =>
    app.audit.record(
      { staffId: null, ip: request.ip },
      { action: 'staff.sign-in-failed', objectType: 'staff', objectId: user.id, before: null, after },
    )

  /** a fresh code for a challenge: its hash is kept (bound to the challenge and number), the code is sent */
  const newCode = (request: FastifyRequest, challengeId: string, phone: string) => {
    const code = newOtpCode()
    const codeHash = hashOtp(code, { phone, otpId: challengeId, purpose: PURPOSE })
    return {
      codeHash,
      send: async () => {
        try {
          await app.sms.send(phone, staffCodeText(code, await app.settings.shopName('en')))
        } catch (error) {
          request.log.error({ err: error }, 'sms not sent')
          throw new HttpError(503, { code: ['The code could not be sent. Try again in a moment.'] })
        }
      },
    }
  }

  app.post(
    '/admin/auth/login',
    {
      config: everyone,
      schema: { tags: ['admin'], body: staffLoginBody, response: { 200: staffChallengeAnswer } },
    },
    async (request, reply) => {
      const { phone, password } = request.body
      await reservePasswordCheck(app, phone, request.ip)
      const user = await app.staff.byPhone(phone)
      // an unknown number, a shopper's and a wrong password look the same, and take the same time; the shop's
      // password is never tried here
      const right = user?.staffPasswordHash
        ? await verifyPassword(user.staffPasswordHash, password)
        : await verifyAgainstNothing(password)
      if (!user || !isStaffRole(user.adminType)) throw unauthorized(WRONG_LOGIN)
      if (!right) {
        await recordFailure(request, user, { refused: 'wrong-password' })
        throw unauthorized(WRONG_LOGIN)
      }
      await clearPasswordChecks(app, phone, request.ip)
      if (user.status !== 'active') throw forbidden('This account is disabled')

      const id = randomUUID()
      const token = newSessionToken()
      const withSms = !hasApp(user)
      if (withSms) await reserveCodeSend(app, phone, request.ip, 'phone')
      const code = withSms ? newCode(request, id, phone) : null
      await app.staffSessions.createChallenge({
        id,
        tokenHash: hashSessionToken(token),
        userId: user.id,
        codeHash: code?.codeHash ?? null,
        expiresAt: new Date(app.clock.now().getTime() + CHALLENGE_TTL_MS),
      })
      await code?.send()
      reply.header('cache-control', 'no-store')
      return challengeAnswer(token, user, withSms)
    },
  )

  app.post(
    '/admin/auth/send-code',
    {
      config: everyone,
      schema: { tags: ['admin'], body: staffSendCodeBody, response: { 200: staffChallengeAnswer } },
    },
    async (request, reply) => {
      await reserveTokenLookup(app, request.ip, 'challenge')
      const live = await app.staffSessions.liveChallenge(hashSessionToken(request.body.challenge))
      if (!live) throw badRequest('challenge', CHALLENGE_ENDED)
      if (hasApp(live.user)) throw badRequest('method', APP_ONLY)
      const phone = numberOf(live.user)
      await reserveCodeSend(app, phone, request.ip, 'code')
      const code = newCode(request, live.challenge.id, phone)
      await app.staffSessions.setChallengeCode(live.challenge.id, code.codeHash)
      await code.send()
      reply.header('cache-control', 'no-store')
      return challengeAnswer(request.body.challenge, live.user, true)
    },
  )

  /** Whether the code is right for this method; a refusal says why. Each try was counted already. */
  const checkCode = async (
    user: UserRow,
    challenge: { id: string; codeHash: string | null; attempts: number },
    method: SecondFactor,
    code: string,
  ) => {
    // the fifth wrong code ends the challenge: the sign-in page goes back to the password
    const wrong = () =>
      challenge.attempts < CHALLENGE_MAX_ATTEMPTS
        ? badRequest('code', 'The code is not correct')
        : badRequest('challenge', 'Too many wrong codes. Sign in again.')
    if (method === 'sms') {
      if (hasApp(user)) throw badRequest('method', APP_ONLY)
      if (!challenge.codeHash) throw badRequest('method', 'Ask for a code by SMS first')
      const binding = { phone: numberOf(user), otpId: challenge.id, purpose: PURPOSE }
      if (!otpMatches(code, challenge.codeHash, binding)) throw wrong()
      return
    }
    if (!hasApp(user)) throw badRequest('method', 'No authenticator app is set up')
    const secret = app.staffCredentials.totpSecretOf(user)
    if (secret === null) {
      // sealed under another key (SECRETS_KEY changed): an owner resets the app, and SMS codes come back
      app.log.warn({ userId: user.id }, 'an authenticator secret does not open with this sealing key')
      throw badRequest('method', 'The authenticator app cannot be checked now: ask an owner to reset it')
    }
    const step = totpStep(secret, code, app.clock.now())
    if (step === null) throw wrong()
    // a code seen once (over a shoulder, in a proxy's log) never opens a second session
    if (!(await app.staffCredentials.acceptTotpStep(user.id, step))) {
      throw badRequest('code', 'This code was already used. Wait for the next one.')
    }
  }

  app.post(
    '/admin/auth/verify',
    {
      config: everyone,
      schema: { tags: ['admin'], body: staffVerifyBody, response: { 200: staffSessionAnswer } },
    },
    async (request, reply) => {
      const { challenge: token, method, code } = request.body
      await reserveTokenLookup(app, request.ip, 'challenge')
      const taken = await app.staffSessions.takeTry(hashSessionToken(token))
      if (!taken) throw badRequest('challenge', CHALLENGE_ENDED)
      const { challenge, user } = taken
      await reserveCodeCheck(app, numberOf(user), request.ip)
      try {
        await checkCode(user, challenge, method, code)
      } catch (error) {
        await recordFailure(request, user, { refused: 'wrong-code', method })
        throw error
      }
      // single use, even when two right codes race
      if (!(await app.staffSessions.spend(challenge.id))) throw badRequest('challenge', CHALLENGE_ENDED)
      // blocked or demoted in the five minutes since the password
      if (!isStaffRole(user.adminType)) throw unauthorized(WRONG_LOGIN)
      if (user.status !== 'active') throw forbidden('This account is disabled')
      if (method === 'sms') await app.staffCredentials.numberProven(user.id)

      const csrfToken = await app.staffAuth.startSession(request, reply, user.id)
      // who opened a session, when, from where and with which second factor: the owner can read it
      await app.audit.record(
        { staffId: user.id, ip: request.ip },
        { action: 'staff.sign-in', objectType: 'staff', objectId: user.id, after: { method } },
      )
      const staff = await app.staff.member(user.id)
      if (!staff) throw unauthorized(WRONG_LOGIN)
      reply.header('cache-control', 'no-store')
      return { data: { staff, csrfToken } }
    },
  )
}
