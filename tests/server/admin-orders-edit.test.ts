import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, coupons, orderLines, orderStatusHistory, orders, skus } from '../../server/db/schema'
import { bdLocations } from '../../server/domain/bd-locations'
import type { AdminOrder, OrderEditInput } from '../../src/contract/admin-orders'
import type { Order, OrderChange } from '../../src/contract/orders'
import { adminCall, type StaffCredentials } from './admin-support'
import { api, createShopper, dhakaAddress, pick, type SkuInfo, setStock, stockOf } from './commerce-support'
import type { TestApp } from './helpers'
import { moveAlong, orderDetail, orderTestApp, placeOrder, queuedTexts, type Staff } from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 20, phones: '0174200', skus: 15, stock: 50 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

type EditAnswer = { data: AdminOrder; meta: { dryRun: boolean; changes: OrderChange[] } }

const edit = (
  id: number,
  body: OrderEditInput | Record<string, unknown>,
  as: StaffCredentials = team.staff,
) => adminCall(t.app, 'POST', `orders/${id}/edit`, { as, body })

const ok = (reply: { status: number; body: unknown }) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body as EditAnswer
}

/** everything an edit writes: the order row, its lines, its timeline, its audit entries, the stock */
async function stateOf(id: number, skuIds: number[]) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id))
  const [history] = await t.db
    .select({ n: count() })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
  const [audits] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.objectId, String(id))))
  const stock = await Promise.all(skuIds.map((skuId) => stockOf(t.db, skuId)))
  return { row, lines: lines.sort((a, b) => a.id - b.id), history: history?.n, audits: audits?.n, stock }
}

/** a place of the lists in another zone than Dhaka city's */
function outsideDhaka() {
  for (const division of bdLocations)
    for (const district of division.districts)
      for (const area of district.areas)
        if (area.zone === 'outside_dhaka') {
          return { division: division.name, district: district.name, area: area.name }
        }
  throw new Error('no place outside Dhaka')
}

describe('editing an order before it is packed', () => {
  it('changes quantities with the stock moving by exactly the difference, the timeline and audit saying so', async () => {
    const a = pick(items, 0)
    const b = pick(items, 1)
    const placed = await placeOrder(t.app, [
      { skuId: a.skuId, quantity: 1 },
      { skuId: b.skuId, quantity: 3 },
    ])
    const [stockA, stockB] = [await stockOf(t.db, a.skuId), await stockOf(t.db, b.skuId)]
    const before = await orderDetail(t.app, placed.id, team.staff)
    const answer = ok(
      await edit(placed.id, {
        version: before.version,
        lines: [
          { skuId: a.skuId, quantity: 2 },
          { skuId: b.skuId, quantity: 1 },
        ],
        note: 'Customer called',
      }),
    )
    expect(answer.meta.dryRun).toBe(false)
    expect(await stockOf(t.db, a.skuId)).toBe(stockA - 1)
    expect(await stockOf(t.db, b.skuId)).toBe(stockB + 2)
    const order = answer.data
    expect(order.version).toBe(before.version + 1)
    expect(order.lines.map((l) => [l.skuId, l.quantity])).toEqual([
      [a.skuId, 2],
      [b.skuId, 1],
    ])
    const subtotal = a.price * 2 + b.price
    const discounted = a.discountedPrice * 2 + b.discountedPrice
    expect(order.totals.subtotal).toBeCloseTo(subtotal, 2)
    expect(order.totals.discount).toBeCloseTo(subtotal - discounted, 2)
    expect(order.totals.total).toBeCloseTo(discounted + before.totals.deliveryCharge, 2)
    expect(order.events.at(-1)).toMatchObject({ kind: 'edit', status: 'pending', by: 'Salma staff' })
    const named = (skuId: number) => order.lines.find((line) => line.skuId === skuId)?.name
    expect(order.events.at(-1)).toMatchObject({
      note: 'Customer called',
      changes: [
        { kind: 'quantity', line: { name: named(a.skuId) }, from: 1, to: 2 },
        { kind: 'quantity', line: { name: named(b.skuId) }, from: 3, to: 1 },
        { kind: 'total', from: before.totals.total, to: order.totals.total },
      ],
    })
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.objectId, String(placed.id))))
    expect(audit?.before).toMatchObject({ version: before.version, totals: { total: before.totals.total } })
    expect(audit?.after).toMatchObject({ version: before.version + 1, totals: { total: order.totals.total } })

    // the same order read again, and as the shopper reads it
    const again = await orderDetail(t.app, placed.id, team.owner)
    expect(again.totals).toEqual(order.totals)
    const lookup = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: placed.number, phone: placed.phone },
    })
    expect(lookup.status).toBe(200)
    const shopper = (lookup.body as { data: Order }).data
    expect(shopper.totals.total).toBe(order.totals.total)
    // the shopper reads the same entry: what changed as data, then the shop's note
    const edited = order.events.at(-1)
    expect(shopper.history.at(-1)).toEqual({
      status: 'pending',
      kind: 'edit',
      note: 'Customer called',
      changes: edited?.changes,
      createdAt: edited?.createdAt,
    })
  })

  it('prices an added sku at today’s price while the lines already ordered keep theirs', async () => {
    const a = pick(items, 2)
    const b = pick(items, 3)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    // both prices go up after the order was placed
    await t.db
      .update(skus)
      .set({ price: a.price + 100, discountedPrice: a.discountedPrice + 100 })
      .where(eq(skus.id, a.skuId))
    await t.db
      .update(skus)
      .set({ price: b.price + 50, discountedPrice: b.discountedPrice + 50 })
      .where(eq(skus.id, b.skuId))
    try {
      const stockB = await stockOf(t.db, b.skuId)
      const { version } = await orderDetail(t.app, placed.id, team.staff)
      const order = ok(
        await edit(placed.id, {
          version,
          lines: [
            { skuId: a.skuId, quantity: 3 },
            { skuId: b.skuId, quantity: 2 },
          ],
        }),
      ).data
      const lineA = order.lines.find((l) => l.skuId === a.skuId)
      const lineB = order.lines.find((l) => l.skuId === b.skuId)
      expect(lineA).toMatchObject({ quantity: 3, unitPrice: a.price, unitDiscountedPrice: a.discountedPrice })
      expect(lineA?.lineTotal).toBeCloseTo(a.discountedPrice * 3, 2)
      expect(lineB).toMatchObject({
        quantity: 2,
        unitPrice: b.price + 50,
        unitDiscountedPrice: b.discountedPrice + 50,
      })
      expect(await stockOf(t.db, b.skuId)).toBe(stockB - 2)
      expect(order.events.at(-1)?.changes).toContainEqual({
        kind: 'added',
        line: expect.objectContaining({ name: lineB?.name }),
        quantity: 2,
        price: b.discountedPrice + 50,
      })
    } finally {
      await t.db
        .update(skus)
        .set({ price: a.price, discountedPrice: a.discountedPrice })
        .where(eq(skus.id, a.skuId))
      await t.db
        .update(skus)
        .set({ price: b.price, discountedPrice: b.discountedPrice })
        .where(eq(skus.id, b.skuId))
    }
  })

  it('gives a removed line’s stock back', async () => {
    const a = pick(items, 4)
    const b = pick(items, 5)
    const placed = await placeOrder(t.app, [
      { skuId: a.skuId, quantity: 1 },
      { skuId: b.skuId, quantity: 4 },
    ])
    const stockB = await stockOf(t.db, b.skuId)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const order = ok(await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 1 }] })).data
    expect(order.lines.map((l) => l.skuId)).toEqual([a.skuId])
    expect(await stockOf(t.db, b.skuId)).toBe(stockB + 4)
    expect(order.events.at(-1)?.changes).toContainEqual(expect.objectContaining({ kind: 'removed' }))
  })

  it('refuses more than is in stock, naming the line, and writes nothing', async () => {
    const a = pick(items, 6)
    const b = pick(items, 7)
    const placed = await placeOrder(t.app, [
      { skuId: a.skuId, quantity: 2 },
      { skuId: b.skuId, quantity: 1 },
    ])
    await setStock(t.db, b.skuId, 2)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const before = await stateOf(placed.id, [a.skuId, b.skuId])
    const reply = await edit(placed.id, {
      version,
      lines: [
        { skuId: a.skuId, quantity: 1 },
        { skuId: b.skuId, quantity: 4 },
      ],
    })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toEqual({ 'lines.1': [expect.stringMatching(/^Only 2 left of /)] })
    expect(await stateOf(placed.id, [a.skuId, b.skuId])).toEqual(before)
    await setStock(t.db, b.skuId, 50)
  })

  it('prices delivery by the new address’s zone, or as the staff say', async () => {
    const a = pick(items, 8)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    const { delivery } = (await t.app.settings.current()).settings
    const before = await orderDetail(t.app, placed.id, team.staff)
    expect(before.totals.deliveryCharge).toBe(delivery.inside_dhaka.charge)
    const address = { ...dhakaAddress, ...outsideDhaka(), street: 'College Road 4' }
    const moved = ok(
      await edit(placed.id, { version: before.version, lines: [{ skuId: a.skuId, quantity: 1 }], address }),
    ).data
    expect(moved.zone).toBe('outside_dhaka')
    expect(moved.address).toMatchObject({ area: address.area, street: 'College Road 4' })
    expect(moved.totals.deliveryCharge).toBe(delivery.outside_dhaka.charge)
    expect(moved.totals.total).toBeCloseTo(
      before.totals.total - before.totals.deliveryCharge + delivery.outside_dhaka.charge,
      2,
    )
    expect(moved.events.at(-1)?.changes).toEqual([
      { kind: 'address' },
      { kind: 'delivery', from: delivery.inside_dhaka.charge, to: delivery.outside_dhaka.charge },
      { kind: 'total', from: before.totals.total, to: moved.totals.total },
    ])

    // the staff's own charge wins, and stays through a later edit of the lines
    const free = ok(
      await edit(placed.id, {
        version: moved.version,
        lines: [{ skuId: a.skuId, quantity: 1 }],
        deliveryCharge: 0,
      }),
    ).data
    expect(free.totals.deliveryCharge).toBe(0)
    const more = ok(
      await edit(placed.id, { version: free.version, lines: [{ skuId: a.skuId, quantity: 2 }] }),
    ).data
    expect(more.totals.deliveryCharge).toBe(0)

    const bad = await edit(placed.id, {
      version: more.version,
      lines: [{ skuId: a.skuId, quantity: 2 }],
      address: { ...dhakaAddress, area: 'Atlantis' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toEqual({
      'address.area': ['Choose the division, district and area from the lists'],
    })
  })

  it('keeps delivery free when a free-delivery coupon’s order moves to another zone', async () => {
    const a = pick(items, 14)
    const code = `SHIPFREE${Date.now().toString(36).toUpperCase()}`
    await t.db.insert(coupons).values({
      code,
      kind: 'flat',
      value: 0,
      freeDelivery: true,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }], { coupon: code })
    const before = await orderDetail(t.app, placed.id, team.staff)
    expect(before.totals.deliveryCharge).toBe(0)
    const address = { ...dhakaAddress, ...outsideDhaka(), street: 'Station Road 9' }
    const moved = ok(
      await edit(placed.id, { version: before.version, lines: [{ skuId: a.skuId, quantity: 1 }], address }),
    ).data
    expect(moved.zone).toBe('outside_dhaka')
    expect(moved.totals.deliveryCharge).toBe(0)
  })

  it('works out the coupon again, and drops its discount (saying so) when the minimum is no longer met', async () => {
    const a = pick(items, 9)
    const code = `EDIT${Date.now().toString(36).toUpperCase()}`
    await t.db.insert(coupons).values({
      code,
      kind: 'percent',
      value: 10,
      minSubtotal: a.discountedPrice * 2,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 3 }], { coupon: code })
    const before = await orderDetail(t.app, placed.id, team.staff)
    expect(before.totals.couponDiscount).toBeCloseTo(a.discountedPrice * 0.3, 1)

    const four = ok(
      await edit(placed.id, { version: before.version, lines: [{ skuId: a.skuId, quantity: 4 }] }),
    ).data
    expect(four.totals).toMatchObject({ couponCode: code })
    expect(four.totals.couponDiscount).toBeCloseTo(a.discountedPrice * 0.4, 1)

    // switched off since: the shopper used it in time, so it still counts
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, code))
    const one = ok(
      await edit(placed.id, { version: four.version, lines: [{ skuId: a.skuId, quantity: 1 }] }),
    ).data
    expect(one.totals.couponDiscount).toBe(0)
    expect(one.events.at(-1)?.changes).toContainEqual({
      kind: 'coupon-dropped',
      code,
      minimum: expect.any(Number),
    })
    const back = ok(
      await edit(placed.id, { version: one.version, lines: [{ skuId: a.skuId, quantity: 2 }] }),
    ).data
    expect(back.totals.couponDiscount).toBeCloseTo(a.discountedPrice * 0.2, 1)
  })

  it('notes the amount due or to refund on a paid order, against what was paid', async () => {
    const a = pick(items, 10)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 2 }])
    // paid online in full when it was placed
    const [row] = await t.db
      .update(orders)
      .set({ paymentStatus: 'paid', paid: sql`${orders.total}` })
      .where(eq(orders.id, placed.id))
      .returning()
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const up = ok(await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 3 }] })).data
    expect(up.events.at(-1)?.changes?.at(-1)).toEqual({
      kind: 'collect',
      amount: expect.closeTo(a.discountedPrice, 2),
    })
    expect(up.paymentStatus).toBe('partly_paid')
    // one piece fewer than was paid for: one piece back, not the two of the last change
    const down = ok(
      await edit(placed.id, { version: up.version, lines: [{ skuId: a.skuId, quantity: 1 }] }),
    ).data
    expect(down.events.at(-1)?.changes?.at(-1)).toEqual({
      kind: 'refund',
      amount: expect.closeTo(a.discountedPrice, 2),
    })
    expect(down.paymentStatus).toBe('paid')
    expect(down.money).toMatchObject({
      paid: row?.total,
      collect: 0,
      refund: expect.closeTo(a.discountedPrice, 2),
    })
  })

  it('texts the shopper the new total when an edit changes it, in their language, and nothing when it does not', async () => {
    const a = pick(items, 11)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    /** the texts about a change queued for the shopper, a text per change */
    const changeTexts = async () =>
      (await queuedTexts(t.db, placed.id))
        .filter(({ key }) => key?.includes(':edited:'))
        .map(({ text }) => text)
    expect(await changeTexts()).toEqual([])
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    // the street alone: the total stays, no text
    const moved = ok(
      await edit(placed.id, {
        version,
        lines: [{ skuId: a.skuId, quantity: 1 }],
        address: { ...dhakaAddress, street: 'House 14, Road 5' },
      }),
    ).data
    expect(await changeTexts()).toEqual([])
    const two = ok(
      await edit(placed.id, { version: moved.version, lines: [{ skuId: a.skuId, quantity: 2 }] }),
    ).data
    const total = two.totals.total.toFixed(2)
    expect(await changeTexts()).toEqual([
      `Haat: order ${placed.number} was changed. New total TK ${total}. Pay TK ${total} on delivery.`,
    ])
    // a second change is a text of its own; a Bangla order's is in Bangla
    await t.db.update(orders).set({ language: 'bn' }).where(eq(orders.id, placed.id))
    ok(await edit(placed.id, { version: two.version, lines: [{ skuId: a.skuId, quantity: 1 }] }))
    const texts = await changeTexts()
    expect(texts).toHaveLength(2)
    expect(texts).toContainEqual(
      expect.stringMatching(
        new RegExp(`^হাট: অর্ডার ${placed.number} বদলানো হয়েছে। নতুন মোট .+। ডেলিভারির সময় .+ পরিশোধ করুন।$`),
      ),
    )
  })

  it('answers a dry run with the order as it would be, keeping nothing', async () => {
    const a = pick(items, 11)
    const b = pick(items, 12)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const before = await stateOf(placed.id, [a.skuId, b.skuId])
    const answer = ok(
      await edit(placed.id, {
        version,
        dryRun: true,
        lines: [
          { skuId: a.skuId, quantity: 2 },
          { skuId: b.skuId, quantity: 1 },
        ],
      }),
    )
    expect(answer.meta.dryRun).toBe(true)
    expect(answer.meta.changes[0]).toMatchObject({ kind: 'quantity', from: 1, to: 2 })
    expect(answer.data.version).toBe(version)
    expect(answer.data.lines.map((l) => [l.skuId, l.quantity])).toEqual([
      [a.skuId, 2],
      [b.skuId, 1],
    ])
    expect(answer.data.totals.total).toBeCloseTo(
      a.discountedPrice * 2 + b.discountedPrice + answer.data.totals.deliveryCharge,
      2,
    )
    expect(await stateOf(placed.id, [a.skuId, b.skuId])).toEqual(before)

    // a dry run asking for more than is left is refused as the save would be
    await setStock(t.db, b.skuId, 0)
    const short = await edit(placed.id, { version, dryRun: true, lines: [{ skuId: b.skuId, quantity: 1 }] })
    expect(short.status).toBe(409)
    expect(short.body.error).toEqual({ 'lines.0': [expect.stringMatching(/is out of stock$/)] })
    await setStock(t.db, b.skuId, 50)
  })
})

describe('what an edit refuses', () => {
  it('refuses a packed (or later) order and one waiting for its payment with 409', async () => {
    const a = pick(items, 13)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    await moveAlong(t.app, placed.id, 'packed', team.staff)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const before = await stateOf(placed.id, [a.skuId])
    const reply = await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 2 }] })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toEqual({ status: ['A packed order can no longer be changed'] })
    expect(await stateOf(placed.id, [a.skuId])).toEqual(before)

    await t.db.update(orders).set({ status: 'pending_payment' }).where(eq(orders.id, placed.id))
    const waiting = await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 2 }] })
    expect(waiting.status).toBe(409)
    expect(waiting.body.error).toEqual({ status: ['An order waiting for its payment cannot be changed'] })
  })

  it('allows a confirmed order, and refuses a stale version with who changed it and when', async () => {
    const a = pick(items, 0)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    await moveAlong(t.app, placed.id, 'confirmed', team.manager)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const stale = await edit(placed.id, { version: version - 1, lines: [{ skuId: a.skuId, quantity: 2 }] })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toEqual({
      version: [expect.stringMatching(/^Changed by Karim manager at \d{2}:\d{2}$/)],
    })
    const done = ok(await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 2 }] })).data
    expect(done.status).toBe('confirmed')
    const again = await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 3 }] }, team.owner)
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ version: [expect.stringMatching(/^Changed by Salma staff at /)] })
  })

  it('lets one of two edits made at the same time win; the other gets 409 and the stock moves once', async () => {
    const a = pick(items, 1)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const stock = await stockOf(t.db, a.skuId)
    const replies = await Promise.all([
      edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 3 }] }, team.owner),
      edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 5 }] }, team.manager),
    ])
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409])
    const won = replies.find((r) => r.status === 200)?.body as EditAnswer
    const quantity = won.data.lines[0]?.quantity ?? 0
    expect(await stockOf(t.db, a.skuId)).toBe(stock - (quantity - 1))
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row?.version).toBe(version + 1)
  })

  it('refuses an edit that changes nothing, and answers 404 for an order that does not exist', async () => {
    const a = pick(items, 2)
    const placed = await placeOrder(t.app, [{ skuId: a.skuId, quantity: 1 }])
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const same = await edit(placed.id, { version, lines: [{ skuId: a.skuId, quantity: 1 }] })
    expect(same.status).toBe(400)
    expect(same.body.error).toEqual({ lines: ['Nothing to save: the order is as it was'] })
    const missing = await edit(99_999_999, { version: 1, lines: [{ skuId: a.skuId, quantity: 1 }] })
    expect(missing.status).toBe(404)
  })

  it.each([
    ['no lines', { version: 1, lines: [] }, 'lines'],
    ['a quantity of 0', { version: 1, lines: [{ skuId: 1, quantity: 0 }] }, 'lines.0.quantity'],
    ['a quantity of 100', { version: 1, lines: [{ skuId: 1, quantity: 100 }] }, 'lines.0.quantity'],
    [
      'a sku twice',
      {
        version: 1,
        lines: [
          { skuId: 1, quantity: 1 },
          { skuId: 1, quantity: 2 },
        ],
      },
      'lines',
    ],
    [
      '51 lines',
      { version: 1, lines: Array.from({ length: 51 }, (_, i) => ({ skuId: i + 1, quantity: 1 })) },
      'lines',
    ],
    ['no version', { lines: [{ skuId: 1, quantity: 1 }] }, 'version'],
    [
      'a negative charge',
      { version: 1, lines: [{ skuId: 1, quantity: 1 }], deliveryCharge: -5 },
      'deliveryCharge',
    ],
    [
      'a charge in paisa',
      { version: 1, lines: [{ skuId: 1, quantity: 1 }], deliveryCharge: 70.5 },
      'deliveryCharge',
    ],
    [
      'an address without a street',
      { version: 1, lines: [{ skuId: 1, quantity: 1 }], address: { ...dhakaAddress, street: '' } },
      'address.street',
    ],
    ['an unknown field', { version: 1, lines: [{ skuId: 1, quantity: 1 }], price: 1 }, null],
  ])('answers 400 to %s', async (_name, body, field) => {
    const reply = await edit(1, body)
    expect(reply.status).toBe(400)
    const error = reply.body.error as Record<string, string[]>
    expect(
      Object.values(error)
        .flat()
        .every((message) => typeof message === 'string'),
    ).toBe(true)
    if (field) expect(error).toHaveProperty([field])
  })

  it('answers 403 to a shopper and 401 to nobody', async () => {
    const shopper = await createShopper(t.db, '01742999001')
    const asShopper = await adminCall(t.app, 'POST', 'orders/1/edit', {
      shopper: shopper.token,
      body: { version: 1, lines: [{ skuId: 1, quantity: 1 }] },
    })
    expect(asShopper.status).toBe(403)
    const nobody = await adminCall(t.app, 'POST', 'orders/1/edit', {
      body: { version: 1, lines: [{ skuId: 1, quantity: 1 }] },
    })
    expect(nobody.status).toBe(401)
  })
})
