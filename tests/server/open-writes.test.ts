import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, reviews, smsOutbox } from '../../server/db/schema'
import { advanceClock } from './auth-support'
import {
  api,
  createShopper,
  freshPhone,
  newKey,
  orderBody,
  type Reply,
  type SkuInfo,
  sellableSkus,
  setStock,
  stockOf,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

// What anyone can write without an account, tried as someone emptying a shop's stock or having it text
// strangers would: guest orders, guest reviews and coupon checks are counted before they do any work.

const PER_ADDRESS_HOUR = 4
let t: TestApp
let item: SkuInfo
beforeAll(async () => {
  t = await createTestApp({ products: 6, config: { GUEST_ORDERS_PER_ADDRESS_HOUR: PER_ADDRESS_HOUR } })
  const [first] = await sellableSkus(t.db, 1)
  if (!first) throw new Error('no sellable sku')
  item = first
  await setStock(t.db, item.skuId, 1000)
}, 180_000)
afterAll(async () => t?.close())

let ipCounter = 0
const freshIp = () => `10.60.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
const customer = (phone: string) => ({ customer: { name: 'Rahim Uddin', phone, email: '' } })
const HOUR = 60 * 60_000

function placeGuestOrder(ip: string, phone = freshPhone(), key = newKey()): Promise<Reply> {
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: item.skuId, quantity: 1 }], customer(phone)),
    headers: { 'idempotency-key': key },
    ip,
  })
}

async function textsTo(phones: string[]) {
  await t.app.jobs.runDue()
  return t.db.select().from(smsOutbox).where(inArray(smsOutbox.phone, phones))
}

describe('guest orders', () => {
  it('takes a few orders an hour from one address, then refuses with how long to wait, taking no stock and texting nobody', async () => {
    const ip = freshIp()
    const phones = Array.from({ length: PER_ADDRESS_HOUR + 3 }, () => freshPhone())
    const stockBefore = await stockOf(t.db, item.skuId)
    const replies: Reply[] = []
    for (const phone of phones) replies.push(await placeGuestOrder(ip, phone))
    expect(replies.map((reply) => reply.status)).toEqual([
      ...Array(PER_ADDRESS_HOUR).fill(201),
      ...Array(3).fill(429),
    ])
    expect(replies.at(-1)?.body).toEqual({ error: { order: ['Too many orders. Try again in 1 hour.'] } })
    expect(Number(replies.at(-1)?.headers['retry-after'])).toBeGreaterThan(59 * 60)
    expect(await stockOf(t.db, item.skuId)).toBe(stockBefore - PER_ADDRESS_HOUR)
    const texted = new Set((await textsTo(phones)).map((text) => text.phone))
    expect(texted).toEqual(new Set(phones.slice(0, PER_ADDRESS_HOUR)))

    // other addresses are not held up; the address may order again once the hour is over
    expect((await placeGuestOrder(freshIp())).status).toBe(201)
    advanceClock(t.app, HOUR + 1000)
    expect((await placeGuestOrder(ip)).status).toBe(201)
  })

  it('answers a repeat of an order already placed, even from an address that has used up its hour', async () => {
    advanceClock(t.app, HOUR + 1000)
    const ip = freshIp()
    const key = newKey()
    const phone = freshPhone()
    const first = await placeGuestOrder(ip, phone, key)
    expect(first.status).toBe(201)
    for (let i = 1; i < PER_ADDRESS_HOUR; i++) expect((await placeGuestOrder(ip)).status).toBe(201)
    expect((await placeGuestOrder(ip)).status).toBe(429)
    const repeat = await placeGuestOrder(ip, phone, key)
    expect(repeat.status).toBe(200)
    expect((repeat.body.data as { number: string }).number).toBe(
      (first.body.data as { number: string }).number,
    )
  })

  it('counts before taking stock: 40 parallel orders from one address place at most the limit', async () => {
    advanceClock(t.app, HOUR + 1000)
    const ip = freshIp()
    const phones = Array.from({ length: 40 }, () => freshPhone())
    const replies = await Promise.all(phones.map((phone) => placeGuestOrder(ip, phone)))
    const created = replies.filter((reply) => reply.status === 201)
    expect(created.length).toBeLessThanOrEqual(PER_ADDRESS_HOUR)
    expect(replies.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(
      40 - PER_ADDRESS_HOUR,
    )
    const placed = await t.db.select().from(orders).where(inArray(orders.phone, phones))
    expect(placed).toHaveLength(created.length)
  })

  it('takes at most 5 guest orders a day to one number, from any address', async () => {
    const phone = freshPhone()
    for (let i = 0; i < 5; i++) expect((await placeGuestOrder(freshIp(), phone)).status).toBe(201)
    const refused = await placeGuestOrder(freshIp(), phone)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: { order: [expect.stringMatching(/^Too many orders\. Try again in/)] },
    })
    expect((await textsTo([phone])).length).toBe(5)
  })

  it('counts a signed-in shopper by account, not by the address they share with guests', async () => {
    advanceClock(t.app, HOUR + 1000)
    const ip = freshIp()
    for (let i = 0; i < PER_ADDRESS_HOUR; i++) expect((await placeGuestOrder(ip)).status).toBe(201)
    expect((await placeGuestOrder(ip)).status).toBe(429)
    const shopper = await createShopper(t.db, freshPhone())
    const signedIn = await api(t.app, 'POST', 'orders', {
      token: shopper.token,
      body: orderBody([{ skuId: item.skuId, quantity: 1 }]),
      headers: { 'idempotency-key': newKey() },
      ip,
    })
    expect(signedIn.status).toBe(201)
  })
})

describe('guest reviews and coupon checks', () => {
  const guestReview = (ip: string, phone = freshPhone()) =>
    api(t.app, 'POST', 'review/product/without-login', {
      body: { product_slug: item.slug, rating: 4, text: 'Good', name: 'Guest Shopper', phone },
      ip,
    })

  it('holds at most 10 guest reviews an hour from one address and 3 a day from one number', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) expect((await guestReview(ip)).status).toBe(201)
    const refused = await guestReview(ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: { review: ['Too many reviews. Try again in 1 hour.'] } })

    const phone = freshPhone()
    for (let i = 0; i < 3; i++) expect((await guestReview(freshIp(), phone)).status).toBe(201)
    expect((await guestReview(freshIp(), phone)).status).toBe(429)
    expect(await t.db.select().from(reviews).where(eq(reviews.phone, phone))).toHaveLength(3)
  })

  it('checks at most 60 coupon codes in 15 minutes from one address', async () => {
    const ip = freshIp()
    const check = (code: string, from = ip) =>
      api(t.app, 'POST', 'coupons/check', { body: { code, subtotal: 5000 }, ip: from })
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => check(`GUESS${i}`)))
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(60)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20)
    const refused = await check('HAAT10')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: { coupon: ['Too many coupon checks. Try again in 15 minutes.'] } })
    expect((await check('HAAT10', freshIp())).status).toBe(200)
  })
})
