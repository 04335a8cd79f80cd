import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, jobs, orderLines, orderStatusHistory, orders } from '../../server/db/schema'
import { registerPaymentProvider } from '../../server/payments/providers'
import { canMove, type StatusChangeBody } from '../../src/contract/admin-orders'
import { type Order, type OrderStatus, orderStatuses } from '../../src/contract/orders'
import { adminCall, advanceClock } from './admin-support'
import {
  api,
  createShopper,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import {
  changeStatus,
  moveAlong,
  orderDetail,
  outbox,
  payCallback,
  placeOrder,
  queuedTexts,
  type Staff,
  shopStock,
  staffTeam,
  testGateway,
} from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
let unregister: () => void
beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  team = await staffTeam(t.app, t.db)
  items = await sellableSkus(t.db, 6)
  for (const item of items) await setStock(t.db, item.skuId, 500)
  unregister = registerPaymentProvider(testGateway)
}, 180_000)
afterAll(async () => {
  unregister?.()
  await t?.close()
})

const movable = ['confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'returned'] as const

function bodyFor(to: (typeof movable)[number], version: number): StatusChangeBody {
  if (to === 'shipped') return { to, version, courier: 'Steadfast', trackingNumber: 'SF-99812' }
  if (to === 'cancelled' || to === 'returned') return { to, version, reason: 'Customer asked' }
  return { to, version }
}

/** An order put straight into `status` (as the moves before it would have left it). */
async function orderIn(status: OrderStatus, sku = pick(items, 0)) {
  const placed = await placeOrder(t.app, [{ skuId: sku.skuId, quantity: 1 }])
  await t.db
    .update(orders)
    .set({
      status,
      ...(status === 'shipped' || status === 'delivered' ? { courier: 'Pathao', trackingNumber: 'P1' } : {}),
      ...(status === 'cancelled' ? { stockReturnedAt: new Date() } : {}),
    })
    .where(eq(orders.id, placed.id))
  return placed.id
}

/** everything a refused move must leave as it was */
async function stateOf(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
  const [history] = await t.db
    .select({ n: count() })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
  const texts = await queuedTexts(t.db, id)
  return { row, history: history?.n, texts: texts.length }
}

describe('the transition table', () => {
  const pairs = orderStatuses.flatMap((from) => movable.map((to) => [from, to] as const))
  it.each(pairs)('%s → %s: allowed moves succeed, every other is refused with 409', async (from, to) => {
    const id = await orderIn(from)
    const before = await stateOf(id)
    const reply = await changeStatus(t.app, id, bodyFor(to, 1), team.staff)
    if (canMove(from, to)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      const order = reply.body.data as { status: string; version: number }
      expect(order).toMatchObject({ status: to, version: 2 })
    } else {
      expect(reply.status).toBe(409)
      expect(reply.body.error).toHaveProperty('status')
      expect(await stateOf(id)).toEqual(before)
    }
  })

  it('refuses a move back to pending as a bad request', async () => {
    const id = await orderIn('confirmed')
    const reply = await changeStatus(t.app, id, { to: 'pending', version: 1 } as never, team.staff)
    expect(reply.status).toBe(400)
  })

  it('asks for the courier and tracking number to ship', async () => {
    const id = await orderIn('packed')
    const before = await stateOf(id)
    const without = await changeStatus(
      t.app,
      id,
      { to: 'shipped', version: 1, courier: 'Pathao' } as never,
      team.staff,
    )
    expect(without.status).toBe(400)
    expect(without.body.error).toHaveProperty('trackingNumber')
    const blank = await changeStatus(
      t.app,
      id,
      { to: 'shipped', version: 1, courier: 'Pathao', trackingNumber: '  ' },
      team.staff,
    )
    expect(blank.status).toBe(400)
    expect(blank.body.error).toEqual({ trackingNumber: ['Enter the tracking number'] })
    expect(await stateOf(id)).toEqual(before)
  })

  it('asks for the reason to cancel', async () => {
    const id = await orderIn('pending')
    const reply = await changeStatus(t.app, id, { to: 'cancelled', version: 1 } as never, team.staff)
    expect(reply.status).toBe(400)
    expect(reply.body.error).toHaveProperty('reason')
  })

  it('answers 404 for an order that does not exist', async () => {
    const reply = await changeStatus(t.app, 99_999_999, bodyFor('confirmed', 1), team.staff)
    expect(reply.status).toBe(404)
  })
})

describe('stock', () => {
  it('gives the stock back exactly once to 20 cancels at the same time', async () => {
    const item = pick(items, 1)
    const start = await shopStock(t.app, item.slug, item.skuId)
    const placed = await placeOrder(t.app, [{ skuId: item.skuId, quantity: 3 }])
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start - 3)
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        changeStatus(
          t.app,
          placed.id,
          { to: 'cancelled', version: 1, reason: 'Duplicate order' },
          team.staff,
        ),
      ),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19)
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicate order', version: 2 })
    expect(row?.stockReturnedAt).not.toBeNull()
  })

  it('takes one line back exactly once to 20 returns at the same time, keeping a partial return delivered', async () => {
    const item = pick(items, 2)
    const other = pick(items, 3)
    const placed = await placeOrder(t.app, [
      { skuId: item.skuId, quantity: 2 },
      { skuId: other.skuId, quantity: 1 },
    ])
    await moveAlong(t.app, placed.id, 'delivered', team.staff)
    const start = await shopStock(t.app, item.slug, item.skuId)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const body: StatusChangeBody = {
      to: 'returned',
      version,
      lines: [{ skuId: item.skuId, quantity: 1 }],
      reason: 'Too small',
    }
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => changeStatus(t.app, placed.id, body, team.staff)),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start + 1)
    const order = await orderDetail(t.app, placed.id, team.staff)
    expect(order.status).toBe('delivered')
    expect(order.returned).toEqual([
      { skuId: item.skuId, quantity: 1 },
      { skuId: other.skuId, quantity: 0 },
    ])
    expect(order.events.at(-1)).toMatchObject({
      kind: 'edit',
      status: 'delivered',
      note: 'Too small',
      changes: [
        { kind: 'returned', line: expect.objectContaining({ name: expect.any(String) }), quantity: 1 },
      ],
      by: 'Salma staff',
    })
  })

  it('refuses to take back more than came, and closes the order when the rest comes back', async () => {
    const item = pick(items, 4)
    const placed = await placeOrder(t.app, [{ skuId: item.skuId, quantity: 2 }])
    await moveAlong(t.app, placed.id, 'shipped', team.staff)
    const start = await shopStock(t.app, item.slug, item.skuId)
    let { version } = await orderDetail(t.app, placed.id, team.staff)
    const tooMany = await changeStatus(
      t.app,
      placed.id,
      { to: 'returned', version, lines: [{ skuId: item.skuId, quantity: 3 }], reason: 'Refused' },
      team.staff,
    )
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.error).toEqual({ 'lines.0': [expect.stringMatching(/^Only 2 of .+ can come back$/)] })
    const one = await changeStatus(
      t.app,
      placed.id,
      { to: 'returned', version, lines: [{ skuId: item.skuId, quantity: 1 }], reason: 'Refused' },
      team.staff,
    )
    expect(one.status).toBe(200)
    ;({ version } = await orderDetail(t.app, placed.id, team.staff))
    const rest = await changeStatus(
      t.app,
      placed.id,
      { to: 'returned', version, reason: 'Refused' },
      team.staff,
    )
    expect(rest.status).toBe(200)
    expect(rest.body.data).toMatchObject({
      status: 'returned',
      returned: [{ skuId: item.skuId, quantity: 2 }],
    })
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start + 2)
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id))
    expect(line?.returnedQuantity).toBe(2)
  })
})

describe('two people on one order', () => {
  it('lets one of two changes made on the same version through, and tells the other who changed it', async () => {
    const id = await orderIn('pending')
    const [first, second] = await Promise.all([
      changeStatus(t.app, id, bodyFor('confirmed', 1), team.owner),
      changeStatus(t.app, id, bodyFor('cancelled', 1), team.manager),
    ])
    const statuses = [first?.status, second?.status].sort()
    expect(statuses).toEqual([200, 409])
    const loser = first?.status === 409 ? first : second
    const winner = first?.status === 200 ? 'Rahima owner' : 'Karim manager'
    expect(loser?.body.error).toEqual({
      version: [expect.stringMatching(new RegExp(`^Changed by ${winner} at \\d\\d:\\d\\d$`))],
    })
  })

  it('refuses a change made on a version that is no longer the order’s', async () => {
    const id = await orderIn('pending')
    expect((await changeStatus(t.app, id, bodyFor('confirmed', 1), team.staff)).status).toBe(200)
    const stale = await changeStatus(t.app, id, bodyFor('packed', 1), team.manager)
    expect(stale.status).toBe(409)
    expect(stale.body.error).toEqual({
      version: [expect.stringMatching(/^Changed by Salma staff at \d\d:\d\d$/)],
    })
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({ status: 'confirmed', version: 2 })
  })
})

describe('who may', () => {
  const routes = [
    { name: 'GET orders', method: 'GET', path: () => 'orders' },
    { name: 'GET orders/export.csv', method: 'GET', path: () => 'orders/export.csv' },
    { name: 'GET orders/:id', method: 'GET', path: (id: number) => `orders/${id}` },
    { method: 'POST', path: (id: number) => `orders/${id}/status`, body: bodyFor('confirmed', 1) },
    { method: 'POST', path: (id: number) => `orders/${id}/notes`, body: { note: 'Called, will pay cash' } },
    {
      name: 'POST orders/bulk-status',
      method: 'POST',
      path: () => 'orders/bulk-status',
      body: { ids: [1], to: 'confirmed' },
    },
  ] as const

  it.each(routes)('$name: no session 401, a shopper 403, every staff role allowed', async (route) => {
    const shopper = await createShopper(t.db, `0174${String(Math.random()).slice(2, 9)}`)
    const call = async (options: Parameters<typeof adminCall>[3]) => {
      const id = await orderIn('pending')
      const body = 'body' in route ? route.body : undefined
      const reply = await adminCall(t.app, route.method, route.path(id), { ...options, body })
      return reply.status
    }
    expect(await call({})).toBe(401)
    expect(await call({ shopper: shopper.token })).toBe(403)
    for (const as of [team.staff, team.manager, team.owner]) expect(await call({ as })).toBe(200)
  })
})

describe('what the shopper sees', () => {
  it('shows the timeline, courier and tracking number, never the staff notes', async () => {
    const placed = await placeOrder(t.app, [{ skuId: pick(items, 5).skuId, quantity: 1 }])
    const note = await adminCall(t.app, 'POST', `orders/${placed.id}/notes`, {
      as: team.manager,
      body: { note: 'Asked for a gift wrap; VIP' },
    })
    expect(note.status).toBe(200)
    expect((note.body.data as { events: unknown[] }).events).toContainEqual(
      expect.objectContaining({ kind: 'note', note: 'Asked for a gift wrap; VIP', by: 'Karim manager' }),
    )
    await moveAlong(t.app, placed.id, 'shipped', team.staff)
    const lookup = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: placed.number, phone: placed.phone },
    })
    expect(lookup.status).toBe(200)
    const order = lookup.body.data as Order
    expect(order).toMatchObject({ status: 'shipped', courier: 'Pathao', trackingNumber: 'PT123456' })
    expect(order.history.map((entry) => entry.status)).toEqual(['pending', 'confirmed', 'packed', 'shipped'])
    expect(order.history.at(-1)).toMatchObject({
      note: '',
      changes: [{ kind: 'shipped', courier: 'Pathao', trackingNumber: 'PT123456' }],
    })
    expect(JSON.stringify(order)).not.toContain('gift wrap')
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(placed.id)))
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'order.note',
      'order.status',
      'order.status',
      'order.status',
    ])
  })
})

describe('texts', () => {
  it('queues one text per status (none for packed) and sends each once', async () => {
    const placed = await placeOrder(t.app, [{ skuId: pick(items, 0).skuId, quantity: 1 }])
    await moveAlong(t.app, placed.id, 'delivered', team.staff)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    await changeStatus(t.app, placed.id, { to: 'returned', version, reason: 'Wrong colour' }, team.staff)
    // the order's first text (received) is the checkout's
    const texts = (await queuedTexts(t.db, placed.id)).filter((text) => !text.key?.endsWith(':received'))
    expect(texts.map((text) => text.key)).toEqual(
      ['confirmed', 'shipped', 'delivered', 'returned'].map((status) => `order-text:${placed.id}:${status}`),
    )
    expect(texts[1]?.text).toBe(
      `Haat: order ${placed.number} is on its way with Pathao, tracking number PT123456.`,
    )
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    const sent = await outbox(t.app, placed.phone)
    for (const { text } of texts) expect(sent.filter((body) => body === text)).toHaveLength(1)
  })

  it('writes to a shopper who ordered in Bangla in Bangla, the reason of a cancel included', async () => {
    const reply = await api(t.app, 'POST', 'orders?lang=bn', {
      body: orderBody([{ skuId: pick(items, 1).skuId, quantity: 1 }]),
      headers: { 'idempotency-key': newKey(), 'accept-language': 'bn' },
      ip: '10.99.0.1',
    })
    expect(reply.status).toBe(201)
    const { id, number } = reply.body.data as { id: number; number: string }
    await changeStatus(t.app, id, { to: 'cancelled', version: 1, reason: 'Out of stock' }, team.staff)
    const text = (await queuedTexts(t.db, id)).find((queued) => queued.key?.endsWith(':cancelled'))
    expect(text?.text).toBe(`হাট: আপনার অর্ডার ${number} বাতিল করা হয়েছে। কারণ: Out of stock`)
  })
})

describe('unpaid orders', () => {
  const placeUnpaid = async (item: SkuInfo) => {
    const reply = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: item.skuId, quantity: 2 }], {
        paymentMethod: testGateway.method,
      }),
      headers: { 'idempotency-key': newKey() },
      ip: `10.98.0.${Math.floor(Math.random() * 200) + 1}`,
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    return reply.body.data as { id: number; number: string; status: string; totals: { total: number } }
  }

  it('cancels an order not paid in time and puts its stock back, leaving a paid one alone', async () => {
    const item = pick(items, 2)
    const start = await shopStock(t.app, item.slug, item.skuId)
    const unpaid = await placeUnpaid(item)
    const paid = await placeUnpaid(item)
    expect(unpaid.status).toBe('pending_payment')
    expect((await payCallback(t.app, { number: paid.number, total: paid.totals.total })).status).toBe(200)
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start - 4)

    await t.app.jobs.runDue()
    expect((await orderDetail(t.app, unpaid.id, team.staff)).status).toBe('pending_payment')

    const clock = t.app.clock.now
    advanceClock(t.app, (t.config.UNPAID_ORDER_MINUTES + 1) * 60_000)
    try {
      await t.app.jobs.runDue()
    } finally {
      t.app.clock.now = clock
    }
    const expired = await orderDetail(t.app, unpaid.id, team.staff)
    expect(expired).toMatchObject({ status: 'cancelled', cancelReason: 'Not paid in time' })
    expect(expired.events.at(-1)).toMatchObject({
      kind: 'status',
      by: null,
      note: 'Not paid in time',
    })
    expect((await orderDetail(t.app, paid.id, team.staff)).status).toBe('confirmed')
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start - 2)
    expect((await queuedTexts(t.db, unpaid.id)).map((text) => text.key)).toEqual([
      `order-text:${unpaid.id}:cancelled`,
    ])
    const expiries = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `expire-unpaid-order:${unpaid.id}`))
    expect(expiries).toHaveLength(1)
    expect(expiries[0]?.doneAt).not.toBeNull()
  })

  it('gives a failed payment’s stock back once, and the expiry after it finds nothing to do', async () => {
    const item = pick(items, 3)
    const start = await shopStock(t.app, item.slug, item.skuId)
    const order = await placeUnpaid(item)
    const failed = { number: order.number, total: order.totals.total }
    expect((await payCallback(t.app, failed, false)).status).toBe(200)
    expect((await payCallback(t.app, failed, false)).status).toBe(200)
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row?.stockReturnedAt).not.toBeNull()
    expect(await t.app.adminOrders.expireUnpaid(order.id)).toBe(false)
    expect(await shopStock(t.app, item.slug, item.skuId)).toBe(start)
  })
})
