import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// Two API instances over one Redis (REDIS_URL): the order lookup limit holds across both.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
let a: TestApp
let b: TestApp
beforeAll(async () => {
  a = await createTestApp({ products: 0, config: { REDIS_URL: redisUrl } })
  b = await createTestApp({ products: 0, config: { REDIS_URL: redisUrl } })
}, 180_000)
afterAll(async () => {
  await a?.close()
  await b?.close()
})

/** a number no earlier run has used, so counters left in Redis cannot interfere */
const freshPhone = () => `019${String(randomInt(0, 100_000_000)).padStart(8, '0')}`

describe('guest order lookup limit shared through Redis', () => {
  it('counts the lookups of one number from one address made through either instance', async () => {
    const phone = freshPhone()
    const ip = `10.7.${randomInt(0, 255)}.${randomInt(1, 255)}`
    for (let i = 0; i < 10; i++) {
      const response = await (i % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/v1/orders/lookup',
        headers: apiHeaders,
        remoteAddress: ip,
        payload: { number: `HT-250101-${'ABCDEFGHJK'[i]}2345`, phone },
      })
      expect(response.statusCode).toBe(404)
    }
    const refused = await b.app.inject({
      method: 'POST',
      url: '/api/v1/orders/lookup',
      headers: apiHeaders,
      remoteAddress: ip,
      payload: { number: 'HT-250101-ZZZZZ', phone },
    })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toEqual({ error: { number: [expect.any(String)] } })
  })
})
