import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { unseal } from '../../server/domain/sealed'
import { ownerChangeProblem } from '../../server/domain/staff'
import type { AuditEntry, StaffMember } from '../../src/contract/staff'
import {
  adminCall,
  advanceClock,
  appCode,
  createPerson,
  login,
  openSession,
  type StaffCredentials,
  signInBySms,
} from './admin-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials & { id: number }
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
  const id = await createPerson(t.db, { phone: '01750000001', role: 'owner', password: 'owner-password' })
  owner = { id, ...(await openSession(t.app, id)) }
})
afterAll(() => t?.close())

const audit = async (query = '') => {
  const answer = await adminCall(t.app, 'GET', `audit${query}`, { as: owner })
  expect(answer.status).toBe(200)
  return answer.body as { data: AuditEntry[]; page: number; perPage: number; hasNext: boolean }
}
const outbox = async (phone: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/sms-outbox?phone=${phone}`,
    headers: apiHeaders,
  })
  return (answer.json() as { data: { body: string }[] }).data
}
const tokenOf = (setupUrl: string) => new URL(setupUrl).searchParams.get('token') ?? ''

describe('inviting staff', () => {
  it('sends a one-time setup link; the password chosen there signs in, with a code by SMS', async () => {
    const phone = '01750000010'
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone: '01750-000010', firstName: '  Karim  ', role: 'manager' },
    })
    expect(invited.status).toBe(201)
    const { staff, setupUrl } = invited.body.data as { staff: StaffMember; setupUrl: string }
    expect(staff).toMatchObject({
      phone,
      firstName: 'Karim',
      lastName: '',
      role: 'manager',
      status: 'active',
      mustChangePassword: true,
      totpEnabled: false,
      lastSeenAt: null,
    })
    expect(setupUrl).toMatch(/^http:\/\/localhost:8080\/admin\/setup\?token=[\w-]{43}$/)
    expect((await outbox(phone))[0]?.body).toContain(setupUrl)

    // nobody signs in before choosing a password
    expect((await login(t.app, phone, 'anything-at-all')).status).toBe(401)
    const weak = await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'abc' },
    })
    expect(weak.body).toEqual({ error: { password: ['Use at least 8 characters'] } })
    const setUp = await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'karim-chose-this' },
    })
    expect(setUp.status).toBe(200)
    expect(setUp.body).toEqual({ data: { phone } })
    const again = await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'someone-else' },
    })
    expect(again.body).toEqual({
      error: { token: ['This link has expired or was already used. Ask the owner for a new one.'] },
    })

    const session = await signInBySms(t.app, phone, 'karim-chose-this')
    expect(session.answer.body.data).toMatchObject({ staff: { role: 'manager', mustChangePassword: false } })
    expect((await adminCall(t.app, 'GET', 'staff', { as: session })).status).toBe(403)
    const list = await adminCall(t.app, 'GET', 'staff', { as: owner })
    const listed = (list.body.data as (StaffMember & { sessions: number })[]).find((m) => m.phone === phone)
    expect(listed).toMatchObject({ sessions: 1, lastSeenAt: expect.any(String) })
  })

  it("promotes a customer of that number, keeping the customer's own names", async () => {
    const phone = '01750000011'
    await createPerson(t.db, { phone, role: 'customer', firstName: 'Shila', password: 'shopper-pass' })
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone, firstName: 'S.', lastName: 'Akter', role: 'staff' },
    })
    expect(invited.status).toBe(201)
    expect((invited.body.data as { staff: StaffMember }).staff).toMatchObject({
      firstName: 'Shila',
      role: 'staff',
      mustChangePassword: true,
    })
    const [entry] = (await audit('?objectType=staff&perPage=1')).data
    expect(entry).toMatchObject({
      action: 'staff.invite',
      before: { role: 'customer' },
      after: { role: 'staff' },
    })
    // the shop's password never opens the back office: the setup link gives them a password of its own
    expect((await login(t.app, phone, 'shopper-pass')).status).toBe(401)
    const { setupUrl } = invited.body.data as { setupUrl: string }
    const setUp = await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'shila-back-office' },
    })
    expect(setUp.status).toBe(200)
    await signInBySms(t.app, phone, 'shila-back-office')
  })

  it('refuses a number already on the staff, and a customer of the staff list', async () => {
    const again = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone: '01750000001', firstName: 'Me', role: 'staff' },
    })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: { phone: ['This number is already on the staff'] } })
    const customer = await createPerson(t.db, { phone: '01750000012', role: 'customer' })
    const answer = await adminCall(t.app, 'PATCH', `staff/${customer}`, {
      as: owner,
      body: { role: 'owner' },
    })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: { id: ['Staff member not found'] } })
    const list = (await adminCall(t.app, 'GET', 'staff', { as: owner })).body.data as StaffMember[]
    expect(list.some((member) => member.id === customer)).toBe(false)
  })

  it('lets a setup link expire after 72 hours', async () => {
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone: '01750000013', firstName: 'Late', role: 'staff' },
    })
    const { setupUrl } = invited.body.data as { setupUrl: string }
    advanceClock(t.app, 72 * 60 * 60 * 1000 + 1000)
    owner = { id: owner.id, ...(await openSession(t.app, owner.id)) }
    const late = await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'too-late-now' },
    })
    expect(late.status).toBe(400)
    expect(Object.keys(late.body.error as object)).toEqual(['token'])
  })
})

describe('changing roles and status', () => {
  it.each([
    ['an owner demoting themselves', 1, { id: 1, role: 'owner' }, { role: 'manager' }, 2, 'own role'],
    ['an owner blocking themselves', 1, { id: 1, role: 'owner' }, { status: 'blocked' }, 2, 'own role'],
    ['demoting the last active owner', 1, { id: 2, role: 'owner' }, { role: 'staff' }, 0, 'one active owner'],
    [
      'blocking the last active owner',
      1,
      { id: 2, role: 'owner' },
      { status: 'blocked' },
      0,
      'one active owner',
    ],
    ['demoting one of two owners', 1, { id: 2, role: 'owner' }, { role: 'staff' }, 1, null],
    ['blocking a manager', 1, { id: 3, role: 'manager' }, { status: 'blocked' }, 0, null],
    ['an owner keeping their own role', 1, { id: 1, role: 'owner' }, { role: 'owner' }, 0, null],
  ] as const)('%s', (_name, actorId, target, change, otherActiveOwners, problem) => {
    const found = ownerChangeProblem({
      actorId,
      target: { ...target, status: 'active' },
      change,
      otherActiveOwners,
    })
    if (problem === null) expect(found).toBeNull()
    else expect(found).toContain(problem)
  })

  it('refuses an owner demoting or blocking themselves with 409', async () => {
    for (const body of [{ role: 'manager' }, { status: 'blocked' }]) {
      const answer = await adminCall(t.app, 'PATCH', `staff/${owner.id}`, { as: owner, body })
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({ error: { role: ['You cannot change your own role or block yourself'] } })
    }
  })

  it('keeps one active owner when two owners demote each other at once', async () => {
    const other = await createPerson(t.db, { phone: '01750000020', role: 'owner' })
    const otherSession = await openSession(t.app, other)
    const [first, second] = await Promise.all([
      adminCall(t.app, 'PATCH', `staff/${other}`, { as: owner, body: { role: 'manager' } }),
      adminCall(t.app, 'PATCH', `staff/${owner.id}`, { as: otherSession, body: { role: 'manager' } }),
    ])
    // the loser is refused either by the lock (409) or, once the winner's change is in, as an owner no more
    expect([first.status, second.status]).toContain(200)
    expect([first.status, second.status].filter((status) => status !== 200)).toEqual([
      expect.toBeOneOf([403, 409]),
    ])
    const owners = await t.db.select().from(users).where(eq(users.adminType, 'owner'))
    expect(owners.filter((row) => row.status === 'active')).toHaveLength(1)
    // whoever is the owner now gives the other their role back
    const winner = first.status === 200 ? owner : otherSession
    const loserId = first.status === 200 ? other : owner.id
    const back = await adminCall(t.app, 'PATCH', `staff/${loserId}`, { as: winner, body: { role: 'owner' } })
    expect(back.status).toBe(200)
  })

  it('answers 400 in the error shape for a role or status that does not exist', async () => {
    const answer = await adminCall(t.app, 'PATCH', `staff/${owner.id}`, {
      as: owner,
      body: { role: 'admin', status: 'gone' },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.error as object).sort()).toEqual(['role', 'status'])
  })
})

describe('the owner who must choose a new password', () => {
  /** an owner whose password was given to them, not chosen (an account written before setup links) */
  const GIVEN = { phone: '01750000099', password: 'given-password' }
  let demo: TestApp
  beforeAll(async () => {
    demo = await createTestApp({ products: 0 })
    await createPerson(demo.db, { ...GIVEN, role: 'owner', mustChangePassword: true })
  })
  afterAll(() => demo?.close())

  it('signs in with the given password, and reaches only their own account until they change it', async () => {
    const session = await signInBySms(demo.app, GIVEN.phone, GIVEN.password)
    expect(session.answer.body.data).toMatchObject({
      staff: { phone: GIVEN.phone, role: 'owner', mustChangePassword: true },
    })
    const elsewhere = await openSession(
      demo.app,
      (session.answer.body.data as { staff: StaffMember }).staff.id,
    )
    expect((await adminCall(demo.app, 'GET', 'staff', { as: session })).body).toEqual({
      error: { auth: ['Choose a new password first'] },
    })
    expect((await adminCall(demo.app, 'GET', 'auth/me', { as: session })).status).toBe(200)

    const change = (currentPassword: string, newPassword: string) =>
      adminCall(demo.app, 'POST', 'auth/password', { as: session, body: { currentPassword, newPassword } })
    expect((await change('not-it', 'brand-new-pass')).body).toEqual({
      error: { currentPassword: ['The current password is not correct'] },
    })
    expect((await change(GIVEN.password, GIVEN.password)).body).toEqual({
      error: { newPassword: ['Choose a password different from the current one'] },
    })
    expect((await change(GIVEN.password, 'abc')).body).toEqual({
      error: { newPassword: ['Use at least 8 characters'] },
    })
    const changed = await change(GIVEN.password, 'brand-new-pass')
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ staff: { mustChangePassword: false }, csrfToken: session.csrf })

    expect((await adminCall(demo.app, 'GET', 'staff', { as: session })).status).toBe(200)
    // the other session of the same person ended with the old password
    expect((await adminCall(demo.app, 'GET', 'auth/me', { as: elsewhere })).status).toBe(401)
    expect((await login(demo.app, GIVEN.phone, GIVEN.password, '10.9.0.1')).status).toBe(401)
  })
})

/** Step 2 of a sign-in that step 1 (`login`) began, with the authenticator app's current code. */
const verifyWithApp = (step1: { body: unknown }, secret: string) =>
  adminCall(t.app, 'POST', 'auth/verify', {
    body: {
      challenge: (step1.body as { data: { challenge: string } }).data.challenge,
      method: 'totp',
      code: appCode(t.app, secret),
    },
  })

describe('an authenticator app', () => {
  it('is set up with a secret, an otpauth address and a QR code, and works once a code confirms it', async () => {
    const phone = '01750000030'
    const id = await createPerson(t.db, { phone, role: 'staff', password: 'app-user-pass' })
    const session = await openSession(t.app, id)
    const setup = await adminCall(t.app, 'POST', 'auth/totp/setup', {
      as: session,
      body: { currentPassword: 'app-user-pass' },
    })
    expect(setup.status).toBe(200)
    const { secret, uri, qr } = setup.body.data as { secret: string; uri: string; qr: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const address = new URL(uri)
    expect(uri.startsWith(`otpauth://totp/Haat:${phone}?`)).toBe(true)
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      secret,
      issuer: 'Haat',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qr.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>$/)

    // not in use until confirmed: signing in still sends an SMS
    const before = await login(t.app, phone, 'app-user-pass')
    expect((before.body.data as { methods: string[] }).methods).toEqual(['sms'])
    const wrong = await adminCall(t.app, 'POST', 'auth/totp/confirm', {
      as: session,
      body: { code: '000000' },
    })
    expect(wrong.body).toEqual({ error: { code: ['The code is not correct'] } })
    const confirmed = await adminCall(t.app, 'POST', 'auth/totp/confirm', {
      as: session,
      body: { code: appCode(t.app, secret) },
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data).toMatchObject({ staff: { totpEnabled: true }, csrfToken: session.csrf })
    expect(JSON.stringify(confirmed.body)).not.toContain(secret)

    advanceClock(t.app, 60_000)
    const step1 = await login(t.app, phone, 'app-user-pass')
    expect((step1.body.data as { methods: string[] }).methods).toEqual(['totp'])
    const step2 = await verifyWithApp(step1, secret)
    expect(step2.status).toBe(200)
    // the secret is never answered again
    const me = await adminCall(t.app, 'GET', 'auth/me', { as: session })
    expect(JSON.stringify(me.body)).not.toContain(secret)
    const [signIn, entry] = (await audit(`?staffId=${id}`)).data
    expect(signIn).toMatchObject({ action: 'staff.sign-in', after: { method: 'totp' } })
    expect(entry).toMatchObject({
      action: 'staff.totp',
      objectId: String(id),
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    })
    expect(JSON.stringify(entry)).not.toContain(secret)

    // kept sealed: the database (a dump, a backup) holds no secret an app could be set up with
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row?.totpSecret).toMatch(/^v1\./)
    expect(`${row?.totpSecret} ${row?.totpPendingSecret}`).not.toContain(secret)
    expect(unseal(t.app.sealingKey, row?.totpSecret ?? '', `totp:${id}`)).toBe(secret)
    // and bound to its owner: copied onto another staff member's row, it does not open
    const other = await createPerson(t.db, { phone: '01750000031', role: 'staff', password: 'app-user-pass' })
    await t.db
      .update(users)
      .set({ totpSecret: row?.totpSecret, totpEnabledAt: new Date() })
      .where(eq(users.id, other))
    const copied = await login(t.app, '01750000031', 'app-user-pass')
    const refused = await verifyWithApp(copied, secret)
    expect(refused.body).toEqual({
      error: { method: ['The authenticator app cannot be checked now: ask an owner to reset it'] },
    })
  })

  it('seals a secret kept before sealing existed when the server starts, and it goes on working', async () => {
    const phone = '01750000032'
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const id = await createPerson(t.db, {
      phone,
      role: 'staff',
      password: 'app-user-pass',
      totpSecret: secret,
    })
    expect(await t.app.staffCredentials.sealLegacySecrets()).toBe(1)
    expect(await t.app.staffCredentials.sealLegacySecrets()).toBe(0)
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row?.totpSecret).toMatch(/^v1\./)
    expect(row?.totpSecret).not.toContain(secret)
    const step1 = await login(t.app, phone, 'app-user-pass')
    const step2 = await verifyWithApp(step1, secret)
    expect(step2.status).toBe(200)
  })
})

describe('the audit log', () => {
  it('records every write with who, what, on which object, before and after, newest first', async () => {
    const phone = '01750000040'
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone, firstName: 'Audit', lastName: 'Me', role: 'staff' },
    })
    const { staff, setupUrl } = invited.body.data as { staff: StaffMember; setupUrl: string }
    await adminCall(t.app, 'POST', 'auth/setup', {
      body: { token: tokenOf(setupUrl), password: 'audit-secret-1' },
    })
    await adminCall(t.app, 'PATCH', `staff/${staff.id}`, { as: owner, body: { role: 'manager' } })
    await adminCall(t.app, 'PATCH', `staff/${staff.id}`, { as: owner, body: { status: 'blocked' } })
    await adminCall(t.app, 'DELETE', `staff/${staff.id}/sessions`, { as: owner })

    const { data } = await audit(`?objectType=staff&objectId=${staff.id}`)
    expect(data.map((entry) => entry.action)).toEqual([
      'staff.end_sessions',
      'staff.update',
      'staff.update',
      'staff.password',
      'staff.invite',
    ])
    const ownerName = { id: owner.id, name: 'Test owner' }
    expect(data[1]).toMatchObject({
      staff: ownerName,
      objectType: 'staff',
      objectId: String(staff.id),
      before: { status: 'active' },
      after: { status: 'blocked', sessionsEnded: 0 },
    })
    expect(data[2]).toMatchObject({ staff: ownerName, before: { role: 'staff' }, after: { role: 'manager' } })
    // the setup was the invited person's own doing
    expect(data[3]).toMatchObject({
      staff: { id: staff.id, name: 'Audit Me' },
      after: { passwordChanged: true },
    })
    expect(data[4]).toMatchObject({ staff: ownerName, before: null, after: { phone, role: 'staff' } })
    for (const entry of data) expect(Date.parse(entry.at)).not.toBeNaN()

    const everything = JSON.stringify((await audit('?perPage=100')).data)
    for (const secret of ['audit-secret-1', tokenOf(setupUrl), 'owner-password', '$argon2']) {
      expect(everything).not.toContain(secret)
    }
    expect(everything).not.toMatch(/"(password|passwordHash|tokenHash|codeHash|secret|totpSecret|token)"/)
  })

  it('pages and filters by person, object type and object', async () => {
    const first = await audit('?perPage=2')
    expect(first).toMatchObject({ page: 1, perPage: 2, hasNext: true })
    expect(first.data).toHaveLength(2)
    const second = await audit('?perPage=2&page=2')
    expect(second.data[0]?.id).toBeLessThan(first.data[1]?.id ?? 0)
    const mine = await audit(`?staffId=${owner.id}`)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((entry) => entry.staff?.id === owner.id)).toBe(true)
    expect((await audit('?objectType=sku')).data).toEqual([])
    const bad = await adminCall(t.app, 'GET', 'audit?objectType=Not%20a%20type&perPage=1000', { as: owner })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error as object).sort()).toEqual(['objectType', 'perPage'])
  })

  it('never keeps a password, hash, secret or token, whatever a caller passes', async () => {
    await t.app.audit.record(
      { staffId: null, ip: null },
      {
        action: 'test.write',
        objectType: 'test',
        objectId: 1,
        before: { password: 'p', passwordHash: 'h', nested: { totpSecret: 's', csrfToken: 'c' } },
        after: { mustChangePassword: false, code: '123456', name: 'kept' },
      },
    )
    const [entry] = (await audit('?objectType=test')).data
    expect(entry).toMatchObject({
      staff: null,
      before: { nested: {} },
      after: { mustChangePassword: false, name: 'kept' },
    })
    expect(JSON.stringify(entry)).not.toMatch(/"p"|"h"|"s"|"c"|123456/)
  })
})
