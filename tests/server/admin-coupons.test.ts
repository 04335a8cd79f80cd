import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, coupons, couponUses, orders, skus } from '../../server/db/schema'
import { registerPaymentProvider } from '../../server/payments/providers'
import type { AdminCoupon, CouponUse } from '../../src/contract/admin-coupons'
import { adminCall, type StaffCredentials } from './admin-support'
import { api, freshPhone, newKey, orderBody, pick, sellableSkus, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { changeStatus, orderDetail, type Staff, saveSettings, staffTeam, testGateway } from './orders-support'

let t: TestApp
let team: Staff
let owner: StaffCredentials
let unregister: () => void

beforeAll(async () => {
  t = await createTestApp({ products: 8 })
  team = await staffTeam(t.app, t.db, '0173200')
  owner = team.owner
  unregister = registerPaymentProvider(testGateway)
}, 180_000)
afterAll(async () => {
  unregister?.()
  await t?.close()
})

const DAY = 86_400_000
const at = (offsetDays: number) => new Date(t.app.clock.now().getTime() + offsetDays * DAY).toISOString()

let codes = 0
/** a coupon's body: 10% off from yesterday for a month, no limits, unless told */
const couponBody = (over: Record<string, unknown> = {}) => ({
  code: `test${++codes}x`,
  name: 'Test coupon',
  kind: 'percent',
  value: 10,
  startsAt: at(-1),
  endsAt: at(30),
  ...over,
})

async function create(over: Record<string, unknown> = {}, as = owner) {
  const reply = await adminCall(t.app, 'POST', 'coupons', { as, body: couponBody(over) })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as AdminCoupon
}

async function detail(code: string) {
  const reply = await adminCall(t.app, 'GET', `coupons/${code}`, { as: owner })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data as AdminCoupon
}

const editBody = (coupon: AdminCoupon, over: Record<string, unknown> = {}) => {
  const {
    code: _code,
    status: _s,
    usedCount: _u,
    updatedAt: _a,
    updatedBy: _b,
    createdAt: _c,
    ...fields
  } = coupon
  return { ...fields, ...over }
}

let ips = 0
/** a guest's cash-on-delivery order of one item with the coupon; `phone` is theirs */
async function order(
  coupon: string,
  phone = freshPhone(),
  extra: Record<string, unknown> = {},
  language = 'en',
) {
  const [sku] = await sellableSkus(t.db, 1)
  ips += 1
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: pick(sku ? [sku] : [], 0).skuId, quantity: 1 }], {
      coupon,
      customer: { name: 'Karim Mia', phone, email: '' },
      ...extra,
    }),
    headers: { 'idempotency-key': newKey(), 'accept-language': language },
    ip: `10.77.${Math.floor(ips / 250)}.${ips % 250}`,
  })
}

const usedCount = async (code: string) =>
  (await t.db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.code, code)))[0]?.n

describe('who may reach the coupons', () => {
  it('answers owners and managers; refuses no session (401) and the staff role (403)', async () => {
    expect((await adminCall(t.app, 'GET', 'coupons', { as: team.owner })).status).toBe(200)
    expect((await adminCall(t.app, 'GET', 'coupons', { as: team.manager })).status).toBe(200)
    expect((await adminCall(t.app, 'GET', 'coupons', { as: team.staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'coupons')).status).toBe(401)
    const refused = await adminCall(t.app, 'POST', 'coupons', { as: team.staff, body: couponBody() })
    expect(refused.status).toBe(403)
  })
})

describe('creating a coupon', () => {
  it('keeps the code in capitals and refuses the same code in another case (409)', async () => {
    const coupon = await create({ code: ' eid-Sale ', freeDelivery: true, usageLimit: 5 })
    expect(coupon).toMatchObject({ code: 'EID-SALE', status: 'active', usedCount: 0, version: 1 })
    expect(coupon.updatedBy).toBe('Rahima owner')
    const again = await adminCall(t.app, 'POST', 'coupons', {
      as: owner,
      body: couponBody({ code: 'Eid-sale' }),
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ code: ['A coupon with this code already exists'] })
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'coupon'), eq(auditLog.objectId, 'EID-SALE')))
    expect(audit?.action).toBe('coupon.create')
  })

  it.each([
    [{ code: 'a b' }, 'code', 'Use 3 to 30 letters, digits, - or _'],
    [{ value: 120 }, 'value', 'A percentage is at most 100'],
    [{ value: 0 }, 'value', 'Enter a discount above 0, or give free delivery'],
    [{ value: 10.555 }, 'value', 'Use at most two decimals'],
    [{ endsAt: '2020-01-01T00:00:00+06:00' }, 'endsAt', 'The end must be after the start'],
    [{ startsAt: 'tomorrow' }, 'startsAt', 'Enter a date and time'],
    [{ usageLimit: 0 }, 'usageLimit', 'Enter 1 or more'],
  ])('refuses %j (400 %s) and writes nothing', async (over, field, message) => {
    const body = couponBody(over)
    const reply = await adminCall(t.app, 'POST', 'coupons', { as: owner, body })
    expect(reply.status).toBe(400)
    expect((reply.body.error as Record<string, string[]>)[field]).toEqual([message])
    const code = String(body.code).trim().toUpperCase()
    expect(await t.db.select().from(coupons).where(eq(coupons.code, code))).toEqual([])
  })

  it('takes a free-delivery coupon with nothing off, and answers in Bangla when asked', async () => {
    await create({ value: 0, freeDelivery: true, kind: 'flat' })
    const reply = await adminCall(t.app, 'POST', 'coupons', {
      as: owner,
      body: couponBody({ value: 150 }),
      headers: { 'accept-language': 'bn' },
    })
    expect(reply.body.error).toEqual({ value: ['শতাংশ সর্বোচ্চ ১০০ হতে পারে'] })
  })
})

describe('the list', () => {
  it('finds coupons by words of the code or name, and by status', async () => {
    const running = await create({ name: 'Pohela Boishakh' })
    const later = await create({ startsAt: at(2), endsAt: at(5) })
    const over = await create({ startsAt: at(-10), endsAt: at(-2) })
    const off = await create({ active: false })
    const find = async (query: string) => {
      const reply = await adminCall(t.app, 'GET', `coupons?${query}&perPage=100`, { as: owner })
      expect(reply.status).toBe(200)
      return (reply.body.data as AdminCoupon[]).map((c) => c.code)
    }
    expect(await find('q=boishakh')).toEqual([running.code])
    expect(await find(`q=${later.code.toLowerCase()}`)).toEqual([later.code])
    expect(await find('status=scheduled')).toContain(later.code)
    expect(await find('status=scheduled')).not.toContain(running.code)
    expect(await find('status=expired')).toEqual([over.code])
    expect(await find('status=disabled')).toEqual([off.code])
    const active = await find('status=active')
    expect(active).toContain(running.code)
    expect(active).not.toContain(off.code)
    expect((await adminCall(t.app, 'GET', 'coupons?status=gone', { as: owner })).status).toBe(400)
  })
})

describe('editing', () => {
  it('saves on the version it read and refuses a stale save (409: who and when), writing nothing', async () => {
    const coupon = await create()
    const saved = await adminCall(t.app, 'PUT', `coupons/${coupon.code}`, {
      as: team.manager,
      body: editBody(coupon, { value: 15, usageLimitPerCustomer: 1 }),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({
      value: 15,
      usageLimitPerCustomer: 1,
      version: 2,
      updatedBy: 'Karim manager',
    })
    const stale = await adminCall(t.app, 'PUT', `coupons/${coupon.code}`, {
      as: owner,
      body: editBody(coupon, { value: 20 }),
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toEqual({
      version: [expect.stringMatching(/^Changed by Karim manager at \d\d:\d\d$/)],
    })
    expect((await detail(coupon.code)).value).toBe(15)
    const entries = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'coupon'), eq(auditLog.objectId, coupon.code)))
      .orderBy(auditLog.id)
    expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update'])
    expect(entries[1]?.before).toMatchObject({ value: 10 })
    expect(entries[1]?.after).toMatchObject({ value: 15 })
  })

  it('answers 404 for a coupon that does not exist', async () => {
    expect((await adminCall(t.app, 'GET', 'coupons/NOSUCH1', { as: owner })).status).toBe(404)
  })
})

describe('a shopper using a coupon', () => {
  it('values the free delivery it gave at what the parcel would have paid, its weight included', async () => {
    const coupon = await create({ value: 5, freeDelivery: true, usageLimit: 3 })
    const perKg = (kg: number) =>
      saveSettings(t.app, owner, (settings) => ({
        ...settings,
        delivery: { ...settings.delivery, inside_dhaka: { ...settings.delivery.inside_dhaka, perKg: kg } },
      }))
    expect((await perKg(25)).status).toBe(200)
    try {
      const [sku] = await sellableSkus(t.db, 1)
      const skuId = pick(sku ? [sku] : [], 0).skuId
      await t.db.update(skus).set({ weightGrams: 900 }).where(eq(skus.id, skuId))
      const lines = [{ skuId, quantity: 3 }]
      const plain = await api(t.app, 'POST', 'cart/quote', { body: { lines } })
      const charge = (plain.body.data as { totals: { deliveryCharge: number } }).totals.deliveryCharge
      const base = (await t.app.settings.current()).settings.delivery.inside_dhaka.charge
      // 2.7 kg: two kilograms above the base charge's one
      expect(charge).toBe(base + 2 * 25)
      const placed = await order(coupon.code, freshPhone(), { lines })
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      const report = await adminCall(t.app, 'GET', `coupons/${coupon.code}/uses`, { as: owner })
      expect((report.body.data as { uses: CouponUse[] }).uses).toEqual([
        expect.objectContaining({ deliveryDiscount: charge }),
      ])
    } finally {
      expect((await perKg(0)).status).toBe(200)
    }
  })

  it('sees the discount and free delivery in the quote, and the order takes a use', async () => {
    const coupon = await create({ value: 10, freeDelivery: true, usageLimit: 3 })
    const [sku] = await sellableSkus(t.db, 1)
    const skuId = pick(sku ? [sku] : [], 0).skuId
    const quote = await api(t.app, 'POST', 'cart/quote', {
      body: { lines: [{ skuId, quantity: 1 }], coupon: coupon.code.toLowerCase() },
    })
    expect(quote.status).toBe(200)
    const totals = (quote.body.data as { totals: Record<string, unknown> }).totals
    expect(totals).toMatchObject({ couponCode: coupon.code, deliveryCharge: 0 })
    expect(Number(totals.couponDiscount)).toBeGreaterThan(0)

    const charge = (await t.app.settings.current()).settings.delivery.inside_dhaka.charge
    const phone = freshPhone()
    const placed = await order(coupon.code.toLowerCase(), phone)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const data = placed.body.data as {
      id: number
      number: string
      totals: { couponDiscount: number; deliveryCharge: number }
    }
    expect(data.totals.deliveryCharge).toBe(0)
    expect(await usedCount(coupon.code)).toBe(1)

    const report = await adminCall(t.app, 'GET', `coupons/${coupon.code}/uses`, { as: owner })
    expect(report.status).toBe(200)
    const { uses, coupon: reported } = report.body.data as { uses: CouponUse[]; coupon: AdminCoupon }
    expect(reported.usedCount).toBe(1)
    expect(uses).toEqual([
      expect.objectContaining({
        orderId: data.id,
        orderNumber: data.number,
        phone,
        discount: data.totals.couponDiscount,
        deliveryDiscount: charge,
      }),
    ])
    const csv = await adminCall(t.app, 'GET', `coupons/${coupon.code}/uses.csv`, { as: owner })
    expect(csv.status).toBe(200)
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/)
    const lines = String(csv.body.text)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toBe('order_number,date,customer_phone,customer_name,discount,delivery_waived')
    expect(lines[1]).toMatch(
      new RegExp(
        `^${data.number},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,${phone},Karim Mia,${data.totals.couponDiscount.toFixed(2)},${charge.toFixed(2)}$`,
      ),
    )
  })

  it('writes a customer name a spreadsheet would run as text in the uses report', async () => {
    const coupon = await create({ value: 10 })
    const placed = await order(coupon.code)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const id = (placed.body.data as { id: number }).id
    const name = '=HYPERLINK("http://evil.test","Click")'
    await t.db.update(orders).set({ customerName: name }).where(eq(orders.id, id))
    const csv = await adminCall(t.app, 'GET', `coupons/${coupon.code}/uses.csv`, { as: owner })
    expect(csv.status).toBe(200)
    const rows = parse(String(csv.body.text), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => row.customer_name)).toEqual([`'${name}`])
  })

  it('refuses the order once the limit is reached (409 coupon), writing nothing and taking no stock', async () => {
    const coupon = await create({ usageLimit: 1 })
    expect((await order(coupon.code)).status).toBe(201)
    const [sku] = await sellableSkus(t.db, 1)
    const stock = await stockOf(t.db, pick(sku ? [sku] : [], 0).skuId)
    const before = await t.db.select({ id: orders.id }).from(orders)
    const refused = await order(coupon.code)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({ coupon: ['This coupon has been used up'] })
    expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length)
    expect(await stockOf(t.db, pick(sku ? [sku] : [], 0).skuId)).toBe(stock)
    expect(await usedCount(coupon.code)).toBe(1)
    const listed = await adminCall(t.app, 'GET', `coupons?q=${coupon.code}`, { as: owner })
    expect((listed.body.data as AdminCoupon[])[0]).toMatchObject({ usedCount: 1, usageLimit: 1 })
  })

  it('holds each customer to their limit, counted by their number', async () => {
    const coupon = await create({ usageLimitPerCustomer: 1 })
    const phone = freshPhone()
    expect((await order(coupon.code, phone)).status).toBe(201)
    const again = await order(coupon.code, phone, {}, 'bn')
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ coupon: ['আপনি এই কুপনটি আগেই ব্যবহার করেছেন'] })
    expect((await order(coupon.code)).status).toBe(201)
    expect(await usedCount(coupon.code)).toBe(2)
  })

  it('gives a first-order coupon only to a number with no order before', async () => {
    const coupon = await create({ firstOrderOnly: true })
    const phone = freshPhone()
    expect((await order('', phone)).status).toBe(201)
    const refused = await order(coupon.code, phone)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toEqual({ coupon: ['This coupon is only for a first order'] })
    expect((await order(coupon.code)).status).toBe(201)
  })

  it('refuses a disabled coupon in the quote and the order', async () => {
    const coupon = await create()
    await adminCall(t.app, 'PUT', `coupons/${coupon.code}`, {
      as: owner,
      body: editBody(coupon, { active: false }),
    })
    expect((await detail(coupon.code)).status).toBe('disabled')
    const refused = await order(coupon.code)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({ coupon: ['This coupon code is not valid'] })
    const [entry] = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, coupon.code), eq(auditLog.action, 'coupon.disable')))
    expect(entry).toBeDefined()
  })
})

describe('giving a use back', () => {
  it('once when the shop cancels the order, however often the cancel is asked', async () => {
    const coupon = await create({ usageLimit: 1 })
    const placed = await order(coupon.code)
    const id = (placed.body.data as { id: number }).id
    expect(await usedCount(coupon.code)).toBe(1)
    const { version } = await orderDetail(t.app, id, owner)
    const cancelled = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version, reason: 'Customer asked' },
      owner,
    )
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(await usedCount(coupon.code)).toBe(0)
    const again = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version: version + 1, reason: 'Again' },
      owner,
    )
    expect(again.status).toBe(409)
    expect(await usedCount(coupon.code)).toBe(0)
    expect(await t.db.select().from(couponUses).where(eq(couponUses.orderId, id))).toEqual([])
    // the use is there for the next shopper
    expect((await order(coupon.code)).status).toBe(201)
    expect(await usedCount(coupon.code)).toBe(1)
  })

  it('once when an unpaid order expires', async () => {
    const coupon = await create({ usageLimit: 2 })
    const placed = await order(coupon.code, freshPhone(), { paymentMethod: testGateway.method })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const id = (placed.body.data as { id: number }).id
    expect(await usedCount(coupon.code)).toBe(1)
    expect(await t.app.adminOrders.expireUnpaid(id)).toBe(true)
    expect(await usedCount(coupon.code)).toBe(0)
    expect(await t.app.adminOrders.expireUnpaid(id)).toBe(false)
    expect(await usedCount(coupon.code)).toBe(0)
  })
})

describe('deleting', () => {
  it('deletes an unused coupon and refuses a used one (disable it instead)', async () => {
    const unused = await create()
    expect((await adminCall(t.app, 'DELETE', `coupons/${unused.code}`, { as: owner })).status).toBe(204)
    expect((await adminCall(t.app, 'GET', `coupons/${unused.code}`, { as: owner })).status).toBe(404)
    const used = await create()
    expect((await order(used.code)).status).toBe(201)
    const refused = await adminCall(t.app, 'DELETE', `coupons/${used.code}`, { as: owner })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toEqual({
      code: ['Orders have used this coupon: disable it instead of deleting it'],
    })
    expect((await detail(used.code)).usedCount).toBe(1)
  })

  it('keeps a limit from going below the uses so far', async () => {
    const coupon = await create()
    expect((await order(coupon.code)).status).toBe(201)
    expect((await order(coupon.code)).status).toBe(201)
    const fresh = await detail(coupon.code)
    const reply = await adminCall(t.app, 'PUT', `coupons/${coupon.code}`, {
      as: owner,
      body: editBody(fresh, { usageLimit: 1 }),
    })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toEqual({ usageLimit: ['The limit cannot be below the uses so far (2)'] })
  })
})
