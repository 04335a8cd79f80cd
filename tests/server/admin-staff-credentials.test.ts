import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import type { AuditEntry } from '../../src/contract/staff'
import {
  type AdminAnswer,
  adminCall,
  advanceClock,
  appCode,
  createPerson,
  login,
  openSession,
  type StaffCredentials,
  signInBySms,
  verify,
} from './admin-support'
import { call, lastCode, sendOtp, login as shopLogin } from './auth-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials & { id: number }
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
  const id = await createPerson(t.db, { phone: '01760000001', role: 'owner', password: 'owner-password' })
  owner = { id, ...(await openSession(t.app, id)) }
})
afterAll(() => t?.close())

const PASSWORD = 'manager-password-7'
/** base32 secret of the manager's authenticator app */
const APP_SECRET = 'KRUGS4ZANFZSAYLOEBQXA4BAONSWG4TF'
const WRONG_LOGIN = { error: { auth: ['The mobile number or password is not correct'] } }
const APP_ONLY = {
  error: {
    method: ['Your authenticator app is set up: enter its code. If you lost it, ask an owner to reset it.'],
  },
}

const challengeOf = (answer: AdminAnswer) => (answer.body.data as { challenge: string }).challenge
const auditOf = async (objectId: number) =>
  (await t.app.audit.list({ objectType: 'staff', objectId: String(objectId), page: 1, perPage: 50 }))
    .entries as AuditEntry[]
const outbox = async (phone: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/sms-outbox?phone=${phone}`,
    headers: apiHeaders,
  })
  return (answer.json() as { data: { body: string }[] }).data
}
/** The shop's "forgot password": a code by SMS to the number, then a new password with it. */
async function resetShopPassword(phone: string, password: string, ip: string) {
  const sent = await sendOtp(t.app, phone, 'reset', ip)
  expect(sent.status).toBe(200)
  return call(t.app, 'POST', 'auth/customer/password-reset', {
    body: { phone, otpId: sent.body.otpId, otpCode: await lastCode(t.app, phone), password },
    ip,
  })
}

describe("a stranger who receives a staff member's SMS", () => {
  it("resets the shop's password, and still cannot open the back office with it", async () => {
    const phone = '01760000010'
    const id = await createPerson(t.db, {
      phone,
      role: 'manager',
      password: PASSWORD,
      shopPassword: 'the-managers-shop-pass',
      totpSecret: APP_SECRET,
    })
    const manager = await openSession(t.app, id)

    // the attack: reset by SMS on the shop, then the back office's sign-in with the new password
    const stranger = '10.66.0.1'
    const reset = await resetShopPassword(phone, 'stranger-chose-this', stranger)
    expect(reset.status).toBe(200)
    const step1 = await login(t.app, phone, 'stranger-chose-this', stranger)
    expect(step1.status).toBe(401)
    expect(step1.body).toEqual(WRONG_LOGIN)
    // the shop's password changed, the back office's did not
    expect((await shopLogin(t.app, phone, 'stranger-chose-this', stranger)).status).toBe(200)
    expect((await login(t.app, phone, PASSWORD, '10.66.0.2')).status).toBe(200)
    expect(
      (await adminCall(t.app, 'GET', 'customers/export.csv', { as: manager })).status,
      "the manager's own session goes on",
    ).toBe(200)

    // the owner sees both: the shop's reset of a staff number, and the refused sign-in
    const entries = await auditOf(id)
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual(
      expect.arrayContaining([
        ['staff.shop-password-reset', { shopPasswordChanged: true, staffPasswordChanged: false }],
        ['staff.sign-in-failed', { refused: 'wrong-password' }],
      ]),
    )
    expect(entries.some((entry) => entry.action === 'staff.sign-in')).toBe(false)
  })

  it('is never offered, sent or allowed an SMS code for a member with an app, even with the right password', async () => {
    const phone = '01760000011'
    await createPerson(t.db, { phone, role: 'manager', password: PASSWORD, totpSecret: APP_SECRET })
    const step1 = await login(t.app, phone, PASSWORD, '10.66.1.1')
    expect(step1.body).toEqual({ data: { challenge: expect.any(String), methods: ['totp'], sentTo: null } })
    const challenge = challengeOf(step1)
    const sendCode = await adminCall(t.app, 'POST', 'auth/send-code', { body: { challenge } })
    expect(sendCode.status).toBe(400)
    expect(sendCode.body).toEqual(APP_ONLY)
    expect(await outbox(phone)).toEqual([])
    const bySms = await verify(t.app, challenge, 'sms', '123456', '10.66.1.1')
    expect(bySms.body).toEqual(APP_ONLY)
    // the app's code still signs them in on the same challenge
    expect((await verify(t.app, challenge, 'totp', appCode(t.app, APP_SECRET), '10.66.1.1')).status).toBe(200)
  })
})

describe("an owner's reset of a member's authenticator app", () => {
  it('brings SMS codes back, ends their sessions, and is in the audit log', async () => {
    const phone = '01760000020'
    const id = await createPerson(t.db, { phone, role: 'staff', password: PASSWORD, totpSecret: APP_SECRET })
    const theirs = await openSession(t.app, id)
    const reset = await adminCall(t.app, 'DELETE', `staff/${id}/totp`, { as: owner })
    expect(reset.status).toBe(200)
    expect(reset.body.data).toMatchObject({ id, totpEnabled: false })
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: theirs })).status).toBe(401)
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect([row?.totpSecret, row?.totpPendingSecret, row?.totpEnabledAt]).toEqual([null, null, null])
    const [entry] = await auditOf(id)
    expect(entry).toMatchObject({
      action: 'staff.totp-reset',
      staff: { id: owner.id },
      before: { totpEnabled: true },
      after: { totpEnabled: false, sessionsEnded: 1 },
    })
    await signInBySms(t.app, phone, PASSWORD, '10.66.2.1')
  })

  it("is refused for the owner's own app, for someone not on the staff, and to a manager", async () => {
    const own = await adminCall(t.app, 'DELETE', `staff/${owner.id}/totp`, { as: owner })
    expect(own.status).toBe(409)
    expect(own.body).toEqual({ error: { id: ['Replace your own authenticator app from My account'] } })
    const customer = await createPerson(t.db, { phone: '01760000021', role: 'customer' })
    expect((await adminCall(t.app, 'DELETE', `staff/${customer}/totp`, { as: owner })).status).toBe(404)
    const managerId = await createPerson(t.db, { phone: '01760000022', role: 'manager', password: PASSWORD })
    const manager = await openSession(t.app, managerId)
    const target = await createPerson(t.db, {
      phone: '01760000023',
      role: 'staff',
      password: PASSWORD,
      totpSecret: APP_SECRET,
    })
    expect((await adminCall(t.app, 'DELETE', `staff/${target}/totp`, { as: manager })).status).toBe(403)
    expect((await auditOf(target)).map((entry) => entry.action)).toEqual([])
  })
})

describe('replacing an authenticator app', () => {
  it('asks for the password or a current code, not a session alone, even while a new password is owed', async () => {
    const phone = '01760000030'
    const id = await createPerson(t.db, {
      phone,
      role: 'owner',
      password: PASSWORD,
      totpSecret: APP_SECRET,
      mustChangePassword: true,
    })
    const session = await openSession(t.app, id)
    const setup = (body?: unknown) =>
      adminCall(t.app, 'POST', 'auth/totp/setup', { as: session, ...(body ? { body } : {}) })

    expect((await setup()).status).toBe(400)
    expect((await setup({})).body).toEqual({
      error: { currentPassword: ['Enter your password or a code from your authenticator app'] },
    })
    expect((await setup({ currentPassword: 'not-the-password' })).body).toEqual({
      error: { currentPassword: ['The current password is not correct'] },
    })
    expect((await setup({ code: appCode(t.app, APP_SECRET, 3) })).body).toEqual({
      error: { code: ['The code is not correct'] },
    })
    const [untouched] = await t.db.select().from(users).where(eq(users.id, id))
    expect(untouched?.totpPendingSecret).toBeNull()

    expect((await setup({ currentPassword: PASSWORD })).status).toBe(200)
    const byCode = await setup({ code: appCode(t.app, APP_SECRET) })
    expect(byCode.status).toBe(200)
    const { secret } = byCode.body.data as { secret: string }
    const confirmed = await adminCall(t.app, 'POST', 'auth/totp/confirm', {
      as: session,
      body: { code: appCode(t.app, secret) },
    })
    expect(confirmed.body.data).toMatchObject({ staff: { totpEnabled: true } })
  })
})

describe('the audit log of signing in', () => {
  it('records a wrong password and a wrong code for a staff number, and never changes an entry', async () => {
    const phone = '01760000040'
    const id = await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    expect((await login(t.app, phone, 'wrong-guess-1', '10.66.4.1')).status).toBe(401)
    const step1 = await login(t.app, phone, PASSWORD, '10.66.4.1')
    const code = await lastCode(t.app, phone)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect((await verify(t.app, challengeOf(step1), 'sms', wrongCode, '10.66.4.1')).status).toBe(400)
    const before = await auditOf(id)
    expect(before.map((entry) => [entry.action, entry.after, entry.staff])).toEqual([
      ['staff.sign-in-failed', { refused: 'wrong-code', method: 'sms' }, null],
      ['staff.sign-in-failed', { refused: 'wrong-password' }, null],
    ])
    expect((await verify(t.app, challengeOf(step1), 'sms', code, '10.66.4.1')).status).toBe(200)
    const after = await auditOf(id)
    expect(after.slice(1)).toEqual(before)
    expect(after[0]?.action).toBe('staff.sign-in')
  })

  it('records a change of the back-office password, which ends the other sessions', async () => {
    const phone = '01760000041'
    const id = await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const here = await signInBySms(t.app, phone, PASSWORD, '10.66.5.1')
    advanceClock(t.app, 61_000)
    const elsewhere = await signInBySms(t.app, phone, PASSWORD, '10.66.5.2')
    const changed = await adminCall(t.app, 'POST', 'auth/password', {
      as: here,
      body: { currentPassword: PASSWORD, newPassword: 'a-new-one-for-the-office' },
    })
    expect(changed.status).toBe(200)
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: elsewhere })).status).toBe(401)
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: here })).status).toBe(200)
    const [entry] = await auditOf(id)
    expect(entry).toMatchObject({
      action: 'staff.password',
      staff: { id },
      after: { passwordChanged: true, otherSessionsEnded: 1 },
    })
  })
})

describe("a staff member's new password", () => {
  it('is refused when common, guessable or their own number, at the setup link and when changed', async () => {
    const phone = '01760000050'
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone, firstName: 'Rupa', role: 'manager' },
    })
    const token = new URL((invited.body.data as { setupUrl: string }).setupUrl).searchParams.get('token')
    const guessable =
      'This password is too common or too easy to guess. Use a longer one, such as a few unrelated words.'
    const personal = 'Do not use your mobile number or name in your password'
    for (const [password, message] of [
      ['12345678', guessable],
      ['password', guessable],
      ['aaaaaaaa', guessable],
      ['haat-owner-demo', guessable],
      [phone, personal],
      ['rupa2024', personal],
    ] as const) {
      const refused = await adminCall(t.app, 'POST', 'auth/setup', { body: { token, password } })
      expect(refused.body, password).toEqual({ error: { password: [message] } })
    }
    expect(
      (await adminCall(t.app, 'POST', 'auth/setup', { body: { token, password: PASSWORD } })).status,
    ).toBe(200)
    const session = await signInBySms(t.app, phone, PASSWORD, '10.66.6.1')
    const change = await adminCall(t.app, 'POST', 'auth/password', {
      as: session,
      body: { currentPassword: PASSWORD, newPassword: `x${phone}` },
    })
    expect(change.body).toEqual({ error: { newPassword: [personal] } })
  })
})
