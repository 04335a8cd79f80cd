import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/password'
import { hashSessionToken, newSessionToken } from '../../server/domain/session'
import { PROVE_NUMBER_FIRST, WRONG_LOGIN } from '../../server/routes/auth/password-routes'
import {
  advanceClock,
  call,
  lastCode,
  login,
  register,
  requestRegistration,
  sendOtp,
  tokenOf,
  userOf,
} from './auth-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

const ATTACKER = '10.66.0.1'
const OWNER = '10.77.0.1'

const accountOf = async (phone: string) =>
  (await t.db.select().from(users).where(eq(users.phone, phone)).limit(1))[0]

async function logInByCode(phone: string, ip: string) {
  const sent = await sendOtp(t.app, phone, 'login', ip)
  expect(sent.status).toBe(200)
  return call(t.app, 'POST', 'auth/customer/otp-login', {
    body: { phone, otpId: sent.body.otpId, otpCode: await lastCode(t.app, phone) },
    ip,
  })
}

describe('a number becomes an account only once a code proves it', () => {
  it('answers a registration with a code request: no account, no session, the password not yet usable', async () => {
    const phone = '01822000001'
    const answer = await requestRegistration(t.app, phone, 'secret-pass')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ phone, otpId: expect.any(String) })
    expect(answer.cookie).toBeUndefined()
    expect(await accountOf(phone)).toBeUndefined()
    expect((await login(t.app, phone, 'secret-pass')).status).toBe(401)
    const sms = await call(t.app, 'GET', `dev/sms-outbox?phone=${phone}`)
    expect((sms.body.data as { body: string }[])[0]?.body).toMatch(
      /^Haat: \d{6} is your code to confirm your number/,
    )
  })

  it('completes the registration when the code is entered: the password works from then on', async () => {
    const phone = '01822000002'
    const answer = await register(t.app, phone, 'chosen-pass')
    expect(answer.status).toBe(200)
    expect(userOf(answer)).toMatchObject({ phone })
    expect((await accountOf(phone))?.phoneVerifiedAt).toBeInstanceOf(Date)
    expect((await login(t.app, phone, 'chosen-pass', '10.0.2.2')).status).toBe(200)
  })

  it('answers a registration for a registered number exactly as for a new one', async () => {
    await register(t.app, '01822000003', 'first-pass')
    const known = await requestRegistration(t.app, '01822000003', 'other-pass', '10.0.3.1')
    const unknown = await requestRegistration(t.app, '01822000004', 'other-pass', '10.0.3.1')
    expect(known.status).toBe(unknown.status)
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body))
    // until the owner enters the code, nothing about the account changes
    expect((await login(t.app, '01822000003', 'first-pass', '10.0.3.2')).status).toBe(200)
    expect((await login(t.app, '01822000003', 'other-pass', '10.0.3.2')).status).toBe(401)
  })

  it('lets a waiting registration expire with its code', async () => {
    const phone = '01822000005'
    const requested = await requestRegistration(t.app, phone, 'secret-pass')
    const code = await lastCode(t.app, phone)
    advanceClock(t.app, 5 * 60 * 1000 + 1000)
    const late = await call(t.app, 'POST', 'auth/customer/otp-login', {
      body: { phone, otpId: requested.body.otpId, otpCode: code },
    })
    expect(late.status).toBe(400)
    expect(await accountOf(phone)).toBeUndefined()
  })

  it("ends a stranger's registration of someone else's number with the owner in a fresh account", async () => {
    const phone = '01822000006'
    // the stranger registers the number with their own password; the code goes to the owner's phone
    expect((await requestRegistration(t.app, phone, 'attacker-pass', ATTACKER)).status).toBe(200)
    expect((await login(t.app, phone, 'attacker-pass', ATTACKER)).status).toBe(401)
    // the owner later logs in with a code: the account is theirs, with no password the stranger knows
    const owner = await logInByCode(phone, OWNER)
    expect(owner.status).toBe(200)
    const account = await accountOf(phone)
    expect(account?.passwordHash).toBeNull()
    expect(account?.firstName).toBe('')
    const attacker = await login(t.app, phone, 'attacker-pass', '10.66.0.2')
    expect(attacker.status).toBe(401)
    expect(attacker.body).toEqual({ error: { auth: [WRONG_LOGIN] } })
  })

  it('drops the password and every session of an account whose number was never proven', async () => {
    // an account from before codes were required: a password registration nobody proved
    const phone = '01822000007'
    const now = new Date()
    const [planted] = await t.db
      .insert(users)
      .values({
        phone,
        firstName: 'Stranger',
        passwordHash: await hashPassword('attacker-pass'),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!planted) throw new Error('no account planted')
    const attackerToken = newSessionToken()
    await t.db.insert(sessions).values({
      userId: planted.id,
      tokenHash: hashSessionToken(attackerToken),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: attackerToken })).status).toBe(200)
    // its password alone no longer lets anyone in: the number must be proven first
    const byPassword = await login(t.app, phone, 'attacker-pass', ATTACKER)
    expect(byPassword.status).toBe(401)
    expect(byPassword.body).toEqual({ error: { auth: [PROVE_NUMBER_FIRST] } })

    const owner = await logInByCode(phone, OWNER)
    expect(owner.status).toBe(200)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: attackerToken })).status).toBe(401)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: tokenOf(owner) })).status).toBe(200)
    expect((await login(t.app, phone, 'attacker-pass', '10.66.0.3')).status).toBe(401)
    expect((await accountOf(phone))?.passwordHash).toBeNull()
  })
})
