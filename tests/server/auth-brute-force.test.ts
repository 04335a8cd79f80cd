import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceClock, login, register } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

describe('password guessing', () => {
  it('locks a number after 10 failures in 15 minutes, even for the right password, then lets it in again', async () => {
    await register(t.app, '01811000001', 'right-password')
    for (let i = 0; i < 10; i++) {
      // a different address each time: the number's own limit is what stops this
      expect((await login(t.app, '01811000001', `guess-${i}`, `10.1.0.${i}`)).status).toBe(401)
    }
    const locked = await login(t.app, '01811000001', 'right-password', '10.1.1.1')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)

    advanceClock(t.app, 15 * 60 * 1000 + 1000)
    expect((await login(t.app, '01811000001', 'right-password', '10.1.1.1')).status).toBe(200)
  })

  it('locks an address that sprays many numbers', async () => {
    await register(t.app, '01811000002', 'right-password')
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, `0181100010${i}`, 'guess', '10.2.0.1')).status).toBe(401)
    }
    const locked = await login(t.app, '01811000002', 'right-password', '10.2.0.1')
    expect(locked.status).toBe(429)
    expect(locked.headers['retry-after']).toBeDefined()
    expect((await login(t.app, '01811000002', 'right-password', '10.2.0.2')).status).toBe(200)
  })
})
