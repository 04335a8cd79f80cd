import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payments } from '../../server/db/schema'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { adminCall } from './admin-support'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import {
  comeBack as backFromGateway,
  orderDetail,
  queuedTexts,
  type Staff,
  saveSettings,
  staffTeam,
} from './orders-support'

/**
 * Cash on delivery with its delivery charge asked in advance (outside Dhaka, or above a total): the shopper
 * pays the charge by bKash (through a fake of bKash's API on loopback) or by Send Money, and the courier
 * collects the rest.
 */
const SHOP = 'https://shop.example.com'
const SHOP_BKASH = '01812000222'
let bkash: FakeBkash
let t: TestApp
let team: Staff
let items: SkuInfo[]

const sylhet = {
  name: 'Rahim Uddin',
  phone: '01711000000',
  division: 'Sylhet',
  district: 'Sylhet',
  area: 'Jalalabad',
  street: 'House 4, Road 2',
  landmark: '',
}

async function setAdvance(advance: { outsideDhaka: boolean; above: number }, bkashOn = true) {
  return saveSettings(
    t.app,
    team.owner,
    (settings) => ({
      ...settings,
      payments: {
        cod: { ...settings.payments.cod, enabled: true, advance },
        bkash: { enabled: bkashOn },
        transfer: { enabled: true, numbers: { bkash: SHOP_BKASH, nagad: '', rocket: '' } },
      },
    }),
    SHOP,
  )
}

beforeAll(async () => {
  bkash = await startFakeBkash()
  t = await createTestApp({
    products: 12,
    config: {
      ...fakeBkashConfig(bkash.baseUrl),
      PUBLIC_URL: SHOP,
    },
  })
  team = await staffTeam(t.app, t.db, '0173600')
  items = await sellableSkus(t.db, 6)
  const saved = await setAdvance({ outsideDhaka: true, above: 0 })
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status} ${JSON.stringify(saved.body)}`)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await bkash?.close()
})

type Placed = {
  id: number
  number: string
  status: string
  paymentStatus: string
  paymentRedirectUrl: string | null
  advance: number
  totals: { total: number; deliveryCharge: number }
}

let ip = 0
function place(skuIndex: number, extra: Record<string, unknown> = {}, quantity = 1) {
  ip += 1
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: pick(items, skuIndex).skuId, quantity }], { address: sylhet, ...extra }),
    headers: { 'idempotency-key': newKey() },
    ip: `10.96.${Math.floor(ip / 250)}.${ip % 250}`,
  })
}

const comeBack = async (callbackUrl: string) => (await backFromGateway(t.app, callbackUrl)).location

async function collectOf(id: number) {
  const reply = await adminCall(t.app, 'GET', `orders/print?ids=${id}`, { as: team.staff })
  expect(reply.status).toBe(200)
  return (reply.body.data as { orders: { collect: number }[] }).orders[0]?.collect
}

describe('the delivery charge in advance', () => {
  it('tells the storefront where it is asked', async () => {
    const shop = await api(t.app, 'GET', 'shop')
    expect((shop.body.data as { codAdvance: unknown }).codAdvance).toEqual({ outsideDhaka: true, above: 0 })
  })

  it('refuses cash on delivery outside Dhaka without a way to pay the charge, and writes nothing', async () => {
    const before = await stockOf(t.db, pick(items, 0).skuId)
    const refused = await place(0)
    expect(refused.status).toBe(422)
    const [message] = (refused.body.error as Record<string, string[]>).advanceBy ?? []
    expect(message).toMatch(
      /^This order's delivery charge of TK \d+ is paid in advance: choose bKash or Send Money for it$/,
    )
    expect(await stockOf(t.db, pick(items, 0).skuId)).toBe(before)
    // inside Dhaka nothing is asked in advance
    const dhaka = await place(0, {
      address: { ...sylhet, division: 'Dhaka', district: 'Dhaka', area: 'Gulshan' },
    })
    expect(dhaka.status).toBe(201)
    expect(dhaka.body.data).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', advance: 0 })
  })

  it('takes the charge by bKash: the order waits for it, then the courier collects the rest', async () => {
    const reply = await place(1, { advanceBy: 'bkash' })
    expect(reply.status).toBe(201)
    const order = reply.body.data as Placed
    expect(order.totals.deliveryCharge).toBeGreaterThan(0)
    expect(order).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'pending',
      advance: order.totals.deliveryCharge,
    })
    const reference = paymentIdOf(order.paymentRedirectUrl)
    expect(bkash.payments.get(reference)?.amount).toBe(order.totals.deliveryCharge.toFixed(2))

    const callback = bkash.pay(reference, 'success')
    const answers = await Promise.all(Array.from({ length: 5 }, () => comeBack(callback)))
    expect(answers.some((location) => location.endsWith('payment=paid'))).toBe(true)
    expect(bkash.payments.get(reference)).toMatchObject({ status: 'Completed', charges: 1 })
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'advance_paid', paymentMethod: 'cod' })
    expect(await collectOf(order.id)).toBe(order.totals.total - order.totals.deliveryCharge)
    const texts = await queuedTexts(t.db, order.id)
    expect(texts.filter((text) => text.key?.endsWith(':paid')).map((text) => text.text)).toEqual([
      `Haat: delivery charge TK ${order.totals.deliveryCharge.toFixed(2)} received for order ${order.number}. Pay the rest, TK ${(order.totals.total - order.totals.deliveryCharge).toFixed(2)}, on delivery.`,
    ])
  })

  it('takes the charge by Send Money: staff verify it, and the courier collects the rest', async () => {
    const transfer = {
      wallet: 'bkash',
      transactionId: `ADV${Date.now().toString(36).toUpperCase()}`,
      sender: '01899000111',
    }
    const reply = await place(2, { advanceBy: 'transfer', transfer })
    expect(reply.status).toBe(201)
    const order = reply.body.data as Placed
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'to_verify', paymentRedirectUrl: null })
    const [sent] = await t.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(sent).toMatchObject({ provider: 'transfer-bkash', amount: order.totals.deliveryCharge })
    expect(await collectOf(order.id)).toBe(order.totals.total)

    const { version } = await orderDetail(t.app, order.id, team.staff)
    const verified = await adminCall(t.app, 'POST', `orders/${order.id}/transfer`, {
      as: team.staff,
      origin: SHOP,
      body: { decision: 'verify', version },
    })
    expect(verified.status).toBe(200)
    const detail = await orderDetail(t.app, order.id, team.staff)
    expect(detail).toMatchObject({ paymentStatus: 'advance_paid', advance: order.totals.deliveryCharge })
    expect(await collectOf(order.id)).toBe(order.totals.total - order.totals.deliveryCharge)
  })

  it('is asked above a total too, and not while no way to pay it is offered', async () => {
    expect((await setAdvance({ outsideDhaka: false, above: 1 })).status).toBe(200)
    const dhaka = { address: { ...sylhet, division: 'Dhaka', district: 'Dhaka', area: 'Gulshan' } }
    expect((await place(3, dhaka)).status).toBe(422)
    expect((await place(3, { ...dhaka, advanceBy: 'bkash' })).status).toBe(201)
    // a way the shop does not take is refused
    const refusedSettings = await saveSettings(
      t.app,
      team.owner,
      (settings) => ({
        ...settings,
        payments: {
          ...settings.payments,
          bkash: { enabled: false },
          transfer: { ...settings.payments.transfer, enabled: false },
        },
      }),
      SHOP,
    )
    expect(refusedSettings.status).toBe(400)
    expect(refusedSettings.body).toEqual({
      error: {
        'settings.payments.cod.advance.outsideDhaka': [
          'Switch on bKash or Send Money to take the delivery charge in advance',
        ],
      },
    })
    expect((await setAdvance({ outsideDhaka: false, above: 1 }, false)).status).toBe(200)
    expect((await place(3, { ...dhaka, advanceBy: 'bkash' })).status).toBe(422)
    expect(
      (
        await place(3, {
          ...dhaka,
          advanceBy: 'transfer',
          transfer: {
            wallet: 'bkash',
            transactionId: `ADW${Date.now().toString(36).toUpperCase()}`,
            sender: '01899000112',
          },
        })
      ).status,
    ).toBe(201)
    // nothing asked: the order is plain cash on delivery
    expect((await setAdvance({ outsideDhaka: false, above: 0 })).status).toBe(200)
    const plain = await place(3, dhaka)
    expect(plain.status).toBe(201)
    expect(plain.body.data).toMatchObject({ paymentStatus: 'unpaid', advance: 0 })
  })
})
