import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { type Database, openDatabase } from '../../server/db/client'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// Two instances of the shop on one PostgreSQL database, each keeping the settings it read.
let a: TestApp
let b: { app: App; database: Database }
let owner: StaffCredentials
beforeAll(async () => {
  a = await createTestApp({ products: 2 })
  const database = await openDatabase(a.config, { poolSize: 4 })
  b = { app: await buildApp(a.config, { database }), database }
  await b.app.ready()
  owner = await openSession(a.app, await createPerson(a.db, { phone: '01710000009', role: 'owner' }))
}, 180_000)
afterAll(async () => {
  await b?.app.close()
  await b?.database.close()
  await a?.close()
})

async function phonesOn(app: App): Promise<string[]> {
  const response = await app.inject({ url: '/api/v1/shop', headers: apiHeaders })
  expect(response.statusCode).toBe(200)
  return (response.json() as { data: { phones: string[] } }).data.phones
}

describe('a settings change made through one instance', () => {
  it('reaches the other within a second', async () => {
    const kept = await phonesOn(b.app)
    const loaded = await adminCall(a.app, 'GET', 'settings', { as: owner })
    const { version, settings } = loaded.body.data as { version: number; settings: ShopSettings }
    const saved = await adminCall(a.app, 'PUT', 'settings', {
      as: owner,
      body: { version, settings: { ...settings, phones: ['01999-000555'] } },
    })
    expect(saved.status).toBe(200)
    expect(kept).not.toEqual(['01999-000555'])
    const started = performance.now()
    while ((await phonesOn(b.app))[0] !== '01999-000555') {
      expect(performance.now() - started).toBeLessThan(1_000)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
})
