import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authLimits } from '../../server/routes/auth/limits'
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

  it("says how long to wait, from the key's own time to live", async () => {
    const phone = freshPhone()
    expect(
      (await call(a.app, 'POST', 'auth/customer/send-otp', { body: { phone, type: 'login' } })).status,
    ).toBe(200)
    const refused = await call(b.app, 'POST', 'auth/customer/send-otp', { body: { phone, type: 'login' } })
    expect(refused.status).toBe(429)
    // PTTL, not PEXPIRE's reply: close to the whole minute, never 1 s
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('checks at most the limit of 200 parallel wrong passwords spread over both instances', async () => {
    const phone = freshPhone()
    expect((await register(a.app, phone, 'right-password')).status).toBe(200)
    const ip = `10.3.${randomInt(0, 255)}.${randomInt(0, 255)}`
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(i % 2 ? a.app : b.app, phone, `guess-${i}`, ip)),
    )
    expect(guesses.filter((g) => g.status === 401).length).toBeLessThanOrEqual(authLimits.password.pair.max)
    const locked = await login(b.app, phone, 'right-password', ip)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(13 * 60)
    expect(
      (await login(a.app, phone, 'right-password', `10.4.${randomInt(0, 255)}.${randomInt(0, 255)}`)).status,
    ).toBe(200)
  })
})
