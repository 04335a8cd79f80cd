import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/password'
import { staffLimits } from '../../server/routes/admin/limits'
import {
  type AdminAnswer,
  adminCall,
  advanceClock,
  appCode,
  createPerson,
  login,
  signInBySms,
  staffCookieOf,
  verify,
} from './admin-support'
import { call, lastCode, sendOtp, login as shopLogin } from './auth-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

const PASSWORD = 'staff-password-1'
const WRONG_LOGIN = { error: { auth: ['The mobile number or password is not correct'] } }
/** base32 secret of an authenticator app (RFC 6238's test key) */
const APP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'

const challengeOf = (answer: AdminAnswer) => (answer.body.data as { challenge: string }).challenge
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
/** What the dev outbox holds for a number, newest first. */
const outbox = async (phone: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/sms-outbox?phone=${phone}`,
    headers: apiHeaders,
  })
  return (answer.json() as { data: { body: string }[] }).data
}

describe('signing in with a code by SMS', () => {
  it('answers a right number and password with a challenge and a code by SMS, and opens no session yet', async () => {
    const phone = '01710000001'
    await createPerson(t.db, { phone, role: 'manager', password: PASSWORD })
    const step1 = await login(t.app, phone, PASSWORD)
    expect(step1.status).toBe(200)
    expect(step1.body).toEqual({
      data: { challenge: expect.any(String), methods: ['sms'], sentTo: '017•••••001' },
    })
    expect(staffCookieOf(step1)).toBeUndefined()
    const [sms] = await outbox(phone)
    expect(sms?.body).toMatch(/^Haat: \d{6} is your code to sign in to the back office\./)
    // nothing reaches the back office on step 1 alone
    expect((await adminCall(t.app, 'GET', 'auth/me')).status).toBe(401)

    const step2 = await verify(t.app, challengeOf(step1), 'sms', await lastCode(t.app, phone))
    expect(step2.status).toBe(200)
    expect(step2.body.data).toMatchObject({
      staff: { phone, role: 'manager', status: 'active', totpEnabled: false, mustChangePassword: false },
      csrfToken: expect.any(String),
    })
    const cookie = staffCookieOf(step2)?.value as string
    const me = await adminCall(t.app, 'GET', 'auth/me', { as: { cookie, csrf: '' } })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ staff: { phone }, csrfToken: (step2.body.data as Json).csrfToken })
    // the owner's audit log shows who opened a session, from where and how
    const staffId = ((step2.body.data as Json).staff as { id: number }).id
    const entries = await t.app.audit.list({ staffId, objectType: 'staff', page: 1, perPage: 10 })
    expect(entries.entries.map((entry) => [entry.action, entry.objectId, entry.after])).toEqual([
      ['staff.sign-in', String(staffId), { method: 'sms' }],
    ])
  })

  it("answers a customer's right password, a wrong password and an unknown number alike", async () => {
    await createPerson(t.db, { phone: '01710000002', role: 'customer', password: PASSWORD })
    await createPerson(t.db, { phone: '01710000003', role: 'owner', password: PASSWORD })
    const answers = [
      await login(t.app, '01710000002', PASSWORD),
      await login(t.app, '01710000003', 'not-the-password'),
      await login(t.app, '01710000099', PASSWORD),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(WRONG_LOGIN)
      expect(staffCookieOf(answer)).toBeUndefined()
    }
    // and nothing is sent to the customer
    expect(await outbox('01710000002')).toEqual([])
  })

  it('counts each password before checking it, so even the right one is refused past the limit', async () => {
    const phone = '01710000004'
    await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t.app, phone, `guess-${i}`, '10.4.0.1')),
    )
    expect(guesses.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(
      staffLimits.password.pair.max,
    )
    const refused = await login(t.app, phone, PASSWORD, '10.4.0.1')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: { phone: [expect.stringMatching(/^Too many failed attempts\./)] } })
    // the owner of the number, from their own address, is not locked out by a stranger's guesses
    expect((await login(t.app, phone, PASSWORD, '10.4.0.2')).status).toBe(200)
  })

  it('checks at most five codes of a challenge, then refuses even the right one', async () => {
    const phone = '01710000005'
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, phone, PASSWORD))
    const code = await lastCode(t.app, phone)
    for (let i = 0; i < 4; i++) {
      const answer = await verify(t.app, challenge, 'sms', wrongCode(code))
      expect(answer.body).toEqual({ error: { code: ['The code is not correct'] } })
    }
    const fifth = await verify(t.app, challenge, 'sms', wrongCode(code))
    expect(fifth.body).toEqual({ error: { challenge: ['Too many wrong codes. Sign in again.'] } })
    const right = await verify(t.app, challenge, 'sms', code)
    expect(right.status).toBe(400)
    expect(right.body).toEqual({ error: { challenge: ['This sign-in has expired. Sign in again.'] } })
    expect(staffCookieOf(right)).toBeUndefined()
  })

  it('compares at most five of 30 parallel guesses at one challenge', async () => {
    const phone = '01710000006'
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, phone, PASSWORD))
    const code = await lastCode(t.app, phone)
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        verify(t.app, challenge, 'sms', wrongCode(String(Number(code) + i)), `10.6.0.${i}`),
      ),
    )
    const compared = guesses.filter((answer) =>
      /The code is not correct|Too many wrong codes/.test(JSON.stringify(answer.body)),
    )
    expect(compared.length).toBeLessThanOrEqual(5)
    expect(guesses.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true)
  })

  it('spends a challenge once: the same code does not open a second session', async () => {
    const phone = '01710000007'
    await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, phone, PASSWORD))
    const code = await lastCode(t.app, phone)
    const both = await Promise.all([
      verify(t.app, challenge, 'sms', code),
      verify(t.app, challenge, 'sms', code),
    ])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400])
    const again = await verify(t.app, challenge, 'sms', code)
    expect(again.body).toEqual({ error: { challenge: ['This sign-in has expired. Sign in again.'] } })
  })

  it('refuses a challenge older than five minutes', async () => {
    const phone = '01710000008'
    await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, phone, PASSWORD))
    const code = await lastCode(t.app, phone)
    advanceClock(t.app, 5 * 60 * 1000 + 1000)
    const late = await verify(t.app, challenge, 'sms', code)
    expect(late.status).toBe(400)
    expect(late.body).toEqual({ error: { challenge: ['This sign-in has expired. Sign in again.'] } })
    expect(staffCookieOf(late)).toBeUndefined()
  })

  it('refuses a made-up challenge and a code from another challenge', async () => {
    const phone = '01710000009'
    await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const first = challengeOf(await login(t.app, phone, PASSWORD))
    const firstCode = await lastCode(t.app, phone)
    expect((await verify(t.app, 'x'.repeat(43), 'sms', firstCode)).body).toEqual({
      error: { challenge: ['This sign-in has expired. Sign in again.'] },
    })
    advanceClock(t.app, 61_000)
    const second = challengeOf(await login(t.app, phone, PASSWORD))
    const answer = await verify(t.app, second, 'sms', firstCode)
    expect(answer.body).toEqual({ error: { code: ['The code is not correct'] } })
    expect(first).not.toBe(second)
  })

  it('refuses a blocked staff member, even with the right password and code', async () => {
    const phone = '01710000010'
    const id = await createPerson(t.db, { phone, role: 'manager', password: PASSWORD, status: 'blocked' })
    const refused = await login(t.app, phone, PASSWORD)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ error: { auth: ['This account is disabled'] } })
    expect((await login(t.app, phone, 'wrong-password')).body).toEqual(WRONG_LOGIN)
    expect(id).toBeGreaterThan(0)
  })

  it('proves the number for the shop too, yet each keeps its own password, and a shop code changes neither', async () => {
    const phone = '01710000012'
    await t.db.insert(users).values({
      phone,
      adminType: 'staff',
      passwordHash: await hashPassword('their-shop-password'),
      staffPasswordHash: await hashPassword(PASSWORD),
      mustChangePassword: false,
    })
    await signInBySms(t.app, phone, PASSWORD)
    expect((await shopLogin(t.app, phone, 'their-shop-password')).status).toBe(200)
    expect((await shopLogin(t.app, phone, PASSWORD)).status).toBe(401)
    expect((await login(t.app, phone, 'their-shop-password')).body).toEqual(WRONG_LOGIN)
    advanceClock(t.app, 61_000)
    const sent = await sendOtp(t.app, phone)
    const otpLogin = await call(t.app, 'POST', 'auth/customer/otp-login', {
      body: { phone, otpId: sent.body.otpId, otpCode: await lastCode(t.app, phone) },
    })
    expect(otpLogin.status).toBe(200)
    advanceClock(t.app, 61_000)
    expect((await login(t.app, phone, PASSWORD)).status).toBe(200)
  })

  it('refuses a step 1 from a foreign page', async () => {
    const phone = '01710000011'
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    for (const origin of [null, 'https://evil.example', 'null', 'http://localhost:8081']) {
      const answer = await adminCall(t.app, 'POST', 'auth/login', {
        body: { phone, password: PASSWORD },
        origin,
      })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ error: { csrf: [expect.any(String)] } })
    }
    expect(await outbox(phone)).toEqual([])
  })
})

describe('signing in with an authenticator app', () => {
  const phone = '01720000001'
  beforeAll(async () => {
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD, totpSecret: APP_SECRET })
  })

  it('offers the app alone and sends no SMS', async () => {
    const step1 = await login(t.app, phone, PASSWORD)
    expect(step1.body).toEqual({
      data: { challenge: expect.any(String), methods: ['totp'], sentTo: null },
    })
    expect(await outbox(phone)).toEqual([])
    const step2 = await verify(t.app, challengeOf(step1), 'totp', appCode(t.app, APP_SECRET))
    expect(step2.status).toBe(200)
    expect(staffCookieOf(step2)?.value).toEqual(expect.any(String))
  })

  it('never accepts a code twice, nor one older than the last accepted', async () => {
    advanceClock(t.app, 5 * 60_000)
    const code = appCode(t.app, APP_SECRET)
    expect((await verify(t.app, challengeOf(await login(t.app, phone, PASSWORD)), 'totp', code)).status).toBe(
      200,
    )
    const replayed = await verify(t.app, challengeOf(await login(t.app, phone, PASSWORD)), 'totp', code)
    expect(replayed.status).toBe(400)
    expect(replayed.body).toEqual({ error: { code: ['This code was already used. Wait for the next one.'] } })
    const older = await verify(
      t.app,
      challengeOf(await login(t.app, phone, PASSWORD)),
      'totp',
      appCode(t.app, APP_SECRET, -1),
    )
    expect(older.body).toEqual({ error: { code: ['This code was already used. Wait for the next one.'] } })
    // the next step's code (a phone's clock a little ahead) is within the window
    const ahead = await verify(
      t.app,
      challengeOf(await login(t.app, phone, PASSWORD)),
      'totp',
      appCode(t.app, APP_SECRET, 1),
    )
    expect(ahead.status).toBe(200)
  })

  it('refuses a code two steps away', async () => {
    advanceClock(t.app, 5 * 60_000)
    const answer = await verify(
      t.app,
      challengeOf(await login(t.app, phone, PASSWORD)),
      'totp',
      appCode(t.app, APP_SECRET, 3),
    )
    expect(answer.body).toEqual({ error: { code: ['The code is not correct'] } })
  })

  it('sends another SMS code when asked, a minute apart at most', async () => {
    const other = '01720000003'
    await createPerson(t.db, { phone: other, role: 'staff', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, other, PASSWORD))
    const again = await adminCall(t.app, 'POST', 'auth/send-code', { body: { challenge } })
    expect(again.status).toBe(429)
    expect(again.body).toEqual({ error: { code: [expect.stringMatching(/^A code was just sent\./)] } })
    advanceClock(t.app, 61_000)
    const sent = await adminCall(t.app, 'POST', 'auth/send-code', { body: { challenge } })
    expect(sent.body).toEqual({ data: { challenge, methods: ['sms'], sentTo: '017•••••003' } })
    expect((await verify(t.app, challenge, 'sms', await lastCode(t.app, other))).status).toBe(200)
  })

  it('answers a code from an app nobody set up as a wrong method', async () => {
    const other = '01720000002'
    await createPerson(t.db, { phone: other, role: 'staff', password: PASSWORD })
    const challenge = challengeOf(await login(t.app, other, PASSWORD))
    const answer = await verify(t.app, challenge, 'totp', appCode(t.app, APP_SECRET))
    expect(answer.body).toEqual({ error: { method: ['No authenticator app is set up'] } })
  })
})

type Json = Record<string, unknown>
