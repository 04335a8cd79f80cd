import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { orders, smsOutbox } from '../../server/db/schema'
import { type PaymentProvider, registerPaymentProvider } from '../../server/payments/providers'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

/**
 * A redirect gateway as bKash or SSLCommerz would be: the shopper pays on the gateway's page, and
 * the gateway calls back with a message signed with a secret shared with the shop.
 */
const SECRET = 'test-gateway-secret'
const sign = (fields: { order: string; amount: string; status: string; txn: string }) =>
  createHmac('sha256', SECRET)
    .update(`${fields.order}|${fields.amount}|${fields.status}|${fields.txn}`)
    .digest('hex')
const gatewayMessage = z.object({
  order: z.string(),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  status: z.enum(['VALID', 'FAILED']),
  txn: z.string().min(4),
  signature: z.string(),
})
const testGateway: PaymentProvider = {
  method: 'testpay',
  label: 'TestPay',
  initial: () => ({ status: 'pending_payment', paymentStatus: 'pending' }),
  redirectUrl: async (order) =>
    `https://gateway.test/pay?order=${order.number}&amount=${order.amount.toFixed(2)}`,
  async confirm({ body }) {
    const message = gatewayMessage.safeParse(body)
    if (!message.success || sign(message.data) !== message.data.signature) return null
    return {
      orderNumber: message.data.order,
      outcome: message.data.status === 'VALID' ? 'paid' : 'failed',
      amount: Number(message.data.amount),
      reference: message.data.txn,
    }
  },
}

type Order = {
  id: number
  number: string
  status: string
  paymentStatus: string
  paymentRedirectUrl: string | null
  totals: { total: number }
  history: { status: string; note: string }[]
}

let t: TestApp
let items: SkuInfo[]
let unregister: (() => void) | undefined

beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  items = await sellableSkus(t.db, 6)
}, 180_000)
afterAll(async () => {
  unregister?.()
  await t?.close()
})

const sku = (i: number) => pick(items, i)
const place = (body: Record<string, unknown>, key = newKey()) =>
  api(t.app, 'POST', 'orders', { body, headers: { 'idempotency-key': key } })
/** The number the order was placed with, as its shopper knows it. */
async function phoneOf(number: string): Promise<string> {
  const [row] = await t.db.select({ phone: orders.phone }).from(orders).where(eq(orders.number, number))
  if (!row) throw new Error(`no order ${number}`)
  return row.phone
}
const lookup = async (number: string) =>
  (await api(t.app, 'POST', 'orders/lookup', { body: { number, phone: await phoneOf(number) } })).body
    .data as Order

/** The gateway's call: no api key, only its own signed message. */
async function callback(
  method: string,
  fields: { order: string; amount: string; status: string; txn: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/${method}/callback`,
    payload: { ...fields, signature: sign(fields) },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

describe('payment providers', () => {
  it('offers cash on delivery only until a provider is registered', async () => {
    const refused = await place(
      orderBody([{ skuId: sku(0).skuId, quantity: 1 }], { paymentMethod: 'testpay' }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error).toHaveProperty('paymentMethod')
    const cod = await place(orderBody([{ skuId: sku(0).skuId, quantity: 1 }]))
    expect(cod.status).toBe(201)
    expect(cod.body.data).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentRedirectUrl: null,
    })
    const noCallback = await callback('cod', { order: 'x', amount: '1', status: 'VALID', txn: 'abcd' })
    expect(noCallback.status).toBe(404)
  })
})

describe('a redirect provider', () => {
  beforeAll(() => {
    unregister = registerPaymentProvider(testGateway)
  })

  it('holds the order as pending payment and sends the shopper to the gateway, again on a retry', async () => {
    const s = sku(1)
    const before = await stockOf(t.db, s.skuId)
    const key = newKey()
    const body = orderBody([{ skuId: s.skuId, quantity: 2 }], { paymentMethod: 'testpay' })
    const placed = await place(body, key)
    expect(placed.status).toBe(201)
    const order = placed.body.data as Order
    expect(order).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
    expect(order.paymentRedirectUrl).toBe(
      `https://gateway.test/pay?order=${order.number}&amount=${order.totals.total.toFixed(2)}`,
    )
    expect(order.history.map((h) => h.status)).toEqual(['pending_payment'])
    expect(await stockOf(t.db, s.skuId)).toBe(before - 2)

    const again = await place(body, key)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ id: order.id, paymentRedirectUrl: order.paymentRedirectUrl })
    // no order text before the payment is confirmed
    await t.app.jobs.runDue()
    const texts = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, await phoneOf(order.number)))
    expect(texts.some((m) => m.body.includes(order.number))).toBe(false)
  })

  it('confirms the order when the gateway confirms the payment, once however often it calls', async () => {
    const placed = await place(
      orderBody([{ skuId: sku(2).skuId, quantity: 1 }], { paymentMethod: 'testpay' }),
    )
    const order = placed.body.data as Order
    const fields = {
      order: order.number,
      amount: order.totals.total.toFixed(2),
      status: 'VALID',
      txn: 'TX1001',
    }

    const replies = await Promise.all(Array.from({ length: 8 }, () => callback('testpay', fields)))
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200))
    expect(replies[0]?.body).toEqual({
      data: { number: order.number, status: 'confirmed', paymentStatus: 'paid' },
    })
    const seen = await lookup(order.number)
    expect(seen).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentRedirectUrl: null })
    expect(seen.history.map((h) => h.status)).toEqual(['pending_payment', 'confirmed'])
    expect(seen.history[1]?.note).toContain('TX1001')
    await t.app.jobs.runDue()
    const texts = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, await phoneOf(order.number)))
    expect(texts.filter((m) => m.body.includes(order.number))).toHaveLength(1)

    // a late failure report cannot undo a confirmed payment
    const late = await callback('testpay', { ...fields, status: 'FAILED' })
    expect(late.status).toBe(409)
    expect((await lookup(order.number)).status).toBe('confirmed')
  })

  it('refuses a forged or mismatched confirmation and leaves the order waiting', async () => {
    const placed = await place(
      orderBody([{ skuId: sku(3).skuId, quantity: 1 }], { paymentMethod: 'testpay' }),
    )
    const order = placed.body.data as Order
    const fields = {
      order: order.number,
      amount: order.totals.total.toFixed(2),
      status: 'VALID',
      txn: 'TX2002',
    }

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/testpay/callback',
      payload: { ...fields, signature: 'f'.repeat(64) },
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({ error: { payment: [expect.any(String)] } })

    const short = await callback('testpay', { ...fields, amount: '1.00' })
    expect(short.status).toBe(422)
    expect(short.body.error).toHaveProperty('amount')

    const unknown = await callback('testpay', { ...fields, order: 'HT-250101-ZZZZZ' })
    expect(unknown.status).toBe(404)
    expect((await callback('nopay', fields)).status).toBe(404)

    expect(await lookup(order.number)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
  })

  it('cancels the order and returns its stock when the payment fails', async () => {
    const s = sku(4)
    const shown = async () => {
      const product = await api(t.app, 'GET', `product/storefront/${s.slug}`)
      const skus = (product.body.data as { skus: { id: number; stockQuantity: number }[] }).skus
      return skus.find((k) => k.id === s.skuId)?.stockQuantity
    }
    const before = await stockOf(t.db, s.skuId)
    const placed = await place(orderBody([{ skuId: s.skuId, quantity: 3 }], { paymentMethod: 'testpay' }))
    const order = placed.body.data as Order
    expect(await stockOf(t.db, s.skuId)).toBe(before - 3)
    expect(await shown()).toBe(before - 3)
    const fields = {
      order: order.number,
      amount: order.totals.total.toFixed(2),
      status: 'FAILED',
      txn: 'TX3003',
    }

    expect((await callback('testpay', fields)).status).toBe(200)
    expect((await callback('testpay', fields)).status).toBe(200)
    expect(await stockOf(t.db, s.skuId)).toBe(before)
    expect(await shown()).toBe(before)
    const seen = await lookup(order.number)
    expect(seen).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' })
    expect(seen.history.map((h) => h.status)).toEqual(['pending_payment', 'cancelled'])

    const paidLate = await callback('testpay', { ...fields, status: 'VALID' })
    expect(paidLate.status).toBe(409)
  })
})
