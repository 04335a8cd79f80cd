import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skus } from '../../server/db/schema'
import type { Product, ProductSummary } from '../../src/contract/product'
import { adminCall, createPerson, openSession } from './admin-support'
import { api, createShopper, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

const TOKEN = 'owner-token-for-tests'
const admin = { authorization: `Bearer ${TOKEN}` }

let t: TestApp
let items: SkuInfo[]
beforeAll(async () => {
  t = await createTestApp({ products: 12, config: { ADMIN_TOKEN: TOKEN } })
  items = await sellableSkus(t.db, 4)
}, 180_000)
afterAll(async () => t?.close())

const sku = (i: number) => pick(items, i)

async function readByIds(productId: number): Promise<Product | undefined> {
  const reply = await api(t.app, 'POST', 'product/storefront/get-by-ids?perPage=100', {
    body: { ids: [productId] },
  })
  expect(reply.status).toBe(200)
  return (reply.body.data as Product[])[0]
}

async function readBySlug(slug: string): Promise<Product> {
  const reply = await api(t.app, 'GET', `product/storefront/${slug}`)
  expect(reply.status).toBe(200)
  return reply.body.data as Product
}

async function listingCards(): Promise<ProductSummary[]> {
  const reply = await api(t.app, 'GET', 'product/storefront?currentPage=1&perPage=40')
  expect(reply.status).toBe(200)
  return reply.body.data as ProductSummary[]
}

const skuOf = (product: Product | undefined, skuId: number) => product?.skus.find((s) => s.id === skuId)

describe('PATCH /admin/skus/:id', () => {
  it('changes a price that get-by-ids, the product page and the quote show on the next read', async () => {
    const item = sku(0)
    // answers already given (and any kept by the catalogue) must not hide the change
    expect(skuOf(await readByIds(item.productId), item.skuId)?.discountedPrice).toBe(item.discountedPrice)
    expect(skuOf(await readBySlug(item.slug), item.skuId)?.discountedPrice).toBe(item.discountedPrice)
    await listingCards()

    const price = item.price + 200
    const discountedPrice = item.price + 150.5
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers: admin,
      body: { price, discountedPrice },
    })
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({
      id: item.skuId,
      price,
      discountedPrice,
      discountedValue: 49.5,
      stockQuantity: item.stock,
    })

    for (const product of [await readByIds(item.productId), await readBySlug(item.slug)]) {
      expect(skuOf(product, item.skuId)).toMatchObject({ price, discountedPrice, discountedValue: 49.5 })
    }
    const quote = await api(t.app, 'POST', 'cart/quote', {
      body: { lines: [{ skuId: item.skuId, quantity: 1 }] },
    })
    expect((quote.body.data as { lines: { unitDiscountedPrice: number }[] }).lines[0]).toMatchObject({
      unitDiscountedPrice: discountedPrice,
    })
  })

  it('changes the stock alone, keeping the prices', async () => {
    const item = sku(1)
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers: admin,
      body: { stockQuantity: 1 },
    })
    expect(reply.status).toBe(200)
    expect(skuOf(await readByIds(item.productId), item.skuId)).toMatchObject({
      stockQuantity: 1,
      price: item.price,
      discountedPrice: item.discountedPrice,
    })
  })

  it('makes the product card follow its cheapest sku and its stock', async () => {
    const item = sku(2)
    expect((await listingCards()).some((summary) => summary.id === item.productId)).toBe(true)
    const before = await readBySlug(item.slug)
    const cheapest = Math.min(...before.skus.map((s) => s.discountedPrice))
    const discountedPrice = Math.max(0, cheapest - 10)
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers: admin,
      body: { price: item.price, discountedPrice },
    })
    expect(reply.status).toBe(200)
    const after = await readByIds(item.productId)
    expect(after).toMatchObject({ price: item.price, discounted_price: discountedPrice })
    // the listing page read a moment ago shows the new card price too
    const card = (await listingCards()).find((summary) => summary.id === item.productId)
    expect(card).toMatchObject({ discounted_price: discountedPrice })

    for (const other of before.skus) {
      const sold = await api(t.app, 'PATCH', `admin/skus/${other.id}`, {
        headers: admin,
        body: { stockQuantity: 0 },
      })
      expect(sold.status).toBe(200)
    }
    expect((await readBySlug(item.slug)).in_stock).toBe(false)
  })

  it.each([
    ['no Authorization header', {}],
    ['another token', { authorization: 'Bearer owner-token-for-test5' }],
    ['a shorter token', { authorization: 'Bearer owner' }],
    ['the token without Bearer', { authorization: TOKEN }],
  ])('refuses %s with 401', async (_name, headers: Record<string, string>) => {
    const item = sku(3)
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers,
      body: { price: 1 },
    })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ error: { auth: [expect.any(String)] } })
    expect(skuOf(await readByIds(item.productId), item.skuId)?.price).toBe(item.price)
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['a negative price', { price: -1 }, 'price'],
    ['more than two decimals', { discountedPrice: 10.005 }, 'discountedPrice'],
    ['a price as text', { price: '100' }, 'price'],
    ['a fractional stock', { stockQuantity: 1.5 }, 'stockQuantity'],
    ['a negative stock', { stockQuantity: -2 }, 'stockQuantity'],
    ['an unknown field', { name: 'Cheap' }, 'body'],
  ])('answers 400 in the error shape for %s', async (_name, body, field) => {
    const reply = await api(t.app, 'PATCH', `admin/skus/${sku(3).skuId}`, { headers: admin, body })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toHaveProperty(field)
  })

  it('answers 400 when the discounted price would be above the price', async () => {
    const item = sku(3)
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers: admin,
      body: { discountedPrice: item.price + 1 },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      error: { discountedPrice: ['The discounted price cannot be above the price'] },
    })
    expect(skuOf(await readByIds(item.productId), item.skuId)?.discountedPrice).toBe(item.discountedPrice)
  })

  it.each([
    ['an unknown sku', '999999', 404],
    ['an id that is not a number', 'abc', 400],
  ])('answers %s with %i', async (_name, id, status) => {
    const reply = await api(t.app, 'PATCH', `admin/skus/${id}`, { headers: admin, body: { price: 10 } })
    expect(reply.status).toBe(status)
    expect(Object.keys(reply.body.error as object)).toEqual(['id'])
  })
})

describe('the audit log of sku changes', () => {
  it('records a change made with ADMIN_TOKEN as nobody on the staff, with the changed figures only', async () => {
    const item = sku(3)
    const reply = await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, {
      headers: admin,
      body: { stockQuantity: 7 },
    })
    expect(reply.status).toBe(200)
    const [entry] = (
      await t.app.audit.list({ objectType: 'sku', objectId: String(item.skuId), page: 1, perPage: 1 })
    ).entries
    expect(entry).toMatchObject({
      staff: null,
      action: 'sku.update',
      objectType: 'sku',
      objectId: String(item.skuId),
      before: { stockQuantity: item.stock },
      after: { stockQuantity: 7 },
    })
  })

  it('records each of many racing changes with the figures it replaced, one after another', async () => {
    const item = sku(2)
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(t.app, 'PATCH', `admin/skus/${item.skuId}`, { headers: admin, body: { stockQuantity: 100 + i } }),
      ),
    )
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200))
    const entries = (
      await t.app.audit.list({ objectType: 'sku', objectId: String(item.skuId), page: 1, perPage: 10 })
    ).entries.reverse()
    expect(entries).toHaveLength(10)
    const figures = entries.map((entry) => [
      (entry.before as { stockQuantity: number }).stockQuantity,
      (entry.after as { stockQuantity: number }).stockQuantity,
    ])
    // every change locked the sku and recorded what the one before it left
    for (let i = 1; i < figures.length; i++) expect(figures[i]?.[0]).toBe(figures[i - 1]?.[1])
    // and the last one recorded is what the sku holds now
    const [row] = await t.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.id, item.skuId))
    expect(figures.at(-1)?.[1]).toBe(row?.stock)
  })

  it('records nothing for a refused change', async () => {
    const item = sku(3)
    const before = (await t.app.audit.list({ objectType: 'sku', page: 1, perPage: 100 })).entries.length
    await api(t.app, 'PATCH', `admin/skus/${item.skuId}`, { headers: admin, body: { discountedPrice: 1e7 } })
    await api(t.app, 'PATCH', 'admin/skus/999999', { headers: admin, body: { price: 10 } })
    expect((await t.app.audit.list({ objectType: 'sku', page: 1, perPage: 100 })).entries).toHaveLength(
      before,
    )
  })
})

describe('without ADMIN_TOKEN', () => {
  let bare: TestApp
  let skuId: number
  beforeAll(async () => {
    bare = await createTestApp({ products: 2 })
    skuId = (await sellableSkus(bare.db, 1))[0]?.skuId ?? 0
  }, 180_000)
  afterAll(async () => bare?.close())

  it('answers 401 to any token, and to nobody', async () => {
    for (const headers of [admin, {}]) {
      const reply = await api(bare.app, 'PATCH', `admin/skus/${skuId}`, { headers, body: { price: 10 } })
      expect(reply.status).toBe(401)
      expect(reply.body).toEqual({ error: { auth: [expect.any(String)] } })
    }
  })

  it("answers 403 to a shopper's session", async () => {
    const shopper = await createShopper(bare.db, '01760000001')
    const reply = await api(bare.app, 'PATCH', `admin/skus/${skuId}`, {
      token: shopper.token,
      body: { price: 10 },
    })
    expect(reply.status).toBe(403)
  })

  it('lets anyone on the staff change stock, with CSRF, and records who did', async () => {
    const id = await createPerson(bare.db, { phone: '01760000002', role: 'staff', firstName: 'Rina' })
    const session = await openSession(bare.app, id)
    const refused = await adminCall(bare.app, 'PATCH', `skus/${skuId}`, {
      as: session,
      csrf: null,
      body: { stockQuantity: 3 },
    })
    expect(refused.status).toBe(403)
    expect(Object.keys(refused.body.error as object)).toEqual(['csrf'])
    const changed = await adminCall(bare.app, 'PATCH', `skus/${skuId}`, {
      as: session,
      body: { stockQuantity: 3 },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ id: skuId, stockQuantity: 3 })
    const [entry] = (await bare.app.audit.list({ staffId: id, page: 1, perPage: 5 })).entries
    expect(entry).toMatchObject({
      staff: { id, name: 'Rina staff' },
      action: 'sku.update',
      objectId: String(skuId),
      after: { stockQuantity: 3 },
    })
  })
})
