import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, couponUses, orders } from '../../server/db/schema'
import { api, newKey, orderBody, pick, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

// On PostgreSQL the orders really run at once over the pool: the coupon's row is what they queue on.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 4 })
}, 180_000)
afterAll(async () => t?.close())

describe('the last use of a coupon under racing orders', () => {
  it('goes to exactly one of 10 orders placed at once; the others are refused and write nothing', async () => {
    const now = t.app.clock.now().getTime()
    await t.db.insert(coupons).values({
      code: 'LASTONE',
      kind: 'flat',
      value: 50,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 86_400_000),
      usageLimit: 5,
      usedCount: 4,
    })
    const [sku] = await sellableSkus(t.db, 1)
    const skuId = pick(sku ? [sku] : [], 0).skuId
    const before = (await t.db.select({ id: orders.id }).from(orders)).length
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(t.app, 'POST', 'orders', {
          body: orderBody([{ skuId, quantity: 1 }], { coupon: 'lastone' }),
          headers: { 'idempotency-key': newKey() },
          ip: `10.88.0.${i + 1}`,
        }),
      ),
    )
    const created = replies.filter((reply) => reply.status === 201)
    const refused = replies.filter((reply) => reply.status !== 201)
    expect(created).toHaveLength(1)
    expect(refused).toHaveLength(9)
    for (const reply of refused) {
      expect([400, 409]).toContain(reply.status)
      expect(reply.body.error).toEqual({ coupon: ['This coupon has been used up'] })
    }
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'))
    expect(row?.usedCount).toBe(5)
    expect(await t.db.select().from(couponUses).where(eq(couponUses.couponCode, 'LASTONE'))).toHaveLength(1)
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before + 1)
  })
})
