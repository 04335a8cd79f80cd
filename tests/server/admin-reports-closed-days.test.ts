import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { type Database, openDatabase } from '../../server/db/client'
import { orderDayChanges, orderLines, orders, products } from '../../server/db/schema'
import {
  type AdminReportsRepository,
  createAdminReportsRepository,
  type DayRange,
} from '../../server/repositories/admin-reports'
import { mergeDayChanges } from '../../server/repositories/reports/closed-days'
import { type Dashboard, dayAfter, reportGroupings } from '../../src/contract/admin-reports'
import { dhakaDay } from '../../src/lib/dhaka-time'
import { adminCall, type StaffCredentials } from './admin-support'
import { pick, type SkuInfo, sellableSkus, setStock } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { changeStatus, moveAlong, orderDetail, placeOrder, staffTeam } from './orders-support'

// The dashboard and the sales report keep the sums of closed days; every answer must still be exactly what
// counting the orders afresh gives, whatever was written, however, on whichever instance.
const DAY_MS = 86_400_000
let t: TestApp
let items: SkuInfo[]
/** the same numbers counted from the orders over the whole range every time, nothing kept: what every answer must equal */
let counted: AdminReportsRepository

beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  items = await sellableSkus(t.db, 6)
  for (const item of items) await setStock(t.db, item.skuId, 500)
  counted = createAdminReportsRepository(t.app, { maxFigures: 0 })
}, 180_000)
afterAll(() => t?.close())

const todayOf = (app: App) => dhakaDay(app.clock.now())
/** today and the four days before it (kept once read) */
const around = (app: App): DayRange => ({ from: dayAfter(todayOf(app), -4), to: todayOf(app) })

/** Every report of the range as `app` answers it, each equal to the same counted afresh; the dashboard. */
async function expectCurrent(app: App, as: StaffCredentials, range = around(app)): Promise<Dashboard> {
  const span = `from=${range.from}&to=${range.to}`
  const read = async (path: string) => {
    const reply = await adminCall(app, 'GET', path, { as })
    expect(reply.status, path).toBe(200)
    return (reply.body as { data: unknown }).data
  }
  const dashboard = await read(`dashboard?range=custom&${span}`)
  expect(dashboard).toEqual(await counted.dashboard(range))
  expect(await read(`dashboard/orders?range=custom&${span}`)).toEqual(await counted.ordersAtAGlance(range))
  for (const by of reportGroupings) {
    expect(await read(`reports/sales?by=${by}&${span}`), by).toEqual(await counted.sales(range, by))
  }
  return dashboard as Dashboard
}

/** A day's writes of every kind, each followed by the answers: first while the day is closed, then while it is today. */
describe.each([
  ['closed day (placed before today, changed today)', 2 * DAY_MS, '0173610'],
  ['today', 0, '0173620'],
])('an order of a %s', (_, ahead, phones) => {
  let owner: StaffCredentials
  let placed: number
  let other: number
  beforeAll(async () => {
    // two days ahead, what the shop takes now belongs to a closed day
    t.app.clock.now = () => new Date(Date.now() + ahead)
    owner = (await staffTeam(t.app, t.db, phones)).owner
    await expectCurrent(t.app, owner)
  })
  afterAll(() => {
    t.app.clock.now = () => new Date()
  })

  const a = () => pick(items, 0)
  const b = () => pick(items, 1)

  it('counts an order placed on it', async () => {
    const before = await expectCurrent(t.app, owner)
    placed = (await placeOrder(t.app, [{ skuId: a().skuId, quantity: 2 }])).id
    other = (await placeOrder(t.app, [{ skuId: b().skuId, quantity: 1 }])).id
    const after = await expectCurrent(t.app, owner)
    expect(after.figures.orders).toBe(before.figures.orders + 2)
  })

  it('follows its status', async () => {
    const before = await expectCurrent(t.app, owner)
    await moveAlong(t.app, placed, 'confirmed', owner)
    const after = await expectCurrent(t.app, owner)
    const confirmed = (dashboard: Dashboard) =>
      dashboard.statusCounts.find((entry) => entry.status === 'confirmed')?.count
    expect(confirmed(after)).toBe((confirmed(before) ?? 0) + 1)
  })

  it('follows an edit of its lines', async () => {
    const before = await expectCurrent(t.app, owner)
    const { version } = await orderDetail(t.app, placed, owner)
    const reply = await adminCall(t.app, 'POST', `orders/${placed}/edit`, {
      as: owner,
      body: {
        version,
        lines: [
          { skuId: a().skuId, quantity: 3 },
          { skuId: b().skuId, quantity: 1 },
        ],
      },
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const after = await expectCurrent(t.app, owner)
    expect(after.figures.revenue).toBeGreaterThan(before.figures.revenue)
  })

  it('drops a cancelled order from the sales', async () => {
    const before = await expectCurrent(t.app, owner)
    const { version } = await orderDetail(t.app, other, owner)
    const reply = await changeStatus(
      t.app,
      other,
      { to: 'cancelled', version, reason: 'Changed mind' },
      owner,
    )
    expect(reply.status).toBe(200)
    const after = await expectCurrent(t.app, owner)
    expect(after.figures.cancelled).toBe(before.figures.cancelled + 1)
  })

  it('takes off what came back of a delivered order', async () => {
    for (const to of ['packed', 'shipped', 'delivered'] as const) {
      const { version } = await orderDetail(t.app, placed, owner)
      const shipping = to === 'shipped' ? { courier: 'Pathao', trackingNumber: 'PT100200' } : {}
      const reply = await changeStatus(t.app, placed, { to, version, ...shipping } as never, owner)
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    }
    const before = await expectCurrent(t.app, owner)
    const { version } = await orderDetail(t.app, placed, owner)
    const reply = await changeStatus(
      t.app,
      placed,
      { to: 'returned', version, reason: 'Did not fit', lines: [{ skuId: a().skuId, quantity: 1 }] },
      owner,
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const after = await expectCurrent(t.app, owner)
    expect(after.figures.partlyReturned).toBe(before.figures.partlyReturned + 1)
    expect(after.figures.returnedValue).toBeGreaterThan(before.figures.returnedValue)
  })
})

describe('what the database notes', () => {
  let owner: StaffCredentials
  beforeAll(async () => {
    t.app.clock.now = () => new Date(Date.now() + 2 * DAY_MS)
    owner = (await staffTeam(t.app, t.db, '0173630')).owner
  })
  afterAll(() => {
    t.app.clock.now = () => new Date()
  })

  it('keeps a closed day until a change to it is noted', async () => {
    const id = (await placeOrder(t.app, [{ skuId: pick(items, 2).skuId, quantity: 1 }])).id
    await expectCurrent(t.app, owner)
    // a write the triggers do not see (replication applying rows): the kept day does not know of it …
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(orders).set({ total: 123_456 }).where(eq(orders.id, id))
    })
    const range = around(t.app)
    const read = await adminCall(t.app, 'GET', `dashboard?range=custom&from=${range.from}&to=${range.to}`, {
      as: owner,
    })
    expect((read.body as { data: Dashboard }).data.figures.revenue).toBeLessThan(
      (await counted.dashboard(range)).figures.revenue,
    )
    // … until any noted change to that day, made here straight in SQL
    await t.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, id))
    await expectCurrent(t.app, owner)
  })

  it('notes a line added to an order, and taken away, straight in SQL', async () => {
    const id = (await placeOrder(t.app, [{ skuId: pick(items, 2).skuId, quantity: 1 }])).id
    await expectCurrent(t.app, owner)
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id))
    if (!line) throw new Error('no line')
    const { id: _, ...copy } = line
    const [added] = await t.db
      .insert(orderLines)
      .values({ ...copy, productId: pick(items, 3).productId, skuId: pick(items, 3).skuId, quantity: 4 })
      .returning({ id: orderLines.id })
    await expectCurrent(t.app, owner)
    await t.db.delete(orderLines).where(eq(orderLines.id, added?.id ?? 0))
    await expectCurrent(t.app, owner)
  })

  it('notes an order written, moved to another day and deleted straight in SQL', async () => {
    const id = (await placeOrder(t.app, [{ skuId: pick(items, 3).skuId, quantity: 2 }])).id
    await expectCurrent(t.app, owner)
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id))
    if (!order) throw new Error('no order')
    const { id: _, ...copy } = order
    const [written] = await t.db
      .insert(orders)
      .values({ ...copy, number: `${order.number}-SQL`, idempotencyKey: `${order.idempotencyKey}-sql` })
      .returning({ id: orders.id })
    await expectCurrent(t.app, owner)
    await t.db
      .update(orders)
      .set({ createdAt: new Date(order.createdAt.getTime() - DAY_MS) })
      .where(eq(orders.id, written?.id ?? 0))
    await expectCurrent(t.app, owner)
    await t.db.delete(orders).where(eq(orders.id, id))
    await expectCurrent(t.app, owner)
  })

  it('moves every kept day’s sales when a product moves to another category or brand', async () => {
    await expectCurrent(t.app, owner)
    const product = pick(items, 0).productId
    const [other] = await t.db
      .select({ categoryId: products.categoryId, brandId: products.brandId })
      .from(products)
      .where(eq(products.id, pick(items, 1).productId))
    await t.db
      .update(products)
      .set({ categoryId: other?.categoryId, brandId: other?.brandId })
      .where(eq(products.id, product))
    await expectCurrent(t.app, owner)
  })

  it('merges the change rows into one a day, every day’s weight kept', async () => {
    const weights = () =>
      t.db
        .select({ day: orderDayChanges.day, weight: sql<string>`sum(${orderDayChanges.weight})::text` })
        .from(orderDayChanges)
        .groupBy(orderDayChanges.day)
        .orderBy(orderDayChanges.day)
    const before = await weights()
    const [rows] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orderDayChanges)
    expect(rows?.n).toBeGreaterThan(before.length)
    await mergeDayChanges(t.db)
    expect(await weights()).toEqual(before)
    const [merged] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orderDayChanges)
    expect(merged?.n).toBe(before.length)
    await expectCurrent(t.app, owner)
  })

  it('answers the same with room for a few figures only', async () => {
    const small = createAdminReportsRepository(t.app, { maxFigures: 5 })
    const range = around(t.app)
    await placeOrder(t.app, [{ skuId: pick(items, 4).skuId, quantity: 1 }])
    for (let round = 0; round < 2; round++) {
      expect(await small.dashboard(range)).toEqual(await counted.dashboard(range))
      expect(await small.sales(range, 'brand')).toEqual(await counted.sales(range, 'brand'))
    }
    await small.close()
  })

  it('answers a long range the same counted whole, then from the days kept in the background', async () => {
    // orders on days spread over two months, none of them kept yet
    for (const daysAgo of [5, 20, 40, 59]) {
      const id = (await placeOrder(t.app, [{ skuId: pick(items, daysAgo % 6).skuId, quantity: 2 }])).id
      await t.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
        .where(eq(orders.id, id))
    }
    const range = { from: dayAfter(todayOf(t.app), -62), to: todayOf(t.app) }
    await expectCurrent(t.app, owner, range)
    await t.app.adminReports.settle()
    await expectCurrent(t.app, owner, range)
  })
})

describe('two instances on one database', () => {
  let b: { app: App; database: Database; own: boolean }
  /** the owner's session, which either instance takes (a load balancer may send any request to either) */
  let owner: StaffCredentials
  beforeAll(async () => {
    // on PostgreSQL the second instance has connections of its own; PGlite has one session for both
    const own = t.database.kind === 'postgres'
    const database = own ? await openDatabase(t.config, { poolSize: 4 }) : t.database
    b = { app: await buildApp(t.config, { database }), database, own }
    await b.app.ready()
    for (const app of [t.app, b.app]) app.clock.now = () => new Date(Date.now() + 2 * DAY_MS)
    owner = (await staffTeam(t.app, t.db, '0173640')).owner
  })
  afterAll(async () => {
    t.app.clock.now = () => new Date()
    await b?.app.close()
    if (b?.own) await b.database.close()
  })

  it('shows a change made through one instance on the other, both keeping the day', async () => {
    await expectCurrent(t.app, owner)
    await expectCurrent(b.app, owner)
    const id = (await placeOrder(t.app, [{ skuId: pick(items, 5).skuId, quantity: 2 }])).id
    await expectCurrent(b.app, owner)
    await moveAlong(b.app, id, 'delivered', owner)
    await expectCurrent(t.app, owner)
    const { version } = await orderDetail(b.app, id, owner)
    const back = await changeStatus(
      b.app,
      id,
      { to: 'returned', version, reason: 'Too small', lines: [{ skuId: pick(items, 5).skuId, quantity: 1 }] },
      owner,
    )
    expect(back.status).toBe(200)
    await expectCurrent(t.app, owner)
    await expectCurrent(b.app, owner)
  })
})
