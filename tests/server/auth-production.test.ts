import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { loadSealingKey } from '../../server/plugins/context'
import { issueOtp } from '../../server/routes/auth/otp-store'
import { consoleProvider } from '../../server/sms/console-provider'
import { call, SESSION_COOKIE } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

// The same database, served the way `npm start` serves it.
let t: TestApp
let production: App
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
  const config = loadConfig({}, { ...t.config, NODE_ENV: 'production', DEV_OUTBOX: false })
  production = await buildApp(config, { database: t.database })
  await production.ready()
})
afterAll(async () => {
  await production?.close()
  await t?.close()
})

describe('npm start defaults', () => {
  it('run in production with no SMS outbox', () => {
    const config = loadConfig({})
    expect(config.NODE_ENV).toBe('production')
    expect(config.DEV_OUTBOX).toBe(false)
  })

  it("take a payment gateway or courier only whole, and in production only at its live address and the shop's origin", () => {
    const bkash = {
      BKASH_APP_KEY: 'key',
      BKASH_APP_SECRET: 'secret',
      BKASH_USERNAME: 'user',
      BKASH_PASSWORD: 'password',
    }
    expect(() => loadConfig({ BKASH_APP_KEY: 'key' })).toThrow(/BKASH_APP_SECRET/)
    expect(() => loadConfig({ ...bkash, PUBLIC_URL: 'https://shop.example.com' })).toThrow(/BKASH_BASE_URL/)
    expect(() =>
      loadConfig({ ...bkash, BKASH_BASE_URL: 'https://tokenized.pay.bka.sh/v1.2.0-beta' }),
    ).toThrow(/PUBLIC_URL/)
    const live = loadConfig({
      ...bkash,
      BKASH_BASE_URL: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
      PUBLIC_URL: 'https://shop.example.com',
    })
    expect(live.BKASH_APP_KEY).toBe('key')
    expect(() => loadConfig({ STEADFAST_API_KEY: 'key' })).toThrow(/STEADFAST_SECRET_KEY/)
  })

  it('refuse an outbox of one-time codes in production', () => {
    expect(() => loadConfig({ DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX/)
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: '1' }).DEV_OUTBOX).toBe(true)
  })

  it('need one sealing key for every instance when they share PostgreSQL, and make one on a single machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-key-'))
    try {
      const postgres = loadConfig({ DATABASE_URL: 'postgres://haat@db.example.com/haat', DATA_DIR: dir })
      expect(() => loadSealingKey(postgres)).toThrow(/SECRETS_KEY/)
      expect(() => loadConfig({ SECRETS_KEY: 'too short' })).toThrow(/SECRETS_KEY/)
      const shared = loadSealingKey({ ...postgres, SECRETS_KEY: 'k'.repeat(32) })
      expect(readdirSync(dir)).toEqual([])
      const first = loadSealingKey(loadConfig({ DATA_DIR: dir }))
      expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600)
      // the same key at every start, and no draft left behind
      expect(loadSealingKey(loadConfig({ DATA_DIR: dir })).equals(first)).toBe(true)
      expect(readdirSync(dir)).toEqual(['secrets.key'])
      expect(shared.equals(first)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each(['true', '*', '10.0.0.0/33', 'proxy.example.com'])(
    'refuse TRUST_PROXY=%s, which would let a client choose its address',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
    },
  )

  it('take the load balancers as addresses or CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toBeDefined()
  })

  it('print a one-time code on the console instead of keeping it', async () => {
    const printed: string[] = []
    const provider = consoleProvider({
      db: t.db,
      now: () => new Date(),
      keepInOutbox: false,
      print: (line) => printed.push(line),
    })
    await provider.send('01311000009', '123456 is your code')
    expect(printed).toEqual(['[sms to 01311000009] 123456 is your code'])
    expect((await call(t.app, 'GET', 'dev/sms-outbox?phone=01311000009')).body).toEqual({ data: [] })
  })
})

describe('in production', () => {
  it('marks the session cookie Secure', async () => {
    const { otpId, code } = await issueOtp(production, '01311000001', 'login')
    const response = await production.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/otp-login',
      headers: { 'x-api-key': 'haat-demo-key' },
      payload: { phone: '01311000001', otpId, otpCode: code },
    })
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' })
  })

  it('has no SMS outbox endpoint, while the tests have one', async () => {
    expect(
      (
        await call(production, 'POST', 'auth/customer/send-otp', {
          body: { phone: '01311000002', type: 'login' },
        })
      ).status,
    ).toBe(200)
    expect((await call(production, 'GET', 'dev/sms-outbox?phone=01311000002')).status).toBe(404)
    expect((await call(t.app, 'GET', 'dev/sms-outbox?phone=01311000002')).body).toEqual({ data: [] })
  })
})
