import { readFileSync } from 'node:fs'
import { eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { migrationsFolder } from '../../server/db/migrate'
import { users } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/password'
import { hashSessionToken } from '../../server/domain/session'
import { FIRST_OWNER_TTL_MS } from '../../server/domain/staff'
import type { AuditEntry, StaffMember } from '../../src/contract/staff'
import {
  adminCall,
  advanceClock,
  createPerson,
  login,
  openSession,
  type StaffCredentials,
  signInBySms,
} from './admin-support'
import { login as shopLogin } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

// No built-in owner: a start prints a one-time link (server/main.ts; tests/server/server-process.test.ts
// reads it on the console) where whoever runs the shop makes its first owner.

const ENDED =
  'This link has expired or was already used, or the shop has its owner. Sign in, or restart the server for a new link.'

const makeOwner = (app: App, token: string, body: Record<string, unknown> = {}) =>
  adminCall(app, 'POST', 'auth/first-owner', {
    body: {
      token,
      phone: '01760000001',
      firstName: 'Nasrin',
      lastName: 'Haque',
      password: 'nasrin-chose-this',
      ...body,
    },
  })

const staffRows = (t: TestApp) => t.db.select().from(users).where(ne(users.adminType, 'customer'))

describe('a new shop', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ products: 4 })
  })
  afterAll(() => t?.close())

  it('has no owner and no default password, the demo catalogue seeded or not', async () => {
    expect(await staffRows(t)).toEqual([])
    expect((await login(t.app, '01799000000', 'haat-owner-demo')).status).toBe(401)
  })

  it('makes its first owner once through a start’s link; the link and every other stop working', async () => {
    // two instances started at once: each printed its own link
    const [first, second] = await Promise.all([t.app.firstOwner.issue(), t.app.firstOwner.issue()])
    if (!first || !second) throw new Error('no link while the shop has no owner')
    expect(first).not.toBe(second)

    const invalid = await makeOwner(t.app, first, { phone: '0171', firstName: ' ' })
    expect(invalid.status).toBe(400)
    expect(Object.keys(invalid.body.error as object).sort()).toEqual(['firstName', 'phone'])
    const weak = await makeOwner(t.app, first, { password: 'abc' })
    expect(weak.body).toEqual({ error: { password: ['Use at least 8 characters'] } })
    expect(await staffRows(t)).toEqual([])

    const made = await makeOwner(t.app, first, { phone: '01760-000001', firstName: '  Nasrin ' })
    expect(made.status).toBe(200)
    expect(made.body).toEqual({ data: { phone: '01760000001' } })
    const session = await signInBySms(t.app, '01760000001', 'nasrin-chose-this')
    expect((session.answer.body.data as { staff: StaffMember }).staff).toMatchObject({
      phone: '01760000001',
      firstName: 'Nasrin',
      lastName: 'Haque',
      role: 'owner',
      status: 'active',
      mustChangePassword: false,
    })
    // the owner's pages open at once: no password to change first
    expect((await adminCall(t.app, 'GET', 'staff', { as: session })).status).toBe(200)

    for (const token of [first, second]) {
      const again = await makeOwner(t.app, token, { phone: '01760000002', password: 'someone-else-1' })
      expect(again.status).toBe(400)
      expect(again.body).toEqual({ error: { token: [ENDED] } })
    }
    expect((await staffRows(t)).map((row) => row.phone)).toEqual(['01760000001'])
    expect(await t.app.firstOwner.issue()).toBeNull()

    const audit = await adminCall(t.app, 'GET', 'audit?objectType=staff', { as: session })
    const entries = audit.body.data as AuditEntry[]
    expect(entries.find((entry) => entry.action === 'staff.first-owner')).toMatchObject({
      before: null,
      after: { phone: '01760000001', role: 'owner' },
    })
    expect(JSON.stringify(audit.body)).not.toContain('nasrin-chose-this')
  })
})

describe('a first-owner link', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ products: 0 })
  })
  afterAll(() => t?.close())

  it('does not work once it has expired, nor when it was never printed', async () => {
    const token = await t.app.firstOwner.issue()
    if (!token) throw new Error('no link while the shop has no owner')
    expect((await makeOwner(t.app, 'x'.repeat(43))).body).toEqual({ error: { token: [ENDED] } })
    advanceClock(t.app, FIRST_OWNER_TTL_MS + 1000)
    expect((await makeOwner(t.app, token)).body).toEqual({ error: { token: [ENDED] } })
    expect(await staffRows(t)).toEqual([])
  })

  it('makes a customer of the chosen number the owner, with the new password only', async () => {
    const phone = '01760000003'
    await createPerson(t.db, { phone, role: 'customer', firstName: 'Old', password: 'shopper-pass-1' })
    expect((await shopLogin(t.app, phone, 'shopper-pass-1')).status).toBe(200)
    const token = await t.app.firstOwner.issue()
    if (!token) throw new Error('no link while the shop has no owner')
    expect((await makeOwner(t.app, token, { phone, firstName: 'Rina' })).status).toBe(200)
    const [row] = await t.db.select().from(users).where(eq(users.phone, phone))
    expect(row).toMatchObject({ adminType: 'owner', firstName: 'Rina', lastName: 'Haque' })
    expect((await login(t.app, phone, 'shopper-pass-1')).status).toBe(401)
    expect((await signInBySms(t.app, phone, 'nasrin-chose-this')).answer.status).toBe(200)
  })
})

describe('two instances on one database', () => {
  let t: TestApp
  let other: App
  beforeAll(async () => {
    t = await createTestApp({ products: 0 })
    other = await buildApp(t.config, { database: t.database })
    await other.ready()
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  it('each print a working link at once; both used at once make one owner', async () => {
    const tokens = await Promise.all([t.app.firstOwner.issue(), other.firstOwner.issue()])
    const [mine, theirs] = tokens
    if (!mine || !theirs) throw new Error('no link while the shop has no owner')
    // both owners' writes at the same moment (the requests' slow password hashing done before)
    const passwordHash = await hashPassword('nasrin-chose-this')
    const owner = (phone: string) => ({ phone, firstName: 'Nasrin', lastName: 'Haque', passwordHash })
    const made = await Promise.all([
      t.app.firstOwner.create(hashSessionToken(mine), owner('01760000004'), '127.0.0.1'),
      other.firstOwner.create(hashSessionToken(theirs), owner('01760000005'), '127.0.0.1'),
    ])
    expect(made.sort()).toEqual([false, true])
    const owners = await t.db.select().from(users).where(eq(users.adminType, 'owner'))
    expect(owners).toHaveLength(1)
    for (const token of [mine, theirs]) {
      expect((await makeOwner(other, token, { phone: '01760000006' })).body).toEqual({
        error: { token: [ENDED] },
      })
    }
    const session: StaffCredentials = await openSession(t.app, owners[0]?.id ?? 0)
    expect((await adminCall(other, 'GET', 'staff', { as: session })).status).toBe(200)
  })
})

describe('a shop from a version that seeded a demo owner', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ products: 0 })
  })
  afterAll(() => t?.close())

  /** the hand-written part of the migration that ended the demo owner, run again on this database */
  const endDemoOwner = async () => {
    const migration = readFileSync(`${migrationsFolder}/0027_first_owner_tokens.sql`, 'utf8')
    const statement = migration.split('--> statement-breakpoint').at(-1) ?? ''
    await t.db.execute(sql.raw(statement))
  }
  const demoOwner = { phone: '01799000000', firstName: 'Demo', password: 'haat-owner-demo' }

  it('loses the demo owner whose published password was never changed, and then prints a link', async () => {
    const id = await createPerson(t.db, { ...demoOwner, role: 'owner', mustChangePassword: true })
    await t.db.update(users).set({ lastName: 'Owner' }).where(eq(users.id, id))
    const session = await signInBySms(t.app, demoOwner.phone, demoOwner.password)
    expect(await t.app.firstOwner.issue()).toBeNull()

    await endDemoOwner()
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ adminType: 'customer', passwordHash: null, mustChangePassword: false })
    expect((await adminCall(t.app, 'GET', 'auth/me', { as: session })).status).toBe(401)
    expect((await login(t.app, demoOwner.phone, demoOwner.password)).status).toBe(401)
    expect(await t.app.firstOwner.issue()).toEqual(expect.any(String))
  })

  it('keeps a demo owner who chose their own password', async () => {
    await t.db.delete(users).where(eq(users.phone, demoOwner.phone))
    const id = await createPerson(t.db, { ...demoOwner, role: 'owner', password: 'chosen-by-owner' })
    await t.db.update(users).set({ lastName: 'Owner' }).where(eq(users.id, id))
    await endDemoOwner()
    const session = await signInBySms(t.app, demoOwner.phone, 'chosen-by-owner', '10.9.0.2')
    expect(session.answer.body.data).toMatchObject({ staff: { role: 'owner' } })
  })
})
