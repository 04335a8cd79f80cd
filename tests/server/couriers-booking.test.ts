import { createServer, type OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PATHAO_WEBHOOK_REPLY } from '../../server/couriers/pathao'
import { jobs, orderStatusHistory, orders, shipments, skus } from '../../server/db/schema'
import { registerPaymentProvider } from '../../server/payments/providers'
import type { AdminOrder } from '../../src/contract/admin-orders'
import type { CourierName, ShipResult } from '../../src/contract/couriers'
import { FAKE_PATHAO, type FakePathao, startFakePathao } from '../fakes/pathao'
import { FAKE_STEADFAST, type FakeSteadfast, startFakeSteadfast } from '../fakes/steadfast'
import { adminCall, advanceClock, type StaffCredentials } from './admin-support'
import { api, createShopper, pick, type SkuInfo, sellableSkus, setStock, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import {
  moveAlong,
  orderDetail,
  payCallback,
  placeOrder,
  queuedTexts,
  type Staff,
  staffTeam,
  testGateway,
} from './orders-support'

// Booking parcels through the job queue against loopback fakes of Pathao's and Steadfast's APIs, and the
// couriers' word (webhook or poll) moving the orders on. Nothing of our own code is replaced.

let t: TestApp
let pathao: FakePathao
let steadfast: FakeSteadfast
let relay: { url: string; close: () => Promise<void> }
let team: Staff
let items: SkuInfo[]
let unregister: () => void

/** Pathao posts its webhooks over HTTP: this hands each to the app as it arrived, headers and body. */
async function webhookRelay(path: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !['host', 'content-length', 'connection', 'transfer-encoding'].includes(name),
      ),
    ) as Record<string, string>
    const answer = await t.app.inject({ method: 'POST', url: path, headers, payload: Buffer.concat(chunks) })
    res.writeHead(answer.statusCode, answer.headers as OutgoingHttpHeaders).end(answer.rawPayload)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  relay = await webhookRelay('/api/v1/couriers/pathao/webhook')
  pathao = await startFakePathao({ webhookUrl: relay.url })
  steadfast = await startFakeSteadfast()
  t = await createTestApp({
    products: 8,
    config: {
      PATHAO_BASE_URL: pathao.baseUrl,
      PATHAO_CLIENT_ID: FAKE_PATHAO.clientId,
      PATHAO_CLIENT_SECRET: FAKE_PATHAO.clientSecret,
      PATHAO_USERNAME: FAKE_PATHAO.username,
      PATHAO_PASSWORD: FAKE_PATHAO.password,
      PATHAO_STORE_ID: FAKE_PATHAO.storeId,
      PATHAO_WEBHOOK_SECRET: FAKE_PATHAO.webhookSecret,
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: FAKE_STEADFAST.apiKey,
      STEADFAST_SECRET_KEY: FAKE_STEADFAST.secretKey,
      STEADFAST_WEBHOOK_TOKEN: FAKE_STEADFAST.webhookToken,
      COURIER_TIMEOUT_MS: 1_000,
    },
  })
  team = await staffTeam(t.app, t.db)
  items = await sellableSkus(t.db, 4)
  for (const item of items) await setStock(t.db, item.skuId, 500)
  unregister = registerPaymentProvider(testGateway)
}, 180_000)
afterAll(async () => {
  unregister?.()
  await t?.close()
  await pathao?.close()
  await steadfast?.close()
  await relay?.close()
})

const ship = (ids: number[], courier: CourierName, as: StaffCredentials = team.staff) =>
  adminCall(t.app, 'POST', 'orders/ship', { as, body: { ids, courier } })

/** A cash-on-delivery order the shop has confirmed, of `quantity` of the i-th sku. */
async function confirmedOrder(quantity = 1, sku = 0) {
  const placed = await placeOrder(t.app, [{ skuId: pick(items, sku).skuId, quantity }])
  await moveAlong(t.app, placed.id, 'confirmed', team.staff)
  return placed
}

const detail = (id: number): Promise<AdminOrder> => orderDetail(t.app, id, team.owner)

/** Runs the queue until the fakes' webhooks have been answered and nothing more is due. */
async function settle() {
  for (let round = 0; round < 5; round++) {
    await pathao.idle()
    if ((await t.app.jobs.runDue()) === 0) break
  }
  await pathao.idle()
}

const pathaoParcels = (invoice: string) =>
  [...pathao.parcels.values()].filter((parcel) => parcel.merchantOrderId === invoice)
const steadfastParcels = (invoice: string) =>
  [...steadfast.parcels.values()].filter((parcel) => parcel.invoice === invoice)

async function historyCount(id: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
  return row?.n ?? 0
}

describe('booking a parcel', () => {
  it('books once under 20 parallel presses and repeated job runs, and ships the order with its tracking code', async () => {
    await t.db
      .update(skus)
      .set({ weightGrams: 700 })
      .where(eq(skus.id, pick(items, 0).skuId))
    const order = await confirmedOrder(2)
    const presses = await Promise.all(Array.from({ length: 20 }, () => ship([order.id], 'pathao')))
    expect(presses.map((press) => press.status)).toEqual(Array(20).fill(200))
    const results = presses.map((press) => press.body.data as ShipResult)
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(1)
    expect(results.flatMap((result) => result.skipped)).toEqual(
      Array(19).fill({ id: order.id, status: 'queued' }),
    )
    await settle()
    await settle()

    const [parcel, ...more] = pathaoParcels(order.number)
    expect(more).toEqual([])
    const total = (await detail(order.id)).totals.total
    expect(parcel).toMatchObject({
      recipientPhone: '01712345678',
      itemQuantity: 2,
      itemWeight: 1.4,
      amountToCollect: Math.round(total),
      // our Dhaka / Dhanmondi, found in Pathao's lists by name
      cityId: 1,
      zoneId: 101,
      areaId: null,
    })
    const shipped = await detail(order.id)
    expect(shipped).toMatchObject({
      status: 'shipped',
      courier: 'Pathao',
      trackingNumber: parcel?.consignmentId,
      shipment: {
        courier: 'pathao',
        state: 'booked',
        consignmentId: parcel?.consignmentId,
        trackingCode: parcel?.consignmentId,
        status: 'booked',
        codAmount: Math.round(total),
        fee: parcel?.deliveryFee,
        error: '',
      },
    })
    // confirmed → packed → shipped, each in the timeline, by the staff member who pressed
    expect(shipped.events.filter((event) => event.kind === 'status').map((event) => event.status)).toEqual([
      'pending',
      'confirmed',
      'packed',
      'shipped',
    ])
    expect(shipped.events.at(-1)?.by).toBe('Salma staff')
    const texts = await queuedTexts(t.db, order.id)
    expect(texts.filter((text) => text.key === `order-text:${order.id}:shipped`)).toEqual([
      {
        key: `order-text:${order.id}:shipped`,
        text: `Haat: order ${order.number} is on its way with Pathao, tracking number ${parcel?.consignmentId}.`,
      },
    ])

    // pressed again once booked: nothing more is queued or booked
    const again = await ship([order.id], 'pathao')
    expect(again.body.data).toEqual({ queued: 0, skipped: [{ id: order.id, status: 'shipped' }] })
    await settle()
    expect(pathaoParcels(order.number)).toHaveLength(1)
    const [books] = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, 'courier-book'), like(jobs.key, `courier-book:${order.id}:%`)))
    expect(books?.n).toBe(1)

    // the shopper's page shows the courier and its tracking link
    const lookup = await api(t.app, 'POST', 'orders/lookup', {
      body: { number: order.number, phone: order.phone },
      ip: '10.90.0.1',
    })
    expect(lookup.body.data).toMatchObject({
      courier: 'Pathao',
      trackingNumber: parcel?.consignmentId,
      trackingUrl: `https://merchant.pathao.com/tracking?consignment_id=${parcel?.consignmentId}&phone=01712345678`,
    })
  })

  it("books with the owner's mapping of our place to Pathao's", async () => {
    const mapped = await adminCall(t.app, 'PUT', 'couriers/places', {
      as: team.owner,
      body: {
        division: 'Dhaka',
        district: 'Dhaka',
        area: 'Dhanmondi',
        pathao: {
          cityId: 1,
          cityName: 'Dhaka',
          zoneId: 101,
          zoneName: 'Dhanmondi',
          areaId: 1002,
          areaName: 'Shankar',
        },
      },
    })
    expect(mapped.status).toBe(200)
    const order = await confirmedOrder()
    await ship([order.id], 'pathao')
    await settle()
    expect(pathaoParcels(order.number)).toEqual([
      expect.objectContaining({ cityId: 1, zoneId: 101, areaId: 1002 }),
    ])
    const forgotten = await adminCall(t.app, 'PUT', 'couriers/places', {
      as: team.manager,
      body: { division: 'Dhaka', district: 'Dhaka', area: 'Dhanmondi', pathao: null },
    })
    expect(forgotten.body).toEqual({ data: [] })
  })

  it('finds a booking whose answer was lost instead of booking it twice (Pathao)', async () => {
    const order = await confirmedOrder()
    pathao.failNext('orders', { kind: 'timeout', ms: 3_000 })
    await ship([order.id], 'pathao')
    await t.app.jobs.runDue()
    await pathao.idle()
    const waiting = await detail(order.id)
    expect(waiting.status).toBe('confirmed')
    expect(waiting.shipment).toMatchObject({
      state: 'queued',
      error: expect.stringMatching(/did not answer/),
    })
    expect(pathaoParcels(order.number)).toHaveLength(1)

    // the queue tries again: Pathao's order.created named the parcel, so it is looked up, not booked again
    advanceClock(t.app, 31_000)
    await settle()
    const [parcel, ...more] = pathaoParcels(order.number)
    expect(more).toEqual([])
    expect(await detail(order.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: parcel?.consignmentId,
      shipment: { state: 'booked', consignmentId: parcel?.consignmentId },
    })
    expect(pathao.calls.filter((call) => call.path === '/aladdin/api/v1/orders')).toHaveLength(
      [...pathao.parcels.values()].length,
    )
  })

  it('finds a booking whose answer was lost instead of booking it twice (Steadfast)', async () => {
    const order = await confirmedOrder()
    steadfast.failNext('create_order', { kind: 'timeout', ms: 3_000 })
    await ship([order.id], 'steadfast')
    await t.app.jobs.runDue()
    advanceClock(t.app, 31_000)
    await t.app.jobs.runDue()
    // Steadfast's record has the parcel but its documented answer not its ids: left to staff, not booked again
    expect(steadfastParcels(order.number)).toHaveLength(1)
    const left = await detail(order.id)
    expect(left.status).toBe('confirmed')
    expect(left.shipment).toMatchObject({
      state: 'failed',
      error: `Steadfast already has parcel ${order.number} but did not say its consignment: find it on Steadfast's page and ship the order by hand`,
    })
  })

  it("shows the courier's refusal on the order, and books when sent again", async () => {
    const order = await confirmedOrder()
    steadfast.failNext('create_order', {
      kind: 'error',
      status: 400,
      body: { status: 400, errors: { recipient_address: ['The recipient address field is required.'] } },
    })
    await ship([order.id], 'steadfast')
    await settle()
    const refused = await detail(order.id)
    expect(refused.status).toBe('confirmed')
    expect(refused.shipment).toMatchObject({
      courier: 'steadfast',
      state: 'failed',
      error: `Steadfast refused parcel ${order.number} (400): The recipient address field is required.`,
    })
    expect(steadfastParcels(order.number)).toEqual([])

    const retry = await ship([order.id], 'steadfast', team.manager)
    expect(retry.body.data).toEqual({ queued: 1, skipped: [] })
    await settle()
    const [parcel] = steadfastParcels(order.number)
    expect(await detail(order.id)).toMatchObject({
      status: 'shipped',
      courier: 'Steadfast',
      trackingNumber: parcel?.trackingCode,
      shipment: {
        state: 'booked',
        consignmentId: String(parcel?.consignmentId),
        trackingUrl: `https://steadfast.com.bd/t/${parcel?.trackingCode}`,
      },
    })
  })

  it('asks the courier to collect nothing for a paid order', async () => {
    const placed = await placeOrder(t.app, [{ skuId: pick(items, 1).skuId, quantity: 1 }], {
      paymentMethod: testGateway.method,
    })
    const { totals } = await detail(placed.id)
    expect((await payCallback(t.app, { number: placed.number, total: totals.total })).status).toBe(200)
    await ship([placed.id], 'steadfast')
    await settle()
    expect(steadfastParcels(placed.number)).toEqual([expect.objectContaining({ codAmount: 0 })])
    expect((await detail(placed.id)).shipment?.codAmount).toBe(0)
  })

  it('skips orders that are not confirmed or packed', async () => {
    const fresh = await placeOrder(t.app, [{ skuId: pick(items, 1).skuId, quantity: 1 }])
    const answer = await ship([fresh.id, 2_000_000], 'pathao')
    expect(answer.body.data).toEqual({
      queued: 0,
      skipped: [
        { id: fresh.id, status: 'pending' },
        { id: 2_000_000, status: 'not-found' },
      ],
    })
    const [row] = await t.db.select({ n: count() }).from(shipments).where(eq(shipments.orderId, fresh.id))
    expect(row?.n).toBe(0)
  })
})

describe("the couriers' word", () => {
  /** an order shipped with Pathao through the queue, and its consignment */
  async function shippedWithPathao(sku = 2) {
    const order = await confirmedOrder(1, sku)
    await ship([order.id], 'pathao')
    await settle()
    const consignment = pathaoParcels(order.number)[0]?.consignmentId
    if (!consignment) throw new Error('not booked')
    return { order, consignment }
  }

  it("moves the order to delivered on Pathao's genuine webhook, once however often it comes", async () => {
    const { order, consignment } = await shippedWithPathao()
    await pathao.advance(consignment, 'In_Transit')
    expect((await detail(order.id)).shipment).toMatchObject({ status: 'in_transit', raw: 'order.in-transit' })
    await pathao.advance(consignment, 'Delivered')
    const delivered = await detail(order.id)
    expect(delivered).toMatchObject({ status: 'delivered', shipment: { status: 'delivered' } })
    expect(delivered.events.at(-1)).toMatchObject({
      status: 'delivered',
      note: 'Pathao: order.delivered',
      by: null,
    })
    const history = await historyCount(order.id)

    // repeated, and older news after it: nothing changes
    await pathao.advance(consignment, 'Delivered')
    await pathao.advance(consignment, 'Assigned_for_Delivery')
    expect(await historyCount(order.id)).toBe(history)
    expect(await detail(order.id)).toMatchObject({ status: 'delivered', shipment: { status: 'delivered' } })
    expect(
      (await queuedTexts(t.db, order.id)).filter((text) => text.key === `order-text:${order.id}:delivered`),
    ).toHaveLength(1)
    // every call was answered as Pathao asks
    expect(pathao.webhooks.every((hook) => hook.status === 202 && hook.integrationSecret !== null)).toBe(true)
    expect(await pathao.handshake()).toBe(true)
  })

  it('changes nothing on a forged webhook, and still answers it as Pathao asks', async () => {
    const { order, consignment } = await shippedWithPathao()
    const before = await detail(order.id)
    for (const signature of ['wrong-secret', null]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/couriers/pathao/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-pathao-signature': signature } : {}),
        },
        payload: {
          event: 'order.delivered',
          consignment_id: consignment,
          merchant_order_id: order.number,
          timestamp: new Date().toISOString(),
        },
      })
      expect(answer.statusCode).toBe(202)
      expect(answer.headers['x-pathao-merchant-webhook-integration-secret']).toBe(
        PATHAO_WEBHOOK_REPLY.headers['X-Pathao-Merchant-Webhook-Integration-Secret'],
      )
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/couriers/pathao/webhook',
      headers: { 'content-type': 'application/json', 'x-pathao-signature': FAKE_PATHAO.webhookSecret },
      payload: '{not json',
    })
    expect(garbage.statusCode).toBe(202)
    const after = await detail(order.id)
    expect(after).toMatchObject({ status: 'shipped', version: before.version, shipment: before.shipment })

    const forgedSteadfast = await t.app.inject({
      method: 'POST',
      url: '/api/v1/couriers/steadfast/webhook',
      headers: { 'content-type': 'application/json', authorization: 'Bearer guessed' },
      payload: { notification_type: 'delivery_status', consignment_id: 1, status: 'delivered' },
    })
    expect(forgedSteadfast.statusCode).toBe(401)
    expect(forgedSteadfast.json()).toEqual({ error: { auth: ['The webhook could not be verified'] } })
  })

  it('polls Steadfast and returns the order, its stock back exactly once', async () => {
    const sku = pick(items, 3)
    const stockBefore = await stockOf(t.db, sku.skuId)
    const order = await confirmedOrder(3, 3)
    await ship([order.id], 'steadfast')
    await settle()
    const parcel = steadfastParcels(order.number)[0]
    if (!parcel) throw new Error('not booked')
    expect(await stockOf(t.db, sku.skuId)).toBe(stockBefore - 3)

    await steadfast.advance(String(parcel.consignmentId), 'pending')
    advanceClock(t.app, 31 * 60_000)
    await settle()
    expect(await detail(order.id)).toMatchObject({ status: 'shipped', shipment: { status: 'in_transit' } })

    await steadfast.advance(String(parcel.consignmentId), 'cancelled')
    advanceClock(t.app, 31 * 60_000)
    await settle()
    const returned = await detail(order.id)
    expect(returned).toMatchObject({
      status: 'returned',
      shipment: { status: 'cancelled', raw: 'cancelled' },
    })
    expect(returned.events.at(-1)).toMatchObject({ status: 'returned', note: 'Steadfast: cancelled' })
    expect(await stockOf(t.db, sku.skuId)).toBe(stockBefore)

    // the same word again, by webhook and by later polls: the stock stays
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/couriers/steadfast/webhook',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_STEADFAST.webhookToken}` },
      payload: {
        notification_type: 'delivery_status',
        consignment_id: parcel.consignmentId,
        invoice: order.number,
        status: 'cancelled',
        updated_at: '2026-01-10 12:00:00',
      },
    })
    expect(hook.statusCode).toBe(200)
    for (let poll = 0; poll < 2; poll++) {
      advanceClock(t.app, 31 * 60_000)
      await settle()
    }
    expect(await stockOf(t.db, sku.skuId)).toBe(stockBefore)
    expect((await detail(order.id)).status).toBe('returned')
    const [polls] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'courier-poll'))
    expect(polls?.n).toBeGreaterThanOrEqual(3)
  })

  it('returns the stock once when 20 copies of the same webhook arrive at the same time', async () => {
    const sku = pick(items, 1)
    const stockBefore = await stockOf(t.db, sku.skuId)
    const order = await confirmedOrder(2, 1)
    await ship([order.id], 'steadfast')
    await settle()
    const parcel = steadfastParcels(order.number)[0]
    if (!parcel) throw new Error('not booked')
    const hook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/couriers/steadfast/webhook',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${FAKE_STEADFAST.webhookToken}`,
        },
        payload: {
          notification_type: 'delivery_status',
          consignment_id: parcel.consignmentId,
          invoice: order.number,
          status: 'cancelled',
          updated_at: '2026-01-10 12:00:00',
        },
      })
    const answers = await Promise.all(Array.from({ length: 20 }, hook))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200))
    expect(await stockOf(t.db, sku.skuId)).toBe(stockBefore)
    const returns = (await detail(order.id)).events.filter((event) => event.status === 'returned')
    expect(returns).toHaveLength(1)
  })
})

describe('who may send parcels', () => {
  it('lets staff ship and refuses shoppers; places are for owners and managers', async () => {
    const order = await confirmedOrder()
    const shopper = await createShopper(t.db, '01739990001')
    expect(
      (
        await adminCall(t.app, 'POST', 'orders/ship', {
          shopper: shopper.token,
          body: { ids: [order.id], courier: 'pathao' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await adminCall(t.app, 'POST', 'orders/ship', { body: { ids: [order.id], courier: 'pathao' } }))
        .status,
    ).toBe(401)
    expect((await ship([order.id], 'pathao', team.staff)).status).toBe(200)
    expect((await adminCall(t.app, 'GET', 'couriers/places', { as: team.staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'couriers/places', { as: team.manager })).status).toBe(200)
    const cities = await adminCall(t.app, 'GET', 'couriers/pathao/cities', { as: team.owner })
    expect(cities.body.data).toEqual([
      { id: 1, name: 'Dhaka' },
      { id: 2, name: 'Chattogram' },
      { id: 3, name: 'Sylhet' },
    ])
    const zones = await adminCall(t.app, 'GET', 'couriers/pathao/zones/2', { as: team.owner })
    expect(zones.body.data).toEqual([
      { id: 201, name: 'Agrabad' },
      { id: 202, name: 'Panchlaish' },
    ])
    const couriers = await adminCall(t.app, 'GET', 'couriers', { as: team.staff })
    expect(couriers.body.data).toEqual([
      { name: 'pathao', label: 'Pathao', configured: true, webhook: true, places: true, records: false },
      {
        name: 'steadfast',
        label: 'Steadfast',
        configured: true,
        webhook: true,
        places: false,
        records: true,
      },
    ])
  })

  it("asks the couriers that keep one for the order's number record, for staff only", async () => {
    const order = await confirmedOrder()
    const { phone } = await detail(order.id)
    steadfast.setHistory(phone, { delivered: 4, cancelled: 6, reports: ['Fake order', 'Refused'] })
    const path = `orders/${order.id}/courier-records`
    const asked = await adminCall(t.app, 'GET', path, { as: team.staff })
    expect(asked.status).toBe(200)
    expect(asked.body.data).toEqual([
      { courier: 'steadfast', record: { total: 10, delivered: 4, cancelled: 6, reports: 2 } },
    ])
    // Steadfast down: said as unknown, never a 500
    steadfast.failNext('fraud_check', { kind: 'http500' })
    const down = await adminCall(t.app, 'GET', path, { as: team.staff })
    expect(down.body.data).toEqual([{ courier: 'steadfast', record: null }])
    const shopper = await createShopper(t.db, '01739990002')
    expect((await adminCall(t.app, 'GET', path, { shopper: shopper.token })).status).toBe(403)
    expect(
      (await adminCall(t.app, 'GET', 'orders/99999999/courier-records', { as: team.staff })).status,
    ).toBe(404)
  })

  it('says so when a courier is not set up', async () => {
    const bare = await createTestApp({ products: 0 })
    try {
      const owner = (await staffTeam(bare.app, bare.db, '0173200')).owner
      const answer = await adminCall(bare.app, 'POST', 'orders/ship', {
        as: owner,
        body: { ids: [1], courier: 'steadfast' },
      })
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({ error: { courier: ['Steadfast is not set up for this shop'] } })
      const bangla = await adminCall(bare.app, 'POST', 'orders/ship', {
        as: owner,
        body: { ids: [1], courier: 'pathao' },
        headers: { 'accept-language': 'bn' },
      })
      expect(bangla.body).toEqual({ error: { courier: ['এই দোকানে Pathao চালু করা নেই'] } })
      const lists = await adminCall(bare.app, 'GET', 'couriers/pathao/cities', { as: owner })
      expect(lists.status).toBe(409)
      const couriers = await adminCall(bare.app, 'GET', 'couriers', { as: owner })
      expect((couriers.body.data as { configured: boolean }[]).map((c) => c.configured)).toEqual([
        false,
        false,
      ])
      const [order] = await bare.db.select({ n: count() }).from(orders)
      expect(order?.n).toBe(0)
    } finally {
      await bare.close()
    }
  })
})
