import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createProductJsonCache, PRODUCT_FRESH_MS } from '../../server/repositories/catalogue/product-json'
import { type Product, product as productSchema } from '../../src/contract/product'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let clock = 1_000_000
const parse = (json: Buffer[]) =>
  json.map((one) => productSchema.parse(JSON.parse(one.toString())) as Product)

beforeAll(async () => {
  t = await createTestApp({ products: 6 })
})
afterAll(async () => {
  await t?.close()
})

describe('kept product answers', () => {
  it('are served unchanged while fresh, then re-read once their rows have changed', async () => {
    const cache = createProductJsonCache(t.db, () => clock)
    const refs = await t.app.catalogue.refs()
    const [before] = parse(await cache.many([1, 2], refs))
    const sku = before?.skus[0]
    if (!before || !sku) throw new Error('product 1 has no sku')
    // another instance takes stock and cuts the price
    await t.db.execute(
      sql`update skus set discounted_price = ${sku.discountedPrice - 10}, stock_quantity = 2 where id = ${sku.id}`,
    )
    clock += PRODUCT_FRESH_MS - 1
    expect(parse(await cache.many([1], refs))[0]?.skus[0]).toEqual(sku)
    clock += 2
    // the first read after the fresh window still answers at once, and checks the rows meanwhile
    expect(parse(await cache.many([1], refs))[0]?.skus[0]).toEqual(sku)
    await vi.waitFor(async () =>
      expect(parse(await cache.many([1], refs))[0]?.skus[0]).toMatchObject({
        discountedPrice: sku.discountedPrice - 10,
        stockQuantity: 2,
      }),
    )
  })

  it('drop a product that is no longer active, and skip unknown ids', async () => {
    const cache = createProductJsonCache(t.db, () => clock)
    const refs = await t.app.catalogue.refs()
    expect(parse(await cache.many([3, 999_999, 4], refs)).map((p) => p.id)).toEqual([3, 4])
    await t.db.execute(sql`update products set status = 'archived' where id = 3`)
    clock += PRODUCT_FRESH_MS + 1
    await cache.many([3], refs)
    await vi.waitFor(async () => expect(parse(await cache.many([3, 4], refs)).map((p) => p.id)).toEqual([4]))
    await t.db.execute(sql`update products set status = 'active' where id = 3`)
    expect(parse(await cache.many([3], refs)).map((p) => p.id)).toEqual([3])
  })

  it('answer a change made through this instance on the very next read', async () => {
    const cache = createProductJsonCache(t.db, () => clock)
    const refs = await t.app.catalogue.refs()
    const [before] = parse(await cache.many([5], refs))
    const sku = before?.skus[0]
    if (!sku) throw new Error('product 5 has no sku')
    await t.db.execute(sql`update skus set stock_quantity = ${sku.stockQuantity + 7} where id = ${sku.id}`)
    cache.forget([5])
    expect(parse(await cache.many([5], refs))[0]?.skus[0]?.stockQuantity).toBe(sku.stockQuantity + 7)
  })

  it('keep no more bytes than their budget: the oldest answers go first and are read again', async () => {
    const refs = await t.app.catalogue.refs()
    const sizes = (await createProductJsonCache(t.db, () => clock).many([1, 2, 6], refs)).map(
      (json) => json.length,
    )
    // room for the two newest answers, not for the third
    const cache = createProductJsonCache(t.db, () => clock, (sizes[1] ?? 0) + (sizes[2] ?? 0))
    const stock = async (id: number) => parse(await cache.many([id], refs))[0]?.skus[0]?.stockQuantity
    const kept = { 1: await stock(1), 2: await stock(2), 6: await stock(6) }
    // another instance changes all three; within the fresh window only an answer no longer kept shows it
    await t.db.execute(sql`update skus set stock_quantity = stock_quantity + 3 where product_id in (1, 2, 6)`)
    expect(await stock(6)).toBe(kept[6])
    expect(await stock(2)).toBe(kept[2])
    expect(await stock(1)).toBe((kept[1] ?? 0) + 3)
  })
})
