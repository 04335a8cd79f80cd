import { and, desc, eq } from 'drizzle-orm'
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, customers, orders, users } from '../../server/db/schema'
import type { AdminCustomer, AdminCustomerRow } from '../../src/contract/admin-customers'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { advanceClock, call, lastCode, register, sendOtp, tokenOf } from './auth-support'
import { api, createShopper, newKey, orderBody, pick, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

const PROJECT = 'demo-haat'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let shopper: { id: number; token: string }
let signingKey: CryptoKey

beforeAll(async () => {
  t = await createTestApp({ products: 8, config: { FIREBASE_PROJECT_ID: PROJECT } })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730000101', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730000102', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730000103', role: 'staff' }))
  shopper = await createShopper(t.db, '01830000104')
  const pair = await generateKeyPair('RS256', { extractable: true })
  signingKey = pair.privateKey
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  t.app.authSettings.identityKeys = createLocalJWKSet({ keys: [jwk] })
}, 180_000)
afterAll(async () => t?.close())

type Meta = { page: number; perPage: number; total: number; hasNext: boolean }

async function list(query = '', as = owner) {
  const reply = await adminCall(t.app, 'GET', `customers${query ? `?${query}` : ''}`, { as })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return { rows: reply.body.data as AdminCustomerRow[], meta: reply.body.meta as Meta }
}

async function detail(id: number, as = owner) {
  const reply = await adminCall(t.app, 'GET', `customers/${id}`, { as })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data as AdminCustomer
}

const block = (id: number, as = owner) => adminCall(t.app, 'POST', `customers/${id}/block`, { as })
/** the customer record of a number, as the list finds it */
async function customerOf(phone: string) {
  const [row] = (await list(`q=${phone}`)).rows
  if (!row) throw new Error(`${phone} is no customer`)
  return row.id
}

/** an account made as a one-time code makes it, with a name */
async function account(phone: string, firstName: string, lastName = '', email: string | null = null) {
  const made = await t.app.accounts.forProvenPhone(phone, null)
  await t.app.accounts.updateProfile(made.id, { firstName, lastName, email })
  return made.id
}
const unblock = (id: number, as = owner) => adminCall(t.app, 'POST', `customers/${id}/unblock`, { as })

/** a registered shopper (password and a proven number) with their session token */
async function registered(phone: string, password = 'secret-pass') {
  const answer = await register(t.app, phone, password)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  if (!row) throw new Error('not registered')
  return { id: row.id, token: tokenOf(answer) }
}

async function placeCod(phone: string, token?: string) {
  const [s] = await sellableSkus(t.db, 1)
  const body = orderBody([{ skuId: pick(s ? [s] : [], 0).skuId, quantity: 1 }], {
    customer: { name: 'Karim Mia', phone, email: '' },
  })
  return api(t.app, 'POST', 'orders', { body, token, headers: { 'idempotency-key': newKey() } })
}

async function otpLogin(phone: string) {
  // past the gap between two codes to one number
  advanceClock(t.app, 2 * 60_000)
  const sent = await sendOtp(t.app, phone)
  expect(sent.status).toBe(200)
  return call(t.app, 'POST', 'auth/customer/otp-login', {
    body: { phone, otpId: sent.body.otpId, otpCode: await lastCode(t.app, phone) },
  })
}

describe('who may reach the customers', () => {
  it('answers owners and managers; refuses no session (401), shoppers and the staff role (403)', async () => {
    // someone else is the customer changed: blocking ends the sessions of the one it is about
    await account('01830000105', 'Someone')
    const id = await customerOf('01830000105')
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', 'customers'],
      ['GET', 'customers/export.csv'],
      ['GET', `customers/${id}`],
      ['POST', `customers/${id}/notes`, { text: 'Prefers evening delivery' }],
      ['POST', `customers/${id}/block`],
      ['POST', `customers/${id}/block`, { scope: 'all' }],
      ['POST', `customers/${id}/unblock`],
    ]
    for (const [method, path, body] of routes) {
      const none = await adminCall(t.app, method, path, { body })
      expect(none.status, `${method} ${path}`).toBe(401)
      expect(none.body).toHaveProperty('error')
      const asShopper = await adminCall(t.app, method, path, { body, shopper: shopper.token })
      expect(asShopper.status, `${method} ${path}`).toBe(403)
      const asStaff = await adminCall(t.app, method, path, { body, as: staff })
      expect(asStaff.status, `${method} ${path}`).toBe(403)
      expect(asStaff.body).toHaveProperty('error')
      for (const as of [manager, owner]) {
        const allowed = await adminCall(t.app, method, path, { body, as })
        expect(allowed.status, `${method} ${path} ${JSON.stringify(allowed.body)}`).toBe(200)
      }
    }
  })
})

describe('GET /admin/customers', () => {
  let karim: number
  beforeAll(async () => {
    await account('01911223344', 'Karim', 'Chowdhury')
    karim = await customerOf('01911223344')
    await account('01911999944', 'Nasrin', 'Akter')
  })

  it('lists customers only (never staff), the latest to order or join first, with paging', async () => {
    const { rows, meta } = await list('perPage=2')
    expect(rows).toHaveLength(2)
    expect(meta.hasNext).toBe(true)
    expect(meta.total).toBeGreaterThanOrEqual(3)
    const all = await list('perPage=100')
    expect(all.rows.map((row) => row.phone)).not.toContain('01730000101')
    const stamps = all.rows.map((row) => row.lastOrderAt ?? row.createdAt)
    expect(stamps).toEqual([...stamps].sort().reverse())
    expect(all.rows.find((row) => row.id === karim)).toMatchObject({
      name: 'Karim Chowdhury',
      registered: true,
    })
  })

  it('finds a customer by the whole number, its last digits (typed in Bangla too) or name words', async () => {
    expect((await list('q=01911223344')).rows.map((row) => row.id)).toEqual([karim])
    expect((await list('q=%2B8801911223344')).rows.map((row) => row.id)).toEqual([karim])
    expect((await list('q=3344')).rows.map((row) => row.id)).toEqual([karim])
    expect((await list(`q=${encodeURIComponent('৩৩৪৪')}`)).rows.map((row) => row.id)).toEqual([karim])
    const by44 = (await list('q=9944')).rows.map((row) => row.phone)
    expect(by44).toEqual(['01911999944'])
    expect((await list('q=karim%20chow')).rows.map((row) => row.id)).toEqual([karim])
    expect((await list('q=nobody-called-this')).rows).toEqual([])
  })

  it('counts orders and what the delivered ones came to', async () => {
    const placed = await placeCod('01911223344')
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const second = await placeCod('01911223344')
    const secondId = (second.body.data as { id: number }).id
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, secondId))
    const [row] = (await list('q=01911223344')).rows
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, secondId))
    expect(row).toMatchObject({ ordersCount: 2, totalSpent: stored?.total, status: 'active' })
    expect(row?.lastOrderAt).not.toBeNull()
  })

  it('refuses bad queries in the error shape', async () => {
    for (const query of ['page=0', 'perPage=1000', 'status=gone', 'page=401&perPage=25']) {
      const reply = await adminCall(t.app, 'GET', `customers?${query}`, { as: owner })
      expect(reply.status, query).toBe(400)
      expect(reply.body).toHaveProperty('error')
    }
  })
})

describe('GET /admin/customers/:id and notes', () => {
  it('shows the record, the addresses ordered to, orders with their totals, and staff notes', async () => {
    const person = await createShopper(t.db, '01822334455')
    const first = await placeCod('01822334455', person.token)
    const second = await placeCod('01822334455')
    const ids = [first, second].map((reply) => (reply.body.data as { id: number }).id)
    await t.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, ids[0] ?? 0))
    await t.db
      .update(orders)
      .set({ status: 'returned' })
      .where(eq(orders.id, ids[1] ?? 0))

    const id = await customerOf('01822334455')
    const noted = await adminCall(t.app, 'POST', `customers/${id}/notes`, {
      as: manager,
      body: { text: '  Calls before delivery  ' },
    })
    expect(noted.status).toBe(200)
    const record = await detail(id)
    expect(record).toMatchObject({
      phone: '01822334455',
      name: 'Test 455',
      account: { id: person.id },
      status: 'active',
      totalSpent: 0,
      record: { orders: 2, delivered: 0, cancelled: 1, returned: 1, refusals: 2, risk: 'high' },
    })
    expect(record.addresses).toEqual([
      expect.objectContaining({ area: 'Dhanmondi', street: 'House 12, Road 5', orders: 2 }),
    ])
    expect(record.orders.map((order) => order.id).sort()).toEqual([...ids].sort())
    expect(record.notes).toEqual([
      expect.objectContaining({ text: 'Calls before delivery', staff: expect.any(Object) }),
    ])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.note'), eq(auditLog.objectId, String(id))))
    expect(audit).toHaveLength(1)
  })

  it('answers bad ids and bodies with 4xx in the error shape', async () => {
    await account('01830000106', 'Known')
    const known = await customerOf('01830000106')
    const cases: ['GET' | 'POST', string, unknown, number][] = [
      ['GET', 'customers/abc', undefined, 400],
      ['GET', 'customers/0', undefined, 400],
      ['GET', 'customers/99999999999', undefined, 400],
      ['GET', 'customers/999999', undefined, 404],
      ['POST', 'customers/999999/block', undefined, 404],
      ['POST', `customers/${known}/notes`, {}, 400],
      ['POST', `customers/${known}/notes`, { text: '   ' }, 400],
      ['POST', `customers/${known}/notes`, { text: 'x'.repeat(2001) }, 400],
      ['POST', `customers/${known}/notes`, { text: 'ok', extra: 1 }, 400],
      ['POST', `customers/${known}/notes`, { text: 'a\u0000b' }, 400],
      ['POST', `customers/${known}/block`, { scope: 'cash' }, 400],
      ['POST', `customers/${known}/block`, { scope: 'cod', extra: 1 }, 400],
      ['GET', 'customers/999999/courier-records', undefined, 404],
    ]
    for (const [method, path, body, status] of cases) {
      const reply = await adminCall(t.app, method, path, { as: owner, body })
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status)
      expect(reply.body).toHaveProperty('error')
    }
    // a staff member is not a customer
    expect((await list('q=01730000101')).rows).toEqual([])
  })
})

describe('blocking a customer', () => {
  it('refuses sign-in by code and by password, ends their sessions, refuses cash on delivery; unblock restores', async () => {
    const phone = '01755667788'
    const { token } = await registered(phone)
    const id = await customerOf(phone)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token })).status).toBe(200)

    const blocked = await block(id, manager)
    expect(blocked.status).toBe(200)
    expect((blocked.body.data as AdminCustomer).status).toBe('blocked')
    expect((await list(`q=${phone}`)).rows[0]?.status).toBe('blocked')
    expect((await list('status=blocked')).rows.map((row) => row.id)).toContain(id)

    // the session they had stops working
    expect((await call(t.app, 'GET', 'auth/validate-token', { token })).status).toBe(401)
    expect((await call(t.app, 'GET', 'auth/validate-token', { bearer: token })).status).toBe(401)

    const byPassword = await call(t.app, 'POST', 'auth/customer/login', {
      body: { phone, password: 'secret-pass' },
    })
    expect(byPassword.status).toBe(403)
    expect(JSON.stringify(byPassword.body.error)).toContain('blocked')
    expect(byPassword.cookie).toBeUndefined()

    const byCode = await otpLogin(phone)
    expect(byCode.status).toBe(403)
    expect(byCode.body.error).toEqual({
      auth: ['This account has been blocked by the shop. Please contact the shop for help.'],
    })

    // in Bangla too
    const bangla = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      headers: { 'x-api-key': 'haat-demo-key', 'accept-language': 'bn' },
      payload: { phone, password: 'secret-pass' },
    })
    expect(bangla.statusCode).toBe(403)
    expect(bangla.body).toContain('দোকান এই অ্যাকাউন্টটি বন্ধ করে দিয়েছে')

    const cod = await placeCod(phone)
    expect(cod.status).toBe(403)
    expect(cod.body.error).toHaveProperty('paymentMethod')

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.block'), eq(auditLog.objectId, String(id))))
    expect(audit).toHaveLength(1)
    expect(audit[0]?.after).toMatchObject({ status: 'blocked', scope: 'cod', sessionsEnded: 1 })

    // blocking twice changes nothing more
    expect((await block(id)).status).toBe(200)

    expect((await unblock(id)).status).toBe(200)
    // the ended session stays ended; signing in again works
    expect((await call(t.app, 'GET', 'auth/validate-token', { token })).status).toBe(401)
    expect(
      (await call(t.app, 'POST', 'auth/customer/login', { body: { phone, password: 'secret-pass' } })).status,
    ).toBe(200)
    expect((await placeCod(phone)).status).toBe(201)
    const unblocks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.unblock'), eq(auditLog.objectId, String(id))))
    expect(unblocks).toHaveLength(1)
  })

  it('refuses social sign-in to a blocked account', async () => {
    const now = Math.floor(Date.now() / 1000)
    const idToken = await new SignJWT({
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      sub: 'google-blocked-1',
      iat: now - 10,
      exp: now + 3600,
      auth_time: now - 10,
      email: 'blocked@example.com',
      email_verified: true,
      name: 'Rina Begum',
      firebase: { sign_in_provider: 'google.com' },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .sign(signingKey)
    const social = () =>
      call(t.app, 'POST', 'auth/customer/social-login', {
        body: { firstName: '', lastName: '', email: null, provider: 'GMAIL', userKey: 'g1', idToken },
      })
    const first = await social()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const userId = (first.body.data as { user: { id: number } }).user.id
    // an account without a number is a customer of its own
    const [made] = await t.db.select().from(customers).where(eq(customers.userId, userId))
    const id = made?.id ?? 0
    expect((await detail(id)).account?.id).toBe(userId)
    expect((await block(id)).status).toBe(200)
    const refused = await social()
    expect(refused.status).toBe(403)
    expect(refused.body.error).toHaveProperty('auth')
    expect((await unblock(id)).status).toBe(200)
    expect((await social()).status).toBe(200)
  })
})

describe('GET /admin/customers/export.csv', () => {
  it('writes every matching customer, each formula-looking cell as text', async () => {
    await account('01799117766', '=HYPERLINK("http://evil.example","click")', 'Mia', '-2+3@example.com')
    await account('01799227766', '@SUM(A1)')
    const reply = await adminCall(t.app, 'GET', 'customers/export.csv?q=7766', { as: owner })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toContain('text/csv')
    expect(reply.headers['content-disposition']).toContain('customers.csv')
    const text = String(reply.body.text)
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('id,name,phone,email,status,orders,delivered_total,last_order_at,joined_at')
    expect(lines).toHaveLength(3)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") Mia"`)
    expect(text).toContain(",'-2+3@example.com,")
    expect(text).toContain(",'@SUM(A1),")
    for (const line of lines.slice(1)) {
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/)
    }
  })

  it('records who took the customers, with the filters and how many rows', async () => {
    await account('01799335588', 'Rina')
    await account('01799445588', 'Mina')
    const reply = await adminCall(t.app, 'GET', 'customers/export.csv?q=5588&status=active', { as: owner })
    expect(reply.status).toBe(200)
    const entries = await t.db
      .select({ staff: users.phone, after: auditLog.after, ip: auditLog.ip })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.staffId))
      .where(eq(auditLog.action, 'customers.export'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entries).toEqual([
      {
        staff: '01730000101',
        after: { filters: expect.objectContaining({ q: '5588', status: 'active' }), rows: 2, complete: true },
        ip: expect.any(String),
      },
    ])
  })
})
