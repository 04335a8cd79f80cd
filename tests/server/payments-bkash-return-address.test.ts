import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { api, newKey, orderBody, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

// bKash sends the shopper back to the address the shop gave it: never one the request's Host chose.

let bkash: FakeBkash
let t: TestApp
beforeAll(async () => {
  bkash = await startFakeBkash()
  t = await createTestApp({ products: 4, config: fakeBkashConfig(bkash.baseUrl) })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await bkash?.close()
})

describe('the address bKash returns the shopper to, without PUBLIC_URL (development)', () => {
  it('is the shop’s local address, whatever Host the order was placed through', async () => {
    const [sku] = await sellableSkus(t.db, 1)
    if (!sku) throw new Error('no sku to sell')
    const placed = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: sku.skuId, quantity: 1 }], { paymentMethod: 'bkash' }),
      headers: { 'idempotency-key': newKey(), host: 'evil.example' },
    })
    expect(placed.status).toBe(201)
    const { paymentRedirectUrl } = placed.body.data as { paymentRedirectUrl: string }
    expect(bkash.payments.get(paymentIdOf(paymentRedirectUrl))).toMatchObject({
      callbackURL: 'http://localhost:8080/api/v1/payments/bkash/return',
    })
  })
})
