import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, categories, orderLines, orderStatusHistory, orders, products } from '../../server/db/schema'
import type { Dashboard, DashboardOrders, SalesReport } from '../../src/contract/admin-reports'
import type { OrderStatus } from '../../src/contract/orders'
import { adminCall } from './admin-support'
import { dhakaAddress, pick, type SkuInfo, sellableSkus, setStock } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { changeStatus, orderDetail, type Staff, staffTeam } from './orders-support'

let t: TestApp
let team: Staff
let a: SkuInfo
let b: SkuInfo

type Line = { sku: SkuInfo; quantity: number; unit: number }
type Seed = {
  number: string
  /** UTC; Dhaka is 6 hours ahead */
  createdAt: string
  status: OrderStatus
  paymentMethod?: string
  lines: Line[]
}

/** An order as checkout leaves it, written straight to the database at a known time. */
async function insertOrder(seed: Seed): Promise<number> {
  const subtotal = seed.lines.reduce((sum, line) => sum + line.unit * line.quantity, 0)
  const createdAt = new Date(seed.createdAt)
  const [row] = await t.db
    .insert(orders)
    .values({
      number: seed.number,
      customerName: 'Report Shopper',
      phone: '01711000111',
      address: { ...dhakaAddress, name: 'Report Shopper', phone: '01711000111' },
      zone: 'inside_dhaka',
      subtotal,
      deliveryCharge: 60,
      total: subtotal + 60,
      paymentMethod: seed.paymentMethod ?? 'cod',
      paymentStatus: seed.paymentMethod && seed.status !== 'pending_payment' ? 'paid' : 'unpaid',
      status: seed.status,
      idempotencyKey: `report-${seed.number}`,
      requestHash: 'report',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('order not written')
  await t.db.insert(orderLines).values(
    seed.lines.map((line) => ({
      orderId: row.id,
      productId: line.sku.productId,
      skuId: line.sku.skuId,
      name: 'Report item',
      slug: line.sku.slug,
      sku: `REPORT-${line.sku.skuId}`,
      unitPrice: line.unit,
      unitDiscountedPrice: line.unit,
      quantity: line.quantity,
      lineTotal: line.unit * line.quantity,
    })),
  )
  await t.db
    .insert(orderStatusHistory)
    .values({ orderId: row.id, status: seed.status, note: 'Order placed', createdAt })
  return row.id
}

async function giveBack(id: number, lines?: { skuId: number; quantity: number }[]) {
  const { version } = await orderDetail(t.app, id, team.owner)
  const reply = await changeStatus(
    t.app,
    id,
    { to: 'returned', version, reason: 'Did not fit', lines },
    team.owner,
  )
  expect(reply.status).toBe(200)
}

const dashboard = async (query: string) => {
  const reply = await adminCall(t.app, 'GET', `dashboard?${query}`, { as: team.owner })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return (reply.body as { data: Dashboard }).data
}
const report = async (query: string) => {
  const reply = await adminCall(t.app, 'GET', `reports/sales?${query}`, { as: team.manager })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return (reply.body as { data: SalesReport }).data
}

async function groupOf(sku: SkuInfo) {
  const [row] = await t.db
    .select({
      categoryId: categories.id,
      category: categories.name,
      brandId: brands.id,
      brand: brands.name,
      name: products.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, sku.productId))
  if (!row) throw new Error('no product')
  return row
}

beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  team = await staffTeam(t.app, t.db, '0173500')
  const items = await sellableSkus(t.db, 12)
  a = pick(items, 0)
  // b: a product of another category and brand than a's, so the report's groups are told apart
  const first = await groupOf(a)
  for (const item of items.slice(1)) {
    const group = await groupOf(item)
    if (group.categoryId !== first.categoryId && group.brandId !== first.brandId) {
      b = item
      break
    }
  }
  if (!b) throw new Error('no second category and brand in the seed')

  // 1 March 23:30 in Dhaka: the last half hour of the 1st
  await insertOrder({
    number: 'HT-250301-RPT01',
    createdAt: '2025-03-01T17:30:00Z',
    status: 'delivered',
    lines: [{ sku: a, quantity: 2, unit: 500 }],
  })
  // 2 March 00:30 in Dhaka (still the 1st in UTC), paid ahead by bKash
  await insertOrder({
    number: 'HT-250302-RPT02',
    createdAt: '2025-03-01T18:30:00Z',
    status: 'confirmed',
    paymentMethod: 'bkash',
    lines: [{ sku: b, quantity: 1, unit: 800 }],
  })
  await insertOrder({
    number: 'HT-250302-RPT03',
    createdAt: '2025-03-02T04:00:00Z',
    status: 'cancelled',
    lines: [{ sku: a, quantity: 1, unit: 500 }],
  })
  // delivered, then one of its three A came back
  const partly = await insertOrder({
    number: 'HT-250302-RPT04',
    createdAt: '2025-03-02T06:00:00Z',
    status: 'delivered',
    lines: [
      { sku: a, quantity: 3, unit: 500 },
      { sku: b, quantity: 1, unit: 800 },
    ],
  })
  await giveBack(partly, [{ skuId: a.skuId, quantity: 1 }])
  const whole = await insertOrder({
    number: 'HT-250303-RPT05',
    createdAt: '2025-03-03T03:00:00Z',
    status: 'delivered',
    lines: [{ sku: a, quantity: 1, unit: 500 }],
  })
  await giveBack(whole)
  // waiting for its online payment: no sale yet
  await insertOrder({
    number: 'HT-250303-RPT06',
    createdAt: '2025-03-03T04:00:00Z',
    status: 'pending_payment',
    paymentMethod: 'bkash',
    lines: [{ sku: b, quantity: 1, unit: 800 }],
  })
  // 28 February 23:59 in Dhaka: before every range below
  await insertOrder({
    number: 'HT-250228-RPT07',
    createdAt: '2025-02-28T17:59:00Z',
    status: 'delivered',
    lines: [{ sku: a, quantity: 1, unit: 500 }],
  })
})
afterAll(() => t?.close())

describe('the dashboard', () => {
  it('counts the orders placed on the range’s Dhaka days, every figure exactly', async () => {
    const data = await dashboard('range=custom&from=2025-03-01&to=2025-03-03')
    expect(data.range).toEqual({ from: '2025-03-01', to: '2025-03-03' })
    expect(data.figures).toEqual({
      orders: 6,
      sales: 3,
      // 1060 + 860 + (2360 - 500 that came back)
      revenue: 3780,
      averageOrderValue: 1260,
      cod: { orders: 2, revenue: 2920 },
      prepaid: { orders: 1, revenue: 860 },
      cancelled: 1,
      returned: 1,
      partlyReturned: 1,
      returnedValue: 1000,
      // none of these orders' cash is with a courier (they were written as paid already or not delivered)
      cashWithCouriers: { orders: 0, amount: 0 },
      // every order of these days came from the shop's site
      sources: [
        { source: 'website', orders: 6, sales: 3, revenue: 3780 },
        ...['phone', 'facebook', 'instagram', 'whatsapp', 'walk_in'].map((source) => ({
          source,
          orders: 0,
          sales: 0,
          revenue: 0,
        })),
      ],
      // written before the shop kept landings: their channel is not recorded
      channels: [
        {
          channel: 'unknown',
          name: 'Not recorded',
          nameBn: 'জানা নেই',
          landings: 0,
          orders: 6,
          sales: 3,
          revenue: 3780,
        },
      ],
    })
    expect(data.days).toEqual([
      { day: '2025-03-01', orders: 1, revenue: 1060 },
      { day: '2025-03-02', orders: 2, revenue: 2720 },
      { day: '2025-03-03', orders: 0, revenue: 0 },
    ])
    const counts = Object.fromEntries(data.statusCounts.map((entry) => [entry.status, entry.count]))
    expect(counts).toEqual({
      pending_payment: 1,
      pending: 0,
      confirmed: 1,
      packed: 0,
      shipped: 0,
      delivered: 2,
      cancelled: 1,
      returned: 1,
    })
    const [groupA, groupB] = [await groupOf(a), await groupOf(b)]
    expect(data.topProducts).toEqual([
      { id: a.productId, name: groupA.name, nameBn: expect.any(String), units: 4, revenue: 2000 },
      { id: b.productId, name: groupB.name, nameBn: expect.any(String), units: 2, revenue: 1600 },
    ])
    expect(data.topCategories.map(({ id, units, revenue }) => ({ id, units, revenue }))).toEqual([
      { id: groupA.categoryId, units: 4, revenue: 2000 },
      { id: groupB.categoryId, units: 2, revenue: 1600 },
    ])
  })

  it('puts 00:30 in Dhaka on the new day and 23:30 on the old one', async () => {
    const second = await dashboard('range=custom&from=2025-03-02&to=2025-03-02')
    expect(second.figures).toMatchObject({ orders: 3, sales: 2, revenue: 2720, cancelled: 1 })
    const first = await dashboard('range=custom&from=2025-03-01&to=2025-03-01')
    expect(first.figures).toMatchObject({ orders: 1, sales: 1, revenue: 1060 })
  })

  it('reads today, 7 and 30 days in Dhaka, today included', async () => {
    const now = t.app.clock.now
    // 2 March, 11:00 in Dhaka
    t.app.clock.now = () => new Date('2025-03-02T05:00:00Z')
    try {
      const today = await dashboard('range=today')
      expect(today.range).toEqual({ from: '2025-03-02', to: '2025-03-02' })
      expect(today.figures.revenue).toBe(2720)
      const week = await dashboard('range=7d')
      expect(week.range).toEqual({ from: '2025-02-24', to: '2025-03-02' })
      expect(week.days).toHaveLength(7)
      expect(week.figures.orders).toBe(5)
      const month = await dashboard('')
      expect(month.range).toEqual({ from: '2025-02-01', to: '2025-03-02' })
      expect(month.days).toHaveLength(30)
    } finally {
      t.app.clock.now = now
    }
  })

  it('lists the skus at or below the settings’ low-stock threshold, emptiest first', async () => {
    await t.db.execute(sql`update skus set stock_quantity = 50`)
    await setStock(t.db, a.skuId, 2)
    await setStock(t.db, b.skuId, 0)
    const { lowStock } = await dashboard('range=today')
    expect(lowStock.threshold).toBe(5)
    expect(lowStock.total).toBe(2)
    expect(lowStock.skus.map(({ skuId, productId, stock }) => ({ skuId, productId, stock }))).toEqual([
      { skuId: b.skuId, productId: b.productId, stock: 0 },
      { skuId: a.skuId, productId: a.productId, stock: 2 },
    ])
    const { settings, version } = await t.app.settings.current()
    await t.app.settings.save(version, { ...settings, lowStockThreshold: 1 }, { staffId: null, ip: null })
    const lower = (await dashboard('range=today')).lowStock
    expect(lower).toMatchObject({ threshold: 1, total: 1 })
    expect(lower.skus.map((sku) => sku.skuId)).toEqual([b.skuId])
  })

  it('shows staff the orders by status and the low stock, never the money', async () => {
    for (const path of [
      'dashboard?range=today',
      'reports/sales?from=2025-03-01&to=2025-03-03',
      'reports/sales.csv?from=2025-03-01&to=2025-03-03',
    ]) {
      const refused = await adminCall(t.app, 'GET', path, { as: team.staff })
      expect(refused.status, path).toBe(403)
    }
    const reply = await adminCall(
      t.app,
      'GET',
      'dashboard/orders?range=custom&from=2025-03-01&to=2025-03-03',
      {
        as: team.staff,
      },
    )
    expect(reply.status).toBe(200)
    const data = (reply.body as { data: DashboardOrders }).data
    expect(Object.keys(data).sort()).toEqual(['lowStock', 'range', 'statusCounts'])
    expect(data.statusCounts.find((entry) => entry.status === 'delivered')?.count).toBe(2)
  })

  it.each([
    ['range=custom', 'from'],
    ['range=custom&from=2025-03-01', 'to'],
    ['range=custom&from=2025-03-05&to=2025-03-01', 'to'],
    ['range=custom&from=2024-01-01&to=2025-01-01', 'to'],
    ['range=custom&from=2025-02-30&to=2025-03-01', 'from'],
    ['range=year', 'range'],
  ])('refuses %s in the error shape (400, %s)', async (query, field) => {
    const reply = await adminCall(t.app, 'GET', `dashboard?${query}`, { as: team.owner })
    expect(reply.status).toBe(400)
    expect((reply.body as { error: Record<string, string[]> }).error[field]).toEqual([expect.any(String)])
  })
})

describe('the sales report', () => {
  it('gives every day of the range, empty ones at 0', async () => {
    const data = await report('from=2025-03-01&to=2025-03-03&by=day')
    expect(data.rows.map(({ key, orders, units, revenue }) => ({ key, orders, units, revenue }))).toEqual([
      { key: '2025-03-01', orders: 1, units: 2, revenue: 1060 },
      { key: '2025-03-02', orders: 2, units: 4, revenue: 2720 },
      { key: '2025-03-03', orders: 0, units: 0, revenue: 0 },
    ])
    expect(data.totals).toEqual({ orders: 3, units: 6, revenue: 3780 })
  })

  it.each(['category', 'brand'] as const)('sums the items kept by %s', async (by) => {
    const data = await report(`from=2025-03-01&to=2025-03-03&by=${by}`)
    const [groupA, groupB] = [await groupOf(a), await groupOf(b)]
    const id = (group: typeof groupA) => String(by === 'category' ? group.categoryId : group.brandId)
    expect(data.rows.map(({ key, orders, units, revenue }) => ({ key, orders, units, revenue }))).toEqual([
      { key: id(groupA), orders: 2, units: 4, revenue: 2000 },
      { key: id(groupB), orders: 2, units: 2, revenue: 1600 },
    ])
    expect(data.rows[0]?.name).toBe(by === 'category' ? groupA.category : groupA.brand)
    // the order with both counts once in the whole
    expect(data.totals).toEqual({ orders: 3, units: 6, revenue: 3600 })
  })

  it('writes a category name a spreadsheet would run as text', async () => {
    const group = await groupOf(a)
    const name = '=HYPERLINK("http://evil.test","Click")'
    await t.db.update(categories).set({ name }).where(eq(categories.id, group.categoryId))
    try {
      const reply = await adminCall(
        t.app,
        'GET',
        'reports/sales.csv?from=2025-03-01&to=2025-03-03&by=category',
        {
          as: team.owner,
        },
      )
      expect(reply.status).toBe(200)
      const rows = parse((reply.body as { text: string }).text, { bom: true }) as string[][]
      expect(rows.map((row) => row[0])).toContain(`'${name}`)
    } finally {
      await t.db.update(categories).set({ name: group.category }).where(eq(categories.id, group.categoryId))
    }
  })

  it('downloads as CSV, the whole range last', async () => {
    const reply = await adminCall(t.app, 'GET', 'reports/sales.csv?from=2025-03-01&to=2025-03-03', {
      as: team.owner,
    })
    expect(reply.status).toBe(200)
    expect(String(reply.headers['content-disposition'])).toContain(
      'sales-by-day-2025-03-01-to-2025-03-03.csv',
    )
    const text = (reply.body as { text: string }).text
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(parse(text.slice(1))).toEqual([
      ['day', 'orders', 'items', 'revenue'],
      ['2025-03-01', '1', '2', '1060'],
      ['2025-03-02', '2', '4', '2720'],
      ['2025-03-03', '0', '0', '0'],
      ['total', '3', '6', '3780'],
    ])
  })

  it.each([
    ['from=2025-03-01', 'to'],
    ['from=2025-03-03&to=2025-03-01', 'to'],
    ['from=2025-01-01&to=2026-01-02', 'to'],
    ['from=2025-03-01&to=2025-03-03&by=week', 'by'],
  ])('refuses %s (400, %s)', async (query, field) => {
    const reply = await adminCall(t.app, 'GET', `reports/sales?${query}`, { as: team.owner })
    expect(reply.status).toBe(400)
    expect((reply.body as { error: Record<string, string[]> }).error[field]).toEqual([expect.any(String)])
  })
})
