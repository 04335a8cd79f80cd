import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderDrafts, orders, payments, users } from '../../server/db/schema'
import type {
  NumberFacts,
  OrderDraft,
  StaffOrderBody,
  StaffOrderQuote,
} from '../../src/contract/admin-order-create'
import type { AdminOrder } from '../../src/contract/admin-orders'
import { adminCall, type StaffCredentials } from './admin-support'
import { api, dhakaAddress, freshPhone, newKey, pick, type SkuInfo, stockOf } from './commerce-support'
import type { TestApp } from './helpers'
import { moveAlong, orderDetail, orderTestApp, queuedTexts, type Staff } from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 20, phones: '0174300', skus: 10, stock: 40 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const body = (phone: string, extra: Partial<StaffOrderBody> = {}): StaffOrderBody => ({
  source: 'phone',
  customer: { name: 'Nasrin Akter', phone },
  address: { ...dhakaAddress, name: 'Nasrin Akter', phone },
  lines: [{ skuId: pick(items, 0).skuId, quantity: 2 }],
  ...extra,
})

const take = (
  order: StaffOrderBody | Record<string, unknown>,
  as: StaffCredentials = team.staff,
  key = newKey(),
) => adminCall(t.app, 'POST', 'orders', { as, body: order, headers: { 'idempotency-key': key } })

const taken = (reply: { status: number; body: unknown }) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return (reply.body as { data: AdminOrder }).data
}

describe('an order taken by hand', () => {
  it('is priced as checkout prices it, takes its stock, is confirmed, audited and texted with its link', async () => {
    const sku = pick(items, 0)
    const phone = freshPhone()
    const stockBefore = await stockOf(t.db, sku.skuId)
    const order = taken(await take(body(phone, { notes: 'Call before delivery' })))

    expect(order.status).toBe('confirmed')
    expect(order.source).toBe('phone')
    expect(order.paymentMethod).toBe('cod')
    expect(order.totals.subtotal).toBe(sku.price * 2)
    expect(order.totals.total).toBe(sku.discountedPrice * 2 + order.totals.deliveryCharge)
    expect(order.totals.deliveryCharge).toBeGreaterThan(0)
    expect(order.money?.collect).toBe(order.totals.total)
    expect(order.events[0]?.by).toBe('Salma staff')
    expect(await stockOf(t.db, sku.skuId)).toBe(stockBefore - 2)

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.take'), eq(auditLog.objectId, String(order.id))))
    expect(audit?.after).toMatchObject({ number: order.number, source: 'phone', total: order.totals.total })

    const texts = await queuedTexts(t.db, order.id)
    expect(texts).toHaveLength(1)
    expect(texts[0]?.text).toContain(order.number)
    expect(texts[0]?.text).toContain(`/confirm-order?number=${order.number}`)

    // the guest finds it on the shop's page with the order's number and their own number
    const lookup = await api(t.app, 'POST', 'orders/lookup', { body: { number: order.number, phone } })
    expect(lookup.status).toBe(200)
    expect((lookup.body.data as { status: string }).status).toBe('confirmed')
  })

  it('answers the same key with the one order it took', async () => {
    const key = newKey()
    const order = body(freshPhone())
    const first = taken(await take(order, team.staff, key))
    const again = await take(order, team.staff, key)
    expect(again.status).toBe(200)
    expect((again.body as { data: AdminOrder }).data.id).toBe(first.id)
    expect(await t.db.select().from(orders).where(eq(orders.phone, order.customer.phone))).toHaveLength(1)
  })

  it('keeps an advance received by bKash: the rest is cash on delivery, and the TrxID is taken once', async () => {
    const phone = freshPhone()
    const order = taken(
      await take(body(phone, { advance: { wallet: 'bkash', transactionId: 'bk7h2k9q1x', amount: 500 } })),
    )
    expect(order.paymentStatus).toBe('advance_paid')
    expect(order.money).toMatchObject({ advance: 500, collect: order.totals.total - 500 })
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(payment).toMatchObject({ provider: 'transfer-bkash', reference: 'BK7H2K9Q1X', state: 'completed' })

    const reused = await take(
      body(freshPhone(), { advance: { wallet: 'bkash', transactionId: 'BK7H2K9Q1X', amount: 100 } }),
    )
    expect(reused.status).toBe(409)
    expect(reused.body).toEqual({
      error: { 'advance.transactionId': ['This transaction ID has already been given for an order'] },
    })
  })

  it('is paid when the advance is its whole total, and refuses an advance above it', async () => {
    const { data: quote } = (
      await adminCall(t.app, 'POST', 'orders/quote', {
        as: team.staff,
        body: { lines: [{ skuId: pick(items, 1).skuId, quantity: 1 }], ...dhakaPlace },
      })
    ).body as { data: StaffOrderQuote }
    const total = quote.totals.total
    const line = { lines: [{ skuId: pick(items, 1).skuId, quantity: 1 }] }
    const over = await take(
      body(freshPhone(), {
        ...line,
        advance: { wallet: 'nagad', transactionId: 'NG1234567', amount: total + 1 },
      }),
    )
    expect(over.status).toBe(400)
    expect(Object.keys((over.body as { error: object }).error)).toEqual(['advance.amount'])

    const paid = taken(
      await take(
        body(freshPhone(), {
          ...line,
          advance: { wallet: 'nagad', transactionId: 'NG7654321', amount: total },
        }),
      ),
    )
    expect(paid.paymentMethod).toBe('transfer')
    expect(paid.paymentStatus).toBe('paid')
    expect(paid.money).toMatchObject({ paid: total, collect: 0 })
  })

  it('takes a discount given by hand off the total, keeps its reason, and keeps it through an edit', async () => {
    const order = taken(
      await take(body(freshPhone(), { manualDiscount: { amount: 150, reason: 'Regular customer' } })),
    )
    expect(order.totals.manualDiscount).toBe(150)
    expect(order.manualDiscountReason).toBe('Regular customer')
    const before = order.totals.total

    const edited = await adminCall(t.app, 'POST', `orders/${order.id}/edit`, {
      as: team.staff,
      body: {
        version: order.version,
        lines: [{ skuId: pick(items, 0).skuId, quantity: 3 }],
      },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    const after = (edited.body as { data: AdminOrder }).data
    expect(after.totals.manualDiscount).toBe(150)
    expect(after.totals.total).toBe(before + pick(items, 0).discountedPrice)

    const tooMuch = await take(body(freshPhone(), { manualDiscount: { amount: 1_000_000, reason: 'Wrong' } }))
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body).toEqual({
      error: { 'manualDiscount.amount': ['The discount is more than the products cost'] },
    })
  })

  it('refuses lines it cannot sell and writes nothing', async () => {
    const sku = pick(items, 2)
    const phone = freshPhone()
    const reply = await take(body(phone, { lines: [{ skuId: sku.skuId, quantity: 41 }] }))
    expect(reply.status).toBe(409)
    expect(Object.keys((reply.body as { error: object }).error)).toEqual(['lines.0'])
    expect(await t.db.select().from(orders).where(eq(orders.phone, phone))).toHaveLength(0)
    expect(await stockOf(t.db, sku.skuId)).toBe(40)
  })

  it('gives a number the shop blocked no cash on delivery, but takes it paid in advance', async () => {
    const phone = freshPhone()
    await t.db.insert(users).values({ phone, firstName: 'Blocked', status: 'blocked' })
    const cod = await take(body(phone))
    expect(cod.status).toBe(403)
    expect(Object.keys((cod.body as { error: object }).error)).toEqual(['customer.phone'])

    const { data: quote } = (
      await adminCall(t.app, 'POST', 'orders/quote', {
        as: team.staff,
        body: { lines: body(phone).lines, ...dhakaPlace },
      })
    ).body as { data: StaffOrderQuote }
    const paid = await take(
      body(phone, { advance: { wallet: 'bkash', transactionId: 'BKBLOCK01', amount: quote.totals.total } }),
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)

    // the owner blocks the number for every order: not even paid in advance
    const [found] = (
      (await adminCall(t.app, 'GET', `customers?q=${phone}`, { as: team.owner })).body as {
        data: { id: number }[]
      }
    ).data
    const block = await adminCall(t.app, 'POST', `customers/${found?.id}/block`, {
      as: team.owner,
      body: { scope: 'all' },
    })
    expect(block.status, JSON.stringify(block.body)).toBe(200)
    const refused = await take(
      body(phone, { advance: { wallet: 'bkash', transactionId: 'BKBLOCK02', amount: quote.totals.total } }),
    )
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: { 'customer.phone': ['The shop refuses every order from this number: ask the owner'] },
    })
  })

  it('moves through the same workflow as the shop’s own orders', async () => {
    const order = taken(await take(body(freshPhone())))
    await moveAlong(t.app, order.id, 'delivered', team.staff)
    expect((await orderDetail(t.app, order.id, team.owner)).status).toBe('delivered')
  })

  it('is refused as bad input in the API’s shape, never a 500', async () => {
    const reply = await take({ source: 'website', customer: { name: 'A', phone: '123' }, lines: [] })
    expect(reply.status).toBe(400)
    const fields = Object.keys((reply.body as { error: object }).error)
    expect(fields).toEqual(
      expect.arrayContaining(['source', 'customer.name', 'customer.phone', 'lines', 'address']),
    )
    const noKey = await adminCall(t.app, 'POST', 'orders', { as: team.staff, body: body(freshPhone()) })
    expect(noKey.status).toBe(400)
  })
})

const dhakaPlace = {
  division: dhakaAddress.division,
  district: dhakaAddress.district,
  area: dhakaAddress.area,
}

describe('pricing an order while it is taken', () => {
  it('says each line’s stock and problem, and charges delivery once the area is known', async () => {
    const sku = pick(items, 3)
    const answer = async (extra: Record<string, unknown>) => {
      const reply = await adminCall(t.app, 'POST', 'orders/quote', {
        as: team.staff,
        body: { lines: [{ skuId: sku.skuId, quantity: 50 }], ...extra },
      })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return (reply.body as { data: StaffOrderQuote }).data
    }
    const noPlace = await answer({})
    expect(noPlace.zone).toBeNull()
    expect(noPlace.totals.deliveryCharge).toBe(0)
    expect(noPlace.lines[0]).toMatchObject({ skuId: sku.skuId, stock: 40, quantity: 50 })
    expect(noPlace.lines[0]?.problem).toContain('40')

    const placed = await answer({ ...dhakaPlace, manualDiscount: { amount: 100, reason: 'Eid offer' } })
    expect(placed.zone).toBe('inside_dhaka')
    expect(placed.totals.deliveryCharge).toBeGreaterThan(0)
    expect(placed.totals.manualDiscount).toBe(100)
  })
})

describe('looking a number up while taking an order', () => {
  it('answers its name, the places its orders went and its record, in any spelling of the number', async () => {
    const phone = freshPhone()
    const order = taken(await take(body(phone)))
    await moveAlong(t.app, order.id, 'delivered', team.staff)
    taken(
      await take(
        body(phone, {
          address: { ...dhakaAddress, name: 'Nasrin Akter', phone, street: 'Flat 3B, Road 27' },
        }),
      ),
    )
    const reply = await adminCall(t.app, 'GET', `orders/customer?phone=%2B88${phone}`, { as: team.staff })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const { data } = reply.body as { data: NumberFacts }
    expect(data).toMatchObject({ phone, name: 'Nasrin Akter', blocked: false })
    expect(data.record).toEqual({
      orders: 2,
      delivered: 1,
      cancelled: 0,
      returned: 0,
      refusals: 0,
      risk: 'low',
    })
    expect(data.addresses.map((a) => a.street)).toEqual(['Flat 3B, Road 27', dhakaAddress.street])

    const unknown = await adminCall(t.app, 'GET', `orders/customer?phone=${freshPhone()}`, { as: team.staff })
    expect((unknown.body as { data: NumberFacts }).data).toMatchObject({ name: null, addresses: [] })
    expect((await adminCall(t.app, 'GET', 'orders/customer?phone=12', { as: team.staff })).status).toBe(400)
  })
})

describe('the shop’s numbers by source', () => {
  type Figures = {
    figures: { sources: { source: string; orders: number; sales: number; revenue: number }[] }
  }
  const dashboard = async () =>
    ((await adminCall(t.app, 'GET', 'dashboard?range=today', { as: team.owner })).body as { data: Figures })
      .data.figures.sources
  const of = (sources: Awaited<ReturnType<typeof dashboard>>, source: string) =>
    sources.find((row) => row.source === source) ?? { orders: 0, sales: 0, revenue: 0 }

  it('split the dashboard and the sales report into the site’s orders and those taken by hand', async () => {
    const before = await dashboard()
    const whatsapp = taken(await take(body(freshPhone(), { source: 'whatsapp' })))
    const cancelled = taken(await take(body(freshPhone(), { source: 'whatsapp' })))
    const cancel = await adminCall(t.app, 'POST', `orders/${cancelled.id}/status`, {
      as: team.owner,
      body: { to: 'cancelled', version: cancelled.version, reason: 'Customer changed their mind' },
    })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    const after = await dashboard()
    expect(of(after, 'whatsapp').orders - of(before, 'whatsapp').orders).toBe(2)
    expect(of(after, 'whatsapp').sales - of(before, 'whatsapp').sales).toBe(1)
    expect(of(after, 'whatsapp').revenue - of(before, 'whatsapp').revenue).toBeCloseTo(
      whatsapp.totals.total,
      2,
    )
    expect(of(after, 'website')).toEqual(of(before, 'website'))

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(t.app.clock.now())
    const report = await adminCall(t.app, 'GET', `reports/sales?from=${today}&to=${today}&by=source`, {
      as: team.owner,
    })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    const rows = (
      report.body as {
        data: {
          rows: {
            key: string
            name: string
            nameBn: string
            orders: number
            units: number
            revenue: number
          }[]
        }
      }
    ).data.rows
    const row = rows.find((r) => r.key === 'whatsapp')
    expect(row).toMatchObject({ name: 'WhatsApp', nameBn: 'হোয়াটসঅ্যাপ', orders: of(after, 'whatsapp').sales })
    expect(row?.revenue).toBeCloseTo(of(after, 'whatsapp').revenue, 2)
    expect(row?.units).toBe(2 * of(after, 'whatsapp').sales)
  })
})

describe('drafts', () => {
  it('are saved half-filled, listed with who saved them, finished by the order they become', async () => {
    const phone = freshPhone()
    const saved = await adminCall(t.app, 'POST', 'order-drafts', {
      as: team.staff,
      body: {
        source: 'facebook',
        customer: { phone },
        lines: [{ skuId: pick(items, 4).skuId, quantity: 1 }],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    const draft = (saved.body as { data: OrderDraft }).data
    expect(draft.createdBy).toBe('Salma staff')
    expect(draft.content.customer?.phone).toBe(phone)

    const updated = await adminCall(t.app, 'PUT', `order-drafts/${draft.id}`, {
      as: team.manager,
      body: { ...draft.content, customer: { phone, name: 'Shirin' } },
    })
    expect(updated.status).toBe(200)
    const list = (await adminCall(t.app, 'GET', 'order-drafts', { as: team.owner })).body as {
      data: OrderDraft[]
    }
    expect(list.data.find((d) => d.id === draft.id)?.content.customer?.name).toBe('Shirin')

    const order = taken(
      await take(
        body(phone, {
          source: 'facebook',
          lines: [{ skuId: pick(items, 4).skuId, quantity: 1 }],
          draftId: draft.id,
        }),
      ),
    )
    expect(order.source).toBe('facebook')
    expect(await t.db.select().from(orderDrafts).where(eq(orderDrafts.id, draft.id))).toHaveLength(0)
    expect((await adminCall(t.app, 'GET', `order-drafts/${draft.id}`, { as: team.staff })).status).toBe(404)
  })

  it('can be deleted, once', async () => {
    const saved = await adminCall(t.app, 'POST', 'order-drafts', { as: team.staff, body: { lines: [] } })
    const { id } = (saved.body as { data: OrderDraft }).data
    expect((await adminCall(t.app, 'DELETE', `order-drafts/${id}`, { as: team.staff })).status).toBe(204)
    expect((await adminCall(t.app, 'DELETE', `order-drafts/${id}`, { as: team.staff })).status).toBe(404)
  })
})
