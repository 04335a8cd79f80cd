import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { call, SESSION_COOKIE } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

// The same database, served the way production serves it.
let t: TestApp
let production: App
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
  const config = loadConfig({}, { ...t.config, NODE_ENV: 'production', LOG_LEVEL: 'silent' })
  production = await buildApp(config, { database: t.database })
  await production.ready()
})
afterAll(async () => {
  await production?.close()
  await t?.close()
})

describe('in production', () => {
  it('marks the session cookie Secure', async () => {
    const response = await production.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/register',
      headers: { 'x-api-key': 'haat-demo-key' },
      payload: { firstName: '', lastName: '', phone: '01311000001', password: 'secret-pass' },
    })
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' })
  })

  it('has no SMS outbox endpoint, while development has one', async () => {
    expect((await call(production, 'GET', 'dev/sms-outbox?phone=01311000001')).status).toBe(404)
    expect((await call(t.app, 'GET', 'dev/sms-outbox?phone=01311000001')).status).toBe(200)
  })
})
