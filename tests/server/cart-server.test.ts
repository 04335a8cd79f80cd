import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createShopper, pick, type SkuInfo, sellableSkus, setStock } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let items: SkuInfo[]
beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  items = await sellableSkus(t.db, 4)
}, 180_000)
afterAll(async () => t?.close())

const sku = (i: number) => pick(items, i)
type Item = { id: number; skuId: number; quantity: number; status: string }

describe('POST /cart/quote', () => {
  it('answers current prices and stock, and points out a line above stock', async () => {
    const a = sku(0)
    const b = sku(1)
    await setStock(t.db, b.skuId, 2)
    const reply = await api(t.app, 'POST', 'cart/quote', {
      body: {
        lines: [
          { skuId: a.skuId, quantity: 1, price: 1 },
          { skuId: b.skuId, quantity: 3 },
        ],
      },
    })
    expect(reply.status).toBe(200)
    const data = reply.body.data as {
      lines: { unitDiscountedPrice: number; quantity: number; available: number; problem: string | null }[]
      totals: { total: number; deliveryCharge: number }
    }
    expect(data.lines[0]).toMatchObject({
      unitDiscountedPrice: a.discountedPrice,
      quantity: 1,
      problem: null,
    })
    expect(data.lines[1]).toMatchObject({
      quantity: 2,
      available: 2,
      problem: expect.stringContaining('Only 2 left'),
    })
    expect(data.totals.deliveryCharge).toBe(70)
    expect(data.totals.total).toBe(Math.round((a.discountedPrice + b.discountedPrice * 2 + 70) * 100) / 100)
  })

  it('reports a coupon the shop refuses without failing the quote', async () => {
    const reply = await api(t.app, 'POST', 'cart/quote', {
      body: { lines: [{ skuId: sku(0).skuId, quantity: 1 }], coupon: 'WRONG' },
    })
    expect(reply.status).toBe(200)
    expect((reply.body.data as { couponError: string }).couponError).toBe('This coupon code is not valid')
  })
})

describe('server cart', () => {
  it('needs a session', async () => {
    expect((await api(t.app, 'GET', 'cart')).status).toBe(401)
    expect((await api(t.app, 'POST', 'cart', { body: { skuId: sku(0).skuId, quantity: 1 } })).status).toBe(
      401,
    )
  })

  it('adds, changes and removes the shopper’s own lines, capped at stock', async () => {
    const shopper = await createShopper(t.db, '01700000001')
    const s = sku(2)
    await setStock(t.db, s.skuId, 4)
    const added = await api(t.app, 'POST', 'cart', {
      token: shopper.token,
      body: { skuId: s.skuId, quantity: 3 },
    })
    expect(added.body.data).toMatchObject({ skuId: s.skuId, quantity: 3, status: 'active' })
    const again = await api(t.app, 'POST', 'cart', {
      token: shopper.token,
      body: { skuId: s.skuId, quantity: 3 },
    })
    expect((again.body.data as Item).quantity).toBe(4)
    const id = (added.body.data as Item).id
    const patched = await api(t.app, 'PATCH', `cart/${id}`, {
      token: shopper.token,
      body: { quantity: 2, status: 'inactive' },
    })
    expect(patched.body.data).toMatchObject({ quantity: 2, status: 'inactive' })
    const list = await api(t.app, 'GET', 'cart', { token: shopper.token })
    expect((list.body.data as Item[]).map((i) => i.id)).toEqual([id])
    const removed = await api(t.app, 'DELETE', `cart/${id}`, { token: shopper.token })
    expect(removed.body.data).toEqual([])
  })

  it('never lets one shopper read or change another’s cart lines', async () => {
    const owner = await createShopper(t.db, '01700000002')
    const other = await createShopper(t.db, '01700000003')
    const added = await api(t.app, 'POST', 'cart', {
      token: owner.token,
      body: { skuId: sku(0).skuId, quantity: 1 },
    })
    const id = (added.body.data as Item).id
    expect((await api(t.app, 'GET', 'cart', { token: other.token })).body.data).toEqual([])
    const patch = await api(t.app, 'PATCH', `cart/${id}`, { token: other.token, body: { quantity: 1 } })
    expect(patch.status).toBe(404)
    expect((await api(t.app, 'DELETE', `cart/${id}`, { token: other.token })).status).toBe(404)
    expect((await api(t.app, 'GET', 'cart', { token: owner.token })).body.data).toHaveLength(1)
  })

  it('merges a local cart once: sums per sku capped at stock, the same merge again changes nothing', async () => {
    const shopper = await createShopper(t.db, '01700000004')
    const a = sku(0)
    const b = sku(3)
    await setStock(t.db, b.skuId, 5)
    await api(t.app, 'POST', 'cart', { token: shopper.token, body: { skuId: b.skuId, quantity: 3 } })
    const merge = {
      mergeId: 'guest-cart-123456',
      lines: [
        { skuId: a.skuId, quantity: 1 },
        { skuId: b.skuId, quantity: 4 },
      ],
    }
    const first = await api(t.app, 'POST', 'cart/merge', { token: shopper.token, body: merge })
    const quantities = (reply: typeof first) =>
      Object.fromEntries((reply.body.data as Item[]).map((i) => [i.skuId, i.quantity]))
    expect(quantities(first)).toEqual({ [a.skuId]: 1, [b.skuId]: 5 })
    const second = await api(t.app, 'POST', 'cart/merge', { token: shopper.token, body: merge })
    expect(quantities(second)).toEqual(quantities(first))
  })
})
