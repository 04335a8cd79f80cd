import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login, register } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

// Two API instances over one Redis (REDIS_URL): the limits hold across both.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
let a: TestApp
let b: TestApp
beforeAll(async () => {
  a = await createTestApp({ products: 0, config: { REDIS_URL: redisUrl } })
  b = await createTestApp({ products: 0, config: { REDIS_URL: redisUrl } })
})
afterAll(async () => {
  await a?.close()
  await b?.close()
})

/** a number no earlier run has used, so counters left in Redis cannot interfere */
const freshPhone = () => `017${String(randomInt(0, 100_000_000)).padStart(8, '0')}`

describe('limits shared through Redis', () => {
  it('keeps the one-code-a-minute limit across instances', async () => {
    const phone = freshPhone()
    const first = await call(a.app, 'POST', 'auth/customer/send-otp', { body: { phone, type: 'login' } })
    expect(first.status).toBe(200)
    const second = await call(b.app, 'POST', 'auth/customer/send-otp', { body: { phone, type: 'login' } })
    expect(second.status).toBe(429)
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('keeps the password-guessing limit across instances', async () => {
    const phone = freshPhone()
    await register(a.app, phone, 'right-password')
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a.app : b.app
      expect((await login(app, phone, `guess-${i}`, `10.3.${randomInt(0, 255)}.${i}`)).status).toBe(401)
    }
    const locked = await login(b.app, phone, 'right-password', '10.4.0.1')
    expect(locked.status).toBe(429)
  })
})
