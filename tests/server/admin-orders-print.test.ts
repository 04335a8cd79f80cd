import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema'
import type { OrderPrintData } from '../../src/contract/admin-orders'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall } from './admin-support'
import { createShopper, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { insertOrder, placeOrder, type Staff, staffTeam } from './orders-support'

let t: TestApp
let team: Staff
let item: SkuInfo
const ids: Record<'cod' | 'prepaid' | 'shipped' | 'placed', number> = {
  cod: 0,
  prepaid: 0,
  shipped: 0,
  placed: 0,
}

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  team = await staffTeam(t.app, t.db, '0173400')
  item = pick(await sellableSkus(t.db, 1), 0)
  ids.cod = await insertOrder(t.db, item, {
    number: 'HT-250401-CODAA',
    phone: '01711400001',
    customerName: 'Rahim Uddin',
    createdAt: new Date('2025-04-01T04:00:00Z'),
    quantity: 2,
  })
  ids.prepaid = await insertOrder(t.db, item, {
    number: 'HT-250401-PAIDB',
    phone: '01811400002',
    customerName: 'Fatema Begum',
    createdAt: new Date('2025-04-01T05:00:00Z'),
    paymentMethod: 'bkash',
    paymentStatus: 'paid',
    status: 'confirmed',
    zone: 'outside_dhaka',
    total: 1500,
  })
  ids.shipped = await insertOrder(t.db, item, {
    number: 'HT-250401-SHIPC',
    phone: '01911400003',
    customerName: 'Salma Akter',
    createdAt: new Date('2025-04-01T06:00:00Z'),
    status: 'shipped',
  })
  await t.db
    .update(orders)
    .set({ courier: 'Pathao', trackingNumber: 'PT-778899' })
    .where(eq(orders.id, ids.shipped))
  ids.placed = (await placeOrder(t.app, [{ skuId: item.skuId, quantity: 1 }])).id

  // the shop's details as the owner saved them
  const loaded = await adminCall(t.app, 'GET', 'settings', { as: team.owner })
  const { settings, version } = loaded.body.data as { settings: ShopSettings; version: number }
  const saved = await adminCall(t.app, 'PUT', 'settings', {
    as: team.owner,
    body: {
      version,
      settings: {
        ...settings,
        name: { en: 'Haat Fashion', bn: '' },
        phones: ['01811-000222'],
        address: { en: 'House 7, Road 2, Banani, Dhaka', bn: 'বাড়ি ৭, রোড ২, বনানী, ঢাকা' },
      },
    },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}, 180_000)
afterAll(async () => t?.close())

async function print(query: string, as = team.staff) {
  const reply = await adminCall(t.app, 'GET', `orders/print${query}`, { as })
  return { status: reply.status, body: reply.body, data: reply.body.data as OrderPrintData }
}

describe('GET /admin/orders/print', () => {
  it('answers several orders in one call, in the order asked, with the shop’s details from its settings', async () => {
    const { status, data } = await print(`?ids=${ids.shipped},${ids.cod},${ids.prepaid}`)
    expect(status).toBe(200)
    expect(data.orders.map((order) => order.number)).toEqual([
      'HT-250401-SHIPC',
      'HT-250401-CODAA',
      'HT-250401-PAIDB',
    ])
    expect(data.missing).toEqual([])
    expect(data.shop).toEqual({
      name: { en: 'Haat Fashion', bn: 'Haat Fashion' },
      logo: null,
      phones: ['01811-000222'],
      address: { en: 'House 7, Road 2, Banani, Dhaka', bn: 'বাড়ি ৭, রোড ২, বনানী, ঢাকা' },
      email: 'support@haat.com.bd',
    })

    const [shipped, cod, prepaid] = data.orders
    expect(shipped).toMatchObject({ courier: 'Pathao', trackingNumber: 'PT-778899', status: 'shipped' })
    expect(cod).toMatchObject({
      id: ids.cod,
      customerName: 'Rahim Uddin',
      phone: '01711400001',
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      createdAt: '2025-04-01T04:00:00.000Z',
      totals: { subtotal: 940, deliveryCharge: 60, total: 1000 },
      paid: 0,
      collect: 1000,
      courier: null,
      trackingNumber: null,
    })
    expect(cod?.address).toMatchObject({ name: 'Rahim Uddin', phone: '01711400001', district: 'Dhaka' })
    expect(cod?.lines).toEqual([
      expect.objectContaining({
        skuId: item.skuId,
        sku: `SEED-${item.skuId}`,
        name: 'Seeded item',
        quantity: 2,
      }),
    ])
    // a paid online payment: nothing to collect at the door
    expect(prepaid).toMatchObject({ paymentMethod: 'bkash', paid: 1500, collect: 0, zone: 'outside_dhaka' })
  })

  it('prints an order placed at checkout with its lines’ prices and VAT', async () => {
    const { status, data } = await print(`?ids=${ids.placed}`, team.manager)
    expect(status).toBe(200)
    const [placed] = data.orders
    expect(placed?.lines).toHaveLength(1)
    const line = placed?.lines[0]
    expect(line).toMatchObject({ skuId: item.skuId, quantity: 1, unitPrice: item.price })
    expect(line?.lineTotal).toBe(line?.unitDiscountedPrice)
    expect(placed?.collect).toBe(placed?.totals.total)
    expect(placed?.paid).toBe(0)
  })

  it('skips ids of no order and names them, prints a repeated id once, and answers 404 when none exists', async () => {
    const { status, data } = await print(`?ids=${ids.cod},999999,${ids.cod},888888`)
    expect(status).toBe(200)
    expect(data.orders.map((order) => order.id)).toEqual([ids.cod])
    expect(data.missing).toEqual([999999, 888888])

    const none = await print('?ids=999999,888888')
    expect(none.status).toBe(404)
    expect(none.body).toEqual({ error: { order: ['Order not found'] } })
  })

  it.each([
    ['no ids', ''],
    ['an empty list', '?ids='],
    ['a word', '?ids=1,two'],
    ['zero', '?ids=0'],
    ['a trailing comma', '?ids=1,'],
    ['a negative id', '?ids=-1'],
    ['an id past the largest', '?ids=2147483648'],
  ])('refuses %s with 400 on `ids`', async (_name, query) => {
    const { status, body } = await print(query)
    expect(status).toBe(400)
    expect(Object.keys((body as { error: Record<string, string[]> }).error)).toEqual(['ids'])
  })

  it('takes at most 100 orders at once', async () => {
    const hundred = [ids.cod, ...Array.from({ length: 99 }, (_, i) => 500_000 + i)]
    const ok = await print(`?ids=${hundred.join(',')}`)
    expect(ok.status).toBe(200)
    expect(ok.data.orders).toHaveLength(1)
    expect(ok.data.missing).toHaveLength(99)

    const over = await print(`?ids=${[...hundred, 600_000].join(',')}`)
    expect(over.status).toBe(400)
    expect(over.body).toEqual({ error: { ids: ['At most 100 orders at once'] } })
  })

  it('answers every staff role; no session 401, a shopper 403', async () => {
    const path = `orders/print?ids=${ids.cod}`
    const shopper = await createShopper(t.db, '01741400009')
    expect((await adminCall(t.app, 'GET', path)).status).toBe(401)
    expect((await adminCall(t.app, 'GET', path, { shopper: shopper.token })).status).toBe(403)
    for (const as of [team.staff, team.manager, team.owner]) {
      expect((await adminCall(t.app, 'GET', path, { as })).status).toBe(200)
    }
  })
})
