import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderStatusHistory, orders, products } from '../../server/db/schema'
import type { StatusChangeBody } from '../../src/contract/admin-orders'
import type { Order } from '../../src/contract/orders'
import { adminCall } from './admin-support'
import { api, freshPhone, newKey, orderBody, pick, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import { changeStatus, orderDetail, orderTestApp, queuedTexts, type Staff } from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 8, phones: '0173400', skus: 2, stock: 500 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

let client = 0
/** A guest's order placed from a page in `language`, to Chattogram's Panchlaish. */
async function placeIn(language: 'en' | 'bn', sku = pick(items, 0)) {
  client += 1
  const phone = freshPhone()
  const body = orderBody([{ skuId: sku.skuId, quantity: 1 }], {
    customer: { name: 'Rahim Uddin', phone, email: '' },
    address: {
      name: 'Rahim Uddin',
      phone,
      division: 'Chattogram',
      district: 'Chattogram',
      area: 'Panchlaish',
      street: 'House 4, Road 2',
      landmark: '',
    },
  })
  const reply = await api(t.app, 'POST', 'orders', {
    body,
    headers: { 'idempotency-key': newKey(), 'accept-language': language },
    ip: `10.91.${client}.1`,
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as Order
}

const lookup = async (order: Order) => {
  const reply = await api(t.app, 'POST', 'orders/lookup', {
    body: { number: order.number, phone: order.phone },
  })
  expect(reply.status).toBe(200)
  return reply.body.data as Order
}

const lastText = async (id: number) => (await queuedTexts(t.db, id)).at(-1)?.text ?? ''

describe('a cancellation reason chosen from the list', () => {
  it.each([
    ['bn', 'কারণ: পণ্যটি স্টকে নেই'],
    ['en', 'Reason: Out of stock'],
  ] as const)('is texted to a shopper who ordered in %s in their language', async (language, said) => {
    const placed = await placeIn(language)
    const reply = await changeStatus(
      t.app,
      placed.id,
      { to: 'cancelled', version: 1, reasonCode: 'out_of_stock' },
      team.staff,
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(await lastText(placed.id)).toContain(said)
    // kept as its code, its English text the reason; out of stock is the shop's own doing
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({
      cancelReason: 'Out of stock',
      cancelReasonCode: 'out_of_stock',
      cancelCode: 'shop',
    })
    // the shopper's order page has it in both languages, to show it in the page's own
    expect(await lookup(placed)).toMatchObject({
      cancelReason: 'Out of stock',
      cancelReasonCode: 'out_of_stock',
      cancelReasonTexts: { en: 'Out of stock', bn: 'পণ্যটি স্টকে নেই' },
    })
  })

  it('says who the cancellation is on: a customer who asked is not held to have refused', async () => {
    const asked = await placeIn('bn')
    await changeStatus(
      t.app,
      asked.id,
      { to: 'cancelled', version: 1, reasonCode: 'customer_asked' },
      team.staff,
    )
    expect(await lastText(asked.id)).toContain('কারণ: গ্রাহকের অনুরোধে বাতিল')
    const detail = await orderDetail(t.app, asked.id, team.staff)
    expect(detail.record).toMatchObject({ cancelled: 1, refusals: 0, risk: 'new' })
    expect(detail.events.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Customer asked to cancel',
      reason: 'customer_asked',
    })

    const fake = await placeIn('en')
    await changeStatus(
      t.app,
      fake.id,
      { to: 'cancelled', version: 1, reasonCode: 'suspected_fraud' },
      team.staff,
    )
    const [row] = await t.db.select().from(orders).where(eq(orders.id, fake.id))
    expect(row?.cancelCode).toBe('refused')
  })

  it('sends a reason the staff wrote as they wrote it, in a Bangla text too', async () => {
    const placed = await placeIn('bn')
    await changeStatus(
      t.app,
      placed.id,
      { to: 'cancelled', version: 1, reason: 'Wrong phone number given', code: 'unreachable' },
      team.staff,
    )
    expect(await lastText(placed.id)).toContain('কারণ: Wrong phone number given')
    expect(await lookup(placed)).toMatchObject({
      cancelReason: 'Wrong phone number given',
      cancelReasonCode: null,
      cancelReasonTexts: null,
    })
  })

  it('refuses a reason both chosen and written, or neither, writing nothing', async () => {
    const placed = await placeIn('en')
    for (const body of [
      { to: 'cancelled', version: 1, reason: 'Typed too', reasonCode: 'ordered_twice' },
      { to: 'cancelled', version: 1 },
      { to: 'cancelled', version: 1, reasonCode: 'bored' },
    ]) {
      const reply = await changeStatus(t.app, placed.id, body as StatusChangeBody, team.staff)
      expect(reply.status).toBe(400)
      expect(Object.keys((reply.body as { error: Record<string, string[]> }).error)).toEqual([
        body.reasonCode === 'bored' ? 'reasonCode' : 'reason',
      ])
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({ status: 'pending', version: 1, cancelReason: null })
    expect(await queuedTexts(t.db, placed.id)).toHaveLength(1)
  })
})

describe('an edit with a reason chosen from the list', () => {
  const editCharge = (order: Order, body: Record<string, unknown>) =>
    adminCall(t.app, 'POST', `orders/${order.id}/edit`, {
      as: team.staff,
      body: {
        version: 1,
        lines: order.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
        deliveryCharge: order.totals.deliveryCharge + 20,
        ...body,
      },
    })

  it.each([
    ['bn', 'বদলানো হয়েছে (ডেলিভারি চার্জ ঠিক করা হয়েছে)।'],
    ['en', 'was changed (Delivery charge corrected).'],
  ] as const)('texts the new total with the reason in %s', async (language, said) => {
    const placed = await placeIn(language)
    const reply = await editCharge(placed, { reasonCode: 'delivery_charge' })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(await lastText(placed.id)).toContain(said)
    const [entry] = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.id))
      .orderBy(orderStatusHistory.id)
      .then((rows) => rows.filter((row) => row.kind === 'edit'))
    expect(entry).toMatchObject({ note: 'Delivery charge corrected', reasonCode: 'delivery_charge' })
    expect((await lookup(placed)).history.at(-1)).toMatchObject({
      kind: 'edit',
      reason: 'delivery_charge',
      reasonTexts: { en: 'Delivery charge corrected', bn: 'ডেলিভারি চার্জ ঠিক করা হয়েছে' },
    })
  })

  it('refuses a reason both chosen and written', async () => {
    const placed = await placeIn('en')
    const reply = await editCharge(placed, { reasonCode: 'size_colour', note: 'Also this' })
    expect(reply.status).toBe(400)
    expect(await queuedTexts(t.db, placed.id)).toHaveLength(1)
  })
})

describe("the shopper's order in Bangla", () => {
  it("carries its products' Bangla names and its places' Bangla names, with the English ones", async () => {
    const sku = pick(items, 1)
    await t.db.update(products).set({ nameBn: 'সুতি কুর্তি' }).where(eq(products.id, sku.productId))
    const placed = await placeIn('bn', sku)
    const order = await lookup(placed)
    expect(order.lines[0]).toMatchObject({ productId: sku.productId, nameBn: 'সুতি কুর্তি' })
    expect(order.lines[0]?.name).not.toBe('সুতি কুর্তি')
    expect(order.address).toMatchObject({
      area: 'Panchlaish',
      district: 'Chattogram',
      division: 'Chattogram',
    })
    expect(order.placesBn).toEqual({ area: 'পাঁচলাইশ', district: 'চট্টগ্রাম', division: 'চট্টগ্রাম' })
  })
})
