import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceClock } from './auth-support'
import { newKey, orderBody, sellableSkus } from './commerce-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let orderNumber: string
const OWNER = '01712345678'

beforeAll(async () => {
  t = await createTestApp({ products: 6 })
  const [sku] = await sellableSkus(t.db, 1)
  if (!sku) throw new Error('no sku')
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...apiHeaders, 'idempotency-key': newKey() },
    payload: orderBody([{ skuId: sku.skuId, quantity: 1 }]),
  })
  orderNumber = (placed.json() as { data: { number: string } }).data.number
}, 180_000)
afterAll(async () => t?.close())

let ipCounter = 0
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
let phoneCounter = 0
const freshPhone = () => `0181${String(++phoneCounter).padStart(7, '0')}`

async function lookup(number: string, phone: string, ip: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/lookup',
    headers: apiHeaders,
    remoteAddress: ip,
    payload: { number, phone },
  })
  return { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] }
}

const wrongNumber = (i: number) => `HT-250101-${'ABCDEFGHJK'[i % 10]}${'2345678'[i % 7]}XYZ`

describe('guest order lookup limits', () => {
  it('refuses a phone after 10 wrong numbers in 15 minutes, even the right pair, from any address', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await lookup(wrongNumber(i), OWNER, freshIp())).status).toBe(404)
    }
    const refused = await lookup(orderNumber, OWNER, freshIp())
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: { number: [expect.stringMatching(/Try again later/)] } })
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60)

    // another number's lookups are not held up
    expect((await lookup(wrongNumber(1), freshPhone(), freshIp())).status).toBe(404)

    advanceClock(t.app, 15 * 60_000 + 1000)
    const found = await lookup(orderNumber.toLowerCase(), OWNER, freshIp())
    expect(found.status).toBe(200)
    expect(found.body.data.number).toBe(orderNumber)
  })

  it('a found order does not clear the count of wrong guesses', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    for (let i = 0; i < 9; i++) expect((await lookup(wrongNumber(i), OWNER, freshIp())).status).toBe(404)
    expect((await lookup(orderNumber, OWNER, freshIp())).status).toBe(200)
    expect((await lookup(wrongNumber(9), OWNER, freshIp())).status).toBe(404)
    expect((await lookup(orderNumber, OWNER, freshIp())).status).toBe(429)
  })

  it('caps one address at 30 wrong pairs whatever the numbers tried; other addresses go on', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    const ip = freshIp()
    for (let i = 0; i < 30; i++) expect((await lookup(wrongNumber(i), freshPhone(), ip)).status).toBe(404)
    const refused = await lookup(orderNumber, OWNER, ip)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toHaveProperty('number')
    expect(refused.retryAfter).toBeDefined()
    expect((await lookup(orderNumber, OWNER, freshIp())).status).toBe(200)
  })

  it('answers a malformed lookup with 400 and the error shape', async () => {
    const bad = await lookup('HT', 'not-a-phone', freshIp())
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBeTypeOf('object')
  })
})
