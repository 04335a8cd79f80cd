import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { staffSessions } from '../../server/db/schema'
import { STAFF_IDLE_MS, STAFF_MAX_MS } from '../../src/contract/staff'
import {
  adminCall,
  advanceClock,
  appCode,
  createPerson,
  login,
  ORIGIN,
  openSession,
  signInBySms,
  staffCookieOf,
  verify,
} from './admin-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

const PASSWORD = 'staff-password-2'
const HOUR = 60 * 60 * 1000
const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
let phoneCounter = 0
const nextPhone = () => `0174${String(++phoneCounter).padStart(7, '0')}`

async function signedInOwner() {
  const phone = nextPhone()
  const id = await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
  return { id, phone, ...(await signInBySms(t.app, phone, PASSWORD)) }
}

describe('the staff cookie', () => {
  it('is HttpOnly, SameSite=Strict, sent to /api/v1/admin only, and kept 7 days at most', async () => {
    const { answer } = await signedInOwner()
    const cookie = staffCookieOf(answer)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/admin' })
    expect(cookie?.maxAge).toBeLessThanOrEqual(STAFF_MAX_MS / 1000)
    // plain http in tests; production below
    expect(cookie?.secure).toBeFalsy()
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  describe('in production, behind PUBLIC_URL', () => {
    let production: App
    beforeAll(async () => {
      const config = loadConfig(
        {},
        { ...t.config, NODE_ENV: 'production', DEV_OUTBOX: false, PUBLIC_URL: 'https://shop.example.com' },
      )
      production = await buildApp(config, { database: t.database })
      await production.ready()
    })
    afterAll(() => production?.close())

    it('is Secure, and writes must come from PUBLIC_URL whatever Host the request names', async () => {
      const phone = nextPhone()
      await createPerson(t.db, { phone, role: 'manager', password: PASSWORD, totpSecret: APP_SECRET })
      const body = { phone, password: PASSWORD }
      expect((await adminCall(production, 'POST', 'auth/login', { body })).status).toBe(403)
      const step1 = await adminCall(production, 'POST', 'auth/login', {
        body,
        origin: 'https://shop.example.com',
      })
      expect(step1.status).toBe(200)
      const step2 = await adminCall(production, 'POST', 'auth/verify', {
        body: {
          challenge: (step1.body.data as { challenge: string }).challenge,
          method: 'totp',
          code: appCode(production, APP_SECRET),
        },
        origin: 'https://shop.example.com',
      })
      expect(step2.status).toBe(200)
      expect(staffCookieOf(step2)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/v1/admin',
      })
    })
  })
})

describe('how long a session lives', () => {
  it('ends after 12 hours without a request, and stays ended', async () => {
    const owner = await signedInOwner()
    advanceClock(t.app, STAFF_IDLE_MS - 60_000)
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: owner })).status).toBe(200)
    advanceClock(t.app, STAFF_IDLE_MS - 60_000)
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: owner })).status).toBe(200)
    advanceClock(t.app, STAFF_IDLE_MS)
    const idle = await adminCall(t.app, 'GET', 'auth/me', { as: owner })
    expect(idle.status).toBe(401)
    expect(idle.body).toEqual({ error: { auth: ['Your session has ended. Sign in again.'] } })
    // the browser is told to drop the cookie
    expect(staffCookieOf(idle)).toMatchObject({ value: '', path: '/api/v1/admin' })
    const [row] = await t.db.select().from(staffSessions).where(eq(staffSessions.userId, owner.id))
    expect(row?.revokedAt).not.toBeNull()
  })

  it('ends 7 days after signing in, however busy', async () => {
    const owner = await signedInOwner()
    const statuses: number[] = []
    for (let hours = 11; hours <= 7 * 24 + 11; hours += 11) {
      advanceClock(t.app, 11 * HOUR)
      statuses.push((await adminCall(t.app, 'GET', 'auth/me', { as: owner })).status)
    }
    expect(statuses.slice(0, 15).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(15)).toEqual([401])
  })

  it('ends at logout, with the cookie', async () => {
    const owner = await signedInOwner()
    const out = await adminCall(t.app, 'POST', 'auth/logout', { as: owner })
    expect(out.status).toBe(204)
    expect(staffCookieOf(out)).toMatchObject({ value: '', path: '/api/v1/admin', httpOnly: true })
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: owner })).status).toBe(401)
  })

  it("ends when an owner ends the person's sessions, and when they are blocked", async () => {
    const owner = await signedInOwner()
    const phone = nextPhone()
    const id = await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const first = await openSession(t.app, id)
    const second = await openSession(t.app, id)
    const list = await adminCall(t.app, 'GET', 'staff', { as: owner })
    expect((list.body.data as { id: number; sessions: number }[]).find((m) => m.id === id)?.sessions).toBe(2)

    const ended = await adminCall(t.app, 'DELETE', `staff/${id}/sessions`, { as: owner })
    expect(ended.status).toBe(204)
    for (const session of [first, second]) {
      expect((await adminCall(t.app, 'GET', 'auth/me', { as: session })).status).toBe(401)
    }

    const third = await openSession(t.app, id)
    const blocked = await adminCall(t.app, 'PATCH', `staff/${id}`, { as: owner, body: { status: 'blocked' } })
    expect(blocked.status).toBe(200)
    expect(blocked.body.data).toMatchObject({ id, status: 'blocked' })
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: third })).status).toBe(401)
    expect((await login(t.app, phone, PASSWORD)).status).toBe(403)
  })

  it('is never opened by step 1 alone', async () => {
    const phone = nextPhone()
    const id = await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    const step1 = await login(t.app, phone, PASSWORD)
    const challenge = (step1.body.data as { challenge: string }).challenge
    // the challenge is no session: as a cookie it opens nothing
    const asCookie = await adminCall(t.app, 'GET', 'auth/me', { as: { cookie: challenge, csrf: '' } })
    expect(asCookie.status).toBe(401)
    const wrong = await verify(t.app, challenge, 'sms', '000000')
    expect(staffCookieOf(wrong)).toBeUndefined()
    expect(await t.db.select().from(staffSessions).where(eq(staffSessions.userId, id))).toEqual([])
  })
})

describe('CSRF', () => {
  it('refuses a write without the Origin, from a foreign one, or without the right token', async () => {
    const owner = await signedInOwner()
    const other = await signedInOwner()
    const refused = [
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, origin: null }),
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, origin: 'https://evil.example' }),
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, origin: 'null' }),
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, csrf: null }),
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, csrf: 'x'.repeat(43) }),
      await adminCall(t.app, 'POST', 'auth/totp/setup', { as: owner, csrf: other.csrf }),
      await adminCall(t.app, 'DELETE', `staff/${other.id}/sessions`, { as: owner, csrf: null }),
      await adminCall(t.app, 'PATCH', `staff/${other.id}`, {
        as: owner,
        body: { role: 'staff' },
        origin: null,
      }),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(403)
      expect(Object.keys(answer.body.error as object)).toEqual(['csrf'])
    }
    // nothing of it happened
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: other })).body.data).toMatchObject({
      staff: { role: 'owner' },
    })
    const accepted = await adminCall(t.app, 'POST', 'auth/totp/setup', {
      as: owner,
      origin: ORIGIN,
      body: { currentPassword: PASSWORD },
    })
    expect(accepted.status).toBe(200)
  })

  it('lets reads through without a token, and hands the same token to the same session', async () => {
    const owner = await signedInOwner()
    const me = await adminCall(t.app, 'GET', 'auth/me', { as: { cookie: owner.cookie, csrf: '' } })
    expect(me.status).toBe(200)
    expect((me.body.data as { csrfToken: string }).csrfToken).toBe(owner.csrf)
    const other = await signedInOwner()
    expect(other.csrf).not.toBe(owner.csrf)
  })
})
