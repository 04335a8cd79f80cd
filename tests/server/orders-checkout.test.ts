import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products, smsOutbox } from '../../server/db/schema'
import {
  api,
  createShopper,
  dhakaAddress,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
  stockOf,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let items: SkuInfo[]

beforeAll(async () => {
  t = await createTestApp({ products: 40 })
  items = await sellableSkus(t.db, 13)
}, 180_000)
afterAll(async () => t?.close())

const sku = (i: number) => pick(items, i)
const place = (body: Record<string, unknown>, key = newKey(), token?: string) =>
  api(t.app, 'POST', 'orders', { body, token, headers: { 'idempotency-key': key } })
const round = (n: number) => Math.round(n * 100) / 100

describe('POST /orders', () => {
  it('prices the order from the database, ignoring a tampered client price', async () => {
    const a = sku(0)
    const b = sku(1)
    const body = orderBody([
      { skuId: a.skuId, quantity: 2, price: 1 } as { skuId: number; quantity: number },
      { skuId: b.skuId, quantity: 1, price: 1 } as { skuId: number; quantity: number },
    ])
    const reply = await place(body)
    expect(reply.status).toBe(201)
    const order = reply.body.data as {
      totals: Record<string, number>
      status: string
      number: string
      zone: string
    }
    const goods = round(a.discountedPrice * 2 + b.discountedPrice)
    expect(order.totals.subtotal).toBe(round(a.price * 2 + b.price))
    expect(order.totals.discount).toBe(round(a.price * 2 + b.price - goods))
    expect(order.totals.deliveryCharge).toBe(70)
    expect(order.totals.total).toBe(round(goods + 70))
    expect(order.zone).toBe('inside_dhaka')
    expect(order.status).toBe('pending')
    expect(order.number).toMatch(/^HT-\d{6}-[A-Z0-9]{5}$/)
  })

  it('takes the stock and keeps the product in step', async () => {
    const s = sku(2)
    await setStock(t.db, s.skuId, 2)
    const [before] = await t.db.select().from(products).where(eq(products.id, s.productId))
    const reply = await place(orderBody([{ skuId: s.skuId, quantity: 2 }]))
    expect(reply.status).toBe(201)
    expect(await stockOf(t.db, s.skuId)).toBe(0)
    const [after] = await t.db.select().from(products).where(eq(products.id, s.productId))
    expect(after?.soldCount).toBe((before?.soldCount ?? 0) + 2)
  })

  it('shows the stock taken on the product at once', async () => {
    const s = sku(12)
    const shown = async () => {
      const reply = await api(t.app, 'GET', `product/storefront/${s.slug}`)
      const { skus } = reply.body.data as { skus: { id: number; stockQuantity: number }[] }
      return skus.find((k) => k.id === s.skuId)?.stockQuantity
    }
    const before = await shown()
    expect(before).toBe(await stockOf(t.db, s.skuId))
    expect((await place(orderBody([{ skuId: s.skuId, quantity: 2 }]))).status).toBe(201)
    expect(await shown()).toBe((before ?? 0) - 2)
  })

  it.each([
    ['more than the stock', 3, 5, 'Only 3 left of'],
    ['an out-of-stock sku', 0, 1, 'is out of stock'],
  ])('refuses %s with a per-line message', async (_name, stock, quantity, message) => {
    const ok = sku(3)
    const s = sku(4)
    await setStock(t.db, s.skuId, stock)
    const reply = await place(
      orderBody([
        { skuId: ok.skuId, quantity: 1 },
        { skuId: s.skuId, quantity },
      ]),
    )
    expect(reply.status).toBe(409)
    const error = reply.body.error as Record<string, string[]>
    expect(Object.keys(error)).toEqual(['lines.1'])
    expect(error['lines.1']?.[0]).toContain(message)
    expect(await stockOf(t.db, s.skuId)).toBe(stock)
  })

  it('refuses an inactive product and a sku that does not exist', async () => {
    const s = sku(5)
    await t.db.update(products).set({ status: 'archived' }).where(eq(products.id, s.productId))
    const reply = await place(
      orderBody([
        { skuId: 99_999_999, quantity: 1 },
        { skuId: s.skuId, quantity: 1 },
      ]),
    )
    expect(reply.status).toBe(409)
    expect(reply.body.error).toEqual({
      'lines.0': ['This item is no longer available'],
      'lines.1': [expect.stringContaining('is no longer available')],
    })
  })

  it('applies the seeded coupon after product discounts and refuses an unknown one', async () => {
    const s = sku(6)
    const quantity = Math.min(s.stock, Math.ceil(1000 / s.discountedPrice))
    const goods = round(s.discountedPrice * quantity)
    const reply = await place(orderBody([{ skuId: s.skuId, quantity }], { coupon: 'haat10' }))
    expect(reply.status).toBe(201)
    const totals = (reply.body.data as { totals: Record<string, number | string> }).totals
    expect(totals.couponCode).toBe('HAAT10')
    expect(totals.couponDiscount).toBe(round(Math.min(goods * 0.1, 500)))
    const bad = await place(orderBody([{ skuId: s.skuId, quantity: 1 }], { coupon: 'NOPE' }))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toEqual({ coupon: ['This coupon code is not valid'] })
  })

  it('charges delivery by the zone of the address and refuses a place not on the list', async () => {
    const s = sku(7)
    const outside = { ...dhakaAddress, division: 'Chattogram', district: 'Chattogram', area: 'Panchlaish' }
    const reply = await place(orderBody([{ skuId: s.skuId, quantity: 1 }], { address: outside }))
    expect((reply.body.data as { totals: { deliveryCharge: number } }).totals.deliveryCharge).toBe(130)
    const wrong = { ...dhakaAddress, area: 'Panchlaish' }
    const refused = await place(orderBody([{ skuId: s.skuId, quantity: 1 }], { address: wrong }))
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error as object)).toEqual(['address.area'])
  })

  it('needs an idempotency key and valid fields', async () => {
    const s = sku(7)
    const noKey = await api(t.app, 'POST', 'orders', { body: orderBody([{ skuId: s.skuId, quantity: 1 }]) })
    expect(noKey.status).toBe(400)
    const noTerms = await place(orderBody([{ skuId: s.skuId, quantity: 1 }], { acceptTerms: false }))
    expect(noTerms.status).toBe(400)
    expect(noTerms.body.error).toHaveProperty('acceptTerms')
  })

  it('sends an order confirmation text', async () => {
    const s = sku(8)
    const phone = '01811111111'
    const body = orderBody([{ skuId: s.skuId, quantity: 1 }], {
      customer: { name: 'Karim', phone: '+8801811111111' },
    })
    const reply = await place(body)
    const number = (reply.body.data as { number: string }).number
    await t.app.jobs.runDue()
    const sent = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))
    expect(sent.some((m) => m.body.includes(number))).toBe(true)
  })
})

describe('idempotency', () => {
  it('answers the same key with the same order and another body with 422', async () => {
    const s = sku(9)
    const key = newKey()
    const body = orderBody([{ skuId: s.skuId, quantity: 1 }])
    const first = await place(body, key)
    const again = await place(body, key)
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect((again.body.data as { id: number }).id).toBe((first.body.data as { id: number }).id)
    const other = await place(orderBody([{ skuId: s.skuId, quantity: 2 }]), key)
    expect(other.status).toBe(422)
    expect(other.body.error).toHaveProperty('idempotencyKey')
  })

  it('makes exactly one order from 20 racing requests with one key', async () => {
    const s = sku(10)
    const before = await stockOf(t.db, s.skuId)
    const key = newKey()
    const body = orderBody([{ skuId: s.skuId, quantity: 1 }])
    const replies = await Promise.all(Array.from({ length: 20 }, () => place(body, key)))
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 200)).toHaveLength(19)
    const ids = new Set(replies.map((r) => (r.body.data as { id: number }).id))
    expect(ids.size).toBe(1)
    expect(await t.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1)
    expect(await stockOf(t.db, s.skuId)).toBe(before - 1)
  })
})

describe('reading orders', () => {
  it('shows shoppers only their own orders and lets a guest look one up by number and phone', async () => {
    const s = sku(11)
    const alice = await createShopper(t.db, '01911111111')
    const bob = await createShopper(t.db, '01922222222')
    const body = orderBody([{ skuId: s.skuId, quantity: 1 }])
    const placed = await place(body, newKey(), alice.token)
    const order = placed.body.data as { id: number; number: string }
    const phone = (body.customer as { phone: string }).phone

    const mine = await api(t.app, 'GET', 'orders', { token: alice.token })
    expect((mine.body.data as { id: number }[]).map((o) => o.id)).toEqual([order.id])
    const detail = await api(t.app, 'GET', `orders/${order.id}`, { token: alice.token })
    expect(detail.status).toBe(200)
    expect((detail.body.data as { history: { status: string }[] }).history.map((h) => h.status)).toEqual([
      'pending',
    ])

    expect((await api(t.app, 'GET', 'orders', { token: bob.token })).body.data).toEqual([])
    expect((await api(t.app, 'GET', `orders/${order.id}`, { token: bob.token })).status).toBe(404)
    expect((await api(t.app, 'GET', `orders/${order.id}`)).status).toBe(401)

    const found = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: order.number, phone },
    })
    expect((found.body.data as { id: number }).id).toBe(order.id)
    const wrongPhone = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: order.number, phone: '01799999999' },
    })
    expect(wrongPhone.status).toBe(404)
  })

  it('will not place an order with another shopper’s saved address', async () => {
    const owner = await createShopper(t.db, '01933333333')
    const other = await createShopper(t.db, '01944444444')
    const saved = await api(t.app, 'POST', 'user/addresses', { token: owner.token, body: dhakaAddress })
    const addressId = (saved.body.data as { id: number }).id
    const { address: _a, ...rest } = orderBody([{ skuId: sku(0).skuId, quantity: 1 }])
    const reply = await place({ ...rest, addressId }, newKey(), other.token)
    expect(reply.status).toBe(404)
    const ok = await place({ ...rest, addressId }, newKey(), owner.token)
    expect(ok.status).toBe(201)
  })
})
