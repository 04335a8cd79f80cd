import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skus } from '../../server/db/schema'
import type { AdminOrder, OrderPrint } from '../../src/contract/admin-orders'
import type { Order } from '../../src/contract/orders'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { FAKE_STEADFAST, type FakeSteadfast, startFakeSteadfast } from '../fakes/steadfast'
import { adminCall } from './admin-support'
import {
  api,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { comeBack, orderDetail, queuedTexts, type Staff, saveSettings, staffTeam } from './orders-support'

// A paid order edited upward must collect the difference: the courier, the label, the invoice, the order's
// pages all say what is still owed, against fakes of bKash and Steadfast on loopback.

const SHOP = 'https://shop.example.com'
let bkash: FakeBkash
let steadfast: FakeSteadfast
let t: TestApp
let team: Staff
let item: SkuInfo

beforeAll(async () => {
  bkash = await startFakeBkash()
  steadfast = await startFakeSteadfast()
  t = await createTestApp({
    products: 4,
    config: {
      ...fakeBkashConfig(bkash.baseUrl),
      PUBLIC_URL: SHOP,
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: FAKE_STEADFAST.apiKey,
      STEADFAST_SECRET_KEY: FAKE_STEADFAST.secretKey,
      STEADFAST_WEBHOOK_TOKEN: FAKE_STEADFAST.webhookToken,
      COURIER_TIMEOUT_MS: 1_000,
    },
  })
  team = await staffTeam(t.app, t.db, '0174700')
  item = pick(await sellableSkus(t.db, 1), 0)
  // TK 2,630 a piece, unweighed: one piece and the TK 70 inside Dhaka come to TK 2,700
  await t.db
    .update(skus)
    .set({ price: 2630, discountedPrice: 2630, weightGrams: 0 })
    .where(eq(skus.id, item.skuId))
  await setStock(t.db, item.skuId, 50)
  const saved = await saveSettings(
    t.app,
    team.owner,
    (settings) => ({
      ...settings,
      payments: {
        ...settings.payments,
        transfer: { enabled: true, numbers: { bkash: '01812000333', nagad: '', rocket: '' } },
      },
    }),
    SHOP,
  )
  expect(saved.status).toBe(200)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await bkash?.close()
  await steadfast?.close()
})

/** A bKash order of one piece, paid on bKash's page. */
async function paidBkashOrder() {
  const body = orderBody([{ skuId: item.skuId, quantity: 1 }], { paymentMethod: 'bkash' })
  const placed = await api(t.app, 'POST', 'orders', {
    body,
    headers: { 'idempotency-key': newKey() },
    ip: '10.91.0.1',
  })
  expect(placed.status).toBe(201)
  const order = placed.body.data as Order
  const callback = bkash.pay(paymentIdOf(order.paymentRedirectUrl), 'success')
  await comeBack(t.app, callback)
  return { order, callback }
}

async function runJobs() {
  for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue()) === 0) break
}

describe('a paid order edited upward', () => {
  it('collects the difference: Steadfast, the label, the invoice and both order pages say TK 5,260', async () => {
    const { order, callback } = await paidBkashOrder()
    const paid = await orderDetail(t.app, order.id, team.staff)
    expect(paid).toMatchObject({ paymentStatus: 'paid', totals: { total: 2700 } })

    const edited = await adminCall(t.app, 'POST', `orders/${order.id}/edit`, {
      as: team.staff,
      origin: SHOP,
      body: { version: paid.version, lines: [{ skuId: item.skuId, quantity: 3 }] },
    })
    expect(edited.status).toBe(200)
    const after = (edited.body as { data: AdminOrder }).data
    expect(after.totals.total).toBe(7960)
    expect(after.events.at(-1)?.changes).toContainEqual({ kind: 'collect', amount: 5260 })
    // the shopper back on bKash's return address again: still paid, not failed
    expect((await comeBack(t.app, callback)).location).toBe(
      `/confirm-order?number=${order.number}&payment=paid`,
    )
    await adminCall(t.app, 'POST', `orders/${order.id}/status`, {
      as: team.staff,
      origin: SHOP,
      body: { to: 'confirmed', version: after.version },
    })
    const shipped = await adminCall(t.app, 'POST', 'orders/ship', {
      as: team.staff,
      origin: SHOP,
      body: { ids: [order.id], courier: 'steadfast' },
    })
    expect(shipped.status).toBe(200)
    await runJobs()
    const parcels = [...steadfast.parcels.values()].filter((parcel) => parcel.invoice === order.number)
    expect(parcels.map((parcel) => parcel.codAmount)).toEqual([5260])
    const booked = await orderDetail(t.app, order.id, team.staff)
    expect(booked).toMatchObject({ status: 'shipped', shipment: { codAmount: 5260 } })

    const printed = await adminCall(t.app, 'GET', `orders/print?ids=${order.id}`, { as: team.staff })
    const [label] = (printed.body.data as { orders: OrderPrint[] }).orders
    expect(label).toMatchObject({ paid: 2700, collect: 5260 })

    expect(booked.paymentStatus).toBe('partly_paid')
    expect(booked.money).toEqual({ paid: 2700, advance: 0, refunded: 0, collect: 5260, refund: 0 })

    // the shopper's own page (the public lookup) says the same
    const looked = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: order.number, phone: order.phone },
      ip: '10.91.0.2',
    })
    expect((looked.body.data as Order).money).toMatchObject({ paid: 2700, collect: 5260 })
  })

  it('verifies a transfer sent before the edit as part of the money: the rest is collected, the text says so', async () => {
    const transfer = { wallet: 'bkash', transactionId: 'SM7Q2K4X9P', sender: freshPhone() }
    const placed = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: item.skuId, quantity: 1 }], { paymentMethod: 'transfer', transfer }),
      headers: { 'idempotency-key': newKey() },
      ip: '10.91.0.3',
    })
    expect(placed.status).toBe(201)
    const order = placed.body.data as Order
    const before = await orderDetail(t.app, order.id, team.staff)
    expect(before).toMatchObject({ paymentStatus: 'to_verify', money: { paid: 0, collect: 2700 } })

    const edited = await adminCall(t.app, 'POST', `orders/${order.id}/edit`, {
      as: team.staff,
      origin: SHOP,
      body: { version: before.version, lines: [{ skuId: item.skuId, quantity: 3 }] },
    })
    expect(edited.status).toBe(200)
    const verified = await adminCall(t.app, 'POST', `orders/${order.id}/transfer`, {
      as: team.staff,
      origin: SHOP,
      body: { decision: 'verify', version: (edited.body as { data: AdminOrder }).data.version },
    })
    expect(verified.status).toBe(200)
    expect((verified.body as { data: AdminOrder }).data).toMatchObject({
      paymentStatus: 'partly_paid',
      money: { paid: 2700, collect: 5260, refund: 0 },
    })
    const texts = await queuedTexts(t.db, order.id)
    expect(texts.find((text) => text.key?.endsWith(':paid'))?.text).toBe(
      `Haat: TK 2700.00 received for order ${order.number} by Mobile money transfer. Pay the rest, TK 5260.00, on delivery.`,
    )
  })
})
