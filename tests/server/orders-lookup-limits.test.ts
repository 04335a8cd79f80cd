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
    payload: orderBody([{ skuId: sku.skuId, quantity: 1 }], {
      customer: { name: 'Rahim Uddin', phone: OWNER, email: '' },
    }),
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
  it('refuses a number from one address after 10 lookups in 15 minutes, even the right pair; the owner elsewhere is not held up', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) expect((await lookup(wrongNumber(i), OWNER, ip)).status).toBe(404)
    const refused = await lookup(orderNumber, OWNER, ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: { number: ['Too many attempts to find an order. Try again in 15 minutes.'] },
    })
    expect(Number(refused.retryAfter)).toBeGreaterThan(14 * 60)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60)

    // the owner, from their own address, still finds the order
    const found = await lookup(orderNumber.toLowerCase(), OWNER, freshIp())
    expect(found.status).toBe(200)
    expect(found.body.data.number).toBe(orderNumber)

    advanceClock(t.app, 15 * 60_000 + 1000)
    expect((await lookup(orderNumber, OWNER, ip)).status).toBe(200)
  })

  it('counts a lookup before looking: 60 parallel guesses from one address get at most 10 answers', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    const ip = freshIp()
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => lookup(i === 59 ? orderNumber : wrongNumber(i), OWNER, ip)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(10)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50)
    expect(statuses.every((status) => [200, 404, 429].includes(status))).toBe(true)
  })

  it('a found order does not reset the count', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    const ip = freshIp()
    for (let i = 0; i < 9; i++) expect((await lookup(wrongNumber(i), OWNER, ip)).status).toBe(404)
    expect((await lookup(orderNumber, OWNER, ip)).status).toBe(200)
    expect((await lookup(orderNumber, OWNER, ip)).status).toBe(429)
  })

  it('caps one address at 30 lookups whatever the numbers tried; other addresses go on', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    const ip = freshIp()
    for (let i = 0; i < 30; i++) expect((await lookup(wrongNumber(i), freshPhone(), ip)).status).toBe(404)
    const refused = await lookup(orderNumber, OWNER, ip)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toHaveProperty('number')
    expect((await lookup(orderNumber, OWNER, freshIp())).status).toBe(200)
  })

  it('widens the cap of an address by PER_ADDRESS_LIMIT_FACTOR, but not the cap of a number from it', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    t.app.config.PER_ADDRESS_LIMIT_FACTOR = 2
    try {
      const ip = freshIp()
      for (let i = 0; i < 60; i++) expect((await lookup(wrongNumber(i), freshPhone(), ip)).status).toBe(404)
      expect((await lookup(orderNumber, OWNER, ip)).status).toBe(429)
      const pair = freshIp()
      for (let i = 0; i < 10; i++) expect((await lookup(wrongNumber(i), OWNER, pair)).status).toBe(404)
      expect((await lookup(orderNumber, OWNER, pair)).status).toBe(429)
    } finally {
      t.app.config.PER_ADDRESS_LIMIT_FACTOR = 1
    }
  })

  it('stops guesses at one number from many addresses at a ceiling of 100', async () => {
    advanceClock(t.app, 15 * 60_000 + 1000)
    const target = freshPhone()
    for (let i = 0; i < 100; i++) {
      expect((await lookup(wrongNumber(i), target, freshIp())).status).toBe(404)
    }
    expect((await lookup(wrongNumber(0), target, freshIp())).status).toBe(429)
  })

  it('answers a malformed lookup with 400 and the error shape', async () => {
    const bad = await lookup('HT', 'not-a-phone', freshIp())
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBeTypeOf('object')
  })
})
