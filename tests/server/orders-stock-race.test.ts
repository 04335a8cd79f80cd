import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, products, skus } from '../../server/db/schema'
import { api, newKey, orderBody, sellableSkus, setStock, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 12 })
}, 180_000)
afterAll(async () => t?.close())

// On PostgreSQL the 50 requests really run at once over the pool; PGlite has one connection and
// runs them one after another. The invariant is asserted the same way on both.
describe(`stock under concurrent orders (${process.env.TEST_DB})`, () => {
  it('sells exactly the 5 in stock to 50 racing shoppers and never goes below zero', async () => {
    const [item] = await sellableSkus(t.db, 1)
    if (!item) throw new Error('no sellable sku')
    await setStock(t.db, item.skuId, 5)
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(t.app, 'POST', 'orders', {
          body: orderBody([{ skuId: item.skuId, quantity: 1 }]),
          headers: { 'idempotency-key': newKey() },
          ip: `10.50.0.${i + 1}`,
        }),
      ),
    )
    const created = replies.filter((r) => r.status === 201)
    const refused = replies.filter((r) => r.status === 409)
    expect(created).toHaveLength(5)
    expect(refused).toHaveLength(45)
    for (const reply of refused) {
      expect(reply.body.error).toEqual({ 'lines.0': [expect.stringMatching(/out of stock|Only \d+ left/)] })
    }
    expect(await stockOf(t.db, item.skuId)).toBe(0)
    const sold = await t.db.select().from(orderLines).where(eq(orderLines.skuId, item.skuId))
    expect(sold.reduce((n, line) => n + line.quantity, 0)).toBe(5)
    const [product] = await t.db.select().from(products).where(eq(products.id, item.productId))
    const left = await t.db
      .select({ stock: skus.stockQuantity })
      .from(skus)
      .where(eq(skus.productId, item.productId))
    expect(product?.inStock).toBe(left.some((s) => s.stock > 0))
  })
})
