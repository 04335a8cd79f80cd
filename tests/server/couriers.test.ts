import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Courier,
  CourierRefused,
  type CourierStatus,
  CourierUnclear,
  type CourierUpdate,
  type Parcel,
} from '../../server/couriers/courier'
import { createPathao, isPathaoHandshake, PATHAO_WEBHOOK_REPLY } from '../../server/couriers/pathao'
import { createSteadfast } from '../../server/couriers/steadfast'
import {
  FAKE_PATHAO,
  type FakePathao,
  type Fault,
  fakePathaoFee,
  PATHAO_STATUS_EVENTS,
  type PathaoStatusSlug,
  startFakePathao,
} from '../fakes/pathao'
import {
  FAKE_STEADFAST,
  type FakeSteadfast,
  STEADFAST_DELIVERY_STATUSES,
  type SteadfastDeliveryStatus,
  startFakeSteadfast,
} from '../fakes/steadfast'

const DHANMONDI_ROAD_27 = { cityId: 1, zoneId: 101, areaId: 1001 }
let serial = 0
const parcel = (overrides: Partial<Parcel> = {}): Parcel => ({
  invoice: `HT-${Date.now().toString(36)}-${++serial}`,
  recipientName: 'Nusrat Jahan',
  recipientPhone: '01712345678',
  address: 'House 12, Road 27, Dhanmondi, Dhaka 1209',
  place: DHANMONDI_ROAD_27,
  codAmount: 1250,
  weightKg: 1.5,
  quantity: 2,
  description: 'Cotton saree x2',
  note: 'Call before coming',
  ...overrides,
})

const FAULTS: [string, Fault][] = [
  ['a timeout', { kind: 'timeout', ms: 1_500 }],
  ['a 500', { kind: 'http500' }],
  ['an answer that is not JSON', { kind: 'garbage' }],
  ['a dropped connection', { kind: 'drop' }],
]

/** A shop's webhook route in miniature: it believes what `courier.webhook` believes and answers as Pathao asks. */
async function webhookReceiver(courier: () => Courier) {
  const updates: CourierUpdate[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const update = courier().webhook?.(req.headers, body) ?? null
    if (update) updates.push(update)
    const ok = update !== null || isPathaoHandshake(body)
    res.writeHead(ok ? PATHAO_WEBHOOK_REPLY.status : 401, PATHAO_WEBHOOK_REPLY.headers).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/courier`,
    updates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('Pathao', () => {
  let fake: FakePathao
  let pathao: Courier
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>

  const connect = (options: Partial<Parameters<typeof createPathao>[0]> = {}, to: FakePathao = fake) =>
    createPathao({ ...FAKE_PATHAO, baseUrl: to.baseUrl, timeoutMs: 400, ...options })

  beforeAll(async () => {
    receiver = await webhookReceiver(() => pathao)
    fake = await startFakePathao({ webhookUrl: receiver.url })
    pathao = connect({
      // what the shop's records know from order.created webhooks
      bookedConsignment: async (invoice) =>
        receiver.updates.find((u) => u.invoice === invoice && u.raw === 'order.created')?.consignmentId ??
        null,
    })
  })
  afterAll(async () => {
    await fake.close()
    await receiver.close()
  })

  it('asks for one token for calls made at the same time', async () => {
    const own = await startFakePathao()
    try {
      const courier = connect({}, own)
      await Promise.all([courier.places?.cities(), courier.places?.zones(1), courier.places?.areas(101)])
      await courier.places?.cities()
      expect(own.tokenGrants).toEqual(['password'])
    } finally {
      await own.close()
    }
  })

  it('renews the token with its refresh token before it runs out', async () => {
    let clock = Date.UTC(2026, 0, 10)
    const own = await startFakePathao({ tokenTtlSeconds: 1_000, now: () => clock })
    try {
      const courier = connect({ now: () => clock }, own)
      await courier.places?.cities()
      clock += 800_000
      await courier.places?.cities()
      expect(own.tokenGrants).toEqual(['password'])
      clock += 150_000 // 950 s of 1 000: inside the last tenth
      await courier.places?.cities()
      expect(own.tokenGrants).toEqual(['password', 'refresh_token'])
      clock += 990_000 // the first token has expired; the renewed one still works
      await expect(courier.places?.cities()).resolves.toContainEqual({ id: 1, name: 'Dhaka' })
      expect(own.tokenGrants).toEqual(['password', 'refresh_token', 'refresh_token'])
    } finally {
      await own.close()
    }
  })

  it('takes a new token once when Pathao says the old one is no good', async () => {
    const booking = await pathao.book(parcel())
    fake.failNext('info', {
      kind: 'error',
      status: 401,
      body: { message: 'Unauthenticated.', type: 'error' },
    })
    const grants = fake.tokenGrants.length
    await expect(pathao.status(booking.consignmentId)).resolves.toMatchObject({ status: 'booked' })
    expect(fake.tokenGrants.length).toBe(grants + 1)
  })

  it('books a parcel and gives its consignment, fee and tracking page', async () => {
    const order = parcel()
    const booking = await pathao.book(order)
    const stored = fake.parcels.get(booking.consignmentId)
    expect(stored?.merchantOrderId).toBe(order.invoice)
    expect(booking).toEqual({
      consignmentId: stored?.consignmentId,
      trackingCode: stored?.consignmentId,
      fee: fakePathaoFee(1, 1.5),
      status: 'booked',
      raw: 'Pending',
    })
    expect(pathao.trackingUrl(booking, order.recipientPhone)).toBe(
      `https://merchant.pathao.com/tracking?consignment_id=${booking.consignmentId}&phone=01712345678`,
    )
  })

  it('hands Pathao the cash to collect, the weight and the place exactly', async () => {
    const booking = await pathao.book(parcel({ codAmount: 2_375, weightKg: 2.75, quantity: 3 }))
    expect(fake.parcels.get(booking.consignmentId)).toMatchObject({
      storeId: FAKE_PATHAO.storeId,
      amountToCollect: 2_375,
      itemWeight: 2.75,
      itemQuantity: 3,
      cityId: 1,
      zoneId: 101,
      areaId: 1001,
      deliveryType: 48,
      itemType: 2,
      specialInstruction: 'Call before coming',
      itemDescription: 'Cotton saree x2',
    })
  })

  it('sends a light parcel as Pathao’s least weight, and no place when we have none', async () => {
    const booking = await pathao.book(parcel({ weightKg: 0.2, place: null, codAmount: 0 }))
    expect(fake.parcels.get(booking.consignmentId)).toMatchObject({
      itemWeight: 0.5,
      cityId: null,
      zoneId: null,
      areaId: null,
      amountToCollect: 0,
    })
  })

  it('refuses a parcel Pathao finds invalid, field by field', async () => {
    const refusal = await pathao
      .book(parcel({ recipientPhone: '0171234', address: 'Dhaka', codAmount: 99.5 }))
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CourierRefused)
    expect(Object.keys((refusal as CourierRefused).fields).sort()).toEqual([
      'amount_to_collect',
      'recipient_address',
      'recipient_phone',
    ])
    expect((refusal as CourierRefused).message).toMatch(/422/)
  })

  it('books many: the good parcels are booked, the bad one says why', async () => {
    const good = [parcel(), parcel()]
    const bad = parcel({ place: { cityId: 1, zoneId: 201, areaId: null } })
    const results = await pathao.bookMany([good[0] as Parcel, bad, good[1] as Parcel])
    expect(results.map((r) => r.invoice)).toEqual([good[0]?.invoice, bad.invoice, good[1]?.invoice])
    expect(results[1]).toEqual({
      invoice: bad.invoice,
      error: expect.stringMatching(/recipient zone is invalid/),
    })
    for (const result of [results[0], results[2]]) {
      expect(result && 'booking' in result && fake.parcels.has(result.booking.consignmentId)).toBe(true)
    }
  })

  it.each(FAULTS)(
    'after %s the booking is unclear, and its order.created webhook finds it',
    async (_, fault) => {
      const order = parcel()
      fake.failNext('orders', fault)
      await expect(pathao.book(order)).rejects.toBeInstanceOf(CourierUnclear)
      await fake.idle()
      const stored = [...fake.parcels.values()].find((p) => p.merchantOrderId === order.invoice)
      expect(stored).toBeDefined()
      await expect(pathao.findByInvoice(order.invoice)).resolves.toEqual({
        consignmentId: stored?.consignmentId,
        trackingCode: stored?.consignmentId,
        fee: null,
        status: 'booked',
        raw: 'Pending',
      })
    },
  )

  it('stays unclear about an invoice no webhook has named', async () => {
    fake.failNext('orders', { kind: 'error', status: 503, body: { message: 'Service Unavailable' } })
    const order = parcel()
    await expect(pathao.book(order)).rejects.toBeInstanceOf(CourierUnclear)
    await expect(pathao.findByInvoice(order.invoice)).rejects.toBeInstanceOf(CourierUnclear)
    expect([...fake.parcels.values()].some((p) => p.merchantOrderId === order.invoice)).toBe(false)
  })

  const pathaoStatuses: [PathaoStatusSlug, CourierStatus][] = [
    ['Pending', 'booked'],
    ['Pickup_Requested', 'booked'],
    ['Assigned_for_Pickup', 'booked'],
    ['Picked', 'in_transit'],
    ['Pickup_Failed', 'on_hold'],
    ['Pickup_Cancelled', 'cancelled'],
    ['At_the_Sorting_HUB', 'in_transit'],
    ['In_Transit', 'in_transit'],
    ['Received_at_Last_Mile_HUB', 'in_transit'],
    ['Assigned_for_Delivery', 'in_transit'],
    ['Delivered', 'delivered'],
    ['Partial_Delivery', 'partly_delivered'],
    ['Return', 'returned'],
    ['Delivery_Failed', 'on_hold'],
    ['On_Hold', 'on_hold'],
    ['Payment_Invoice', 'unknown'],
    ['Paid_Return', 'returned'],
    ['Exchange', 'delivered'],
  ]

  it('covers every status the fake knows', () => {
    expect(pathaoStatuses.map(([slug]) => slug).sort()).toEqual(Object.keys(PATHAO_STATUS_EVENTS).sort())
  })

  it.each(pathaoStatuses)(
    'reads the status %s as %s, from the info call and from the webhook',
    async (slug, ours) => {
      const order = parcel()
      const booking = await pathao.book(order)
      await fake.idle()
      await fake.advance(booking.consignmentId, slug)
      await expect(pathao.status(booking.consignmentId)).resolves.toMatchObject({
        consignmentId: booking.consignmentId,
        invoice: order.invoice,
        status: ours,
        raw: slug,
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+06:00$/),
      })
      const heard = receiver.updates.findLast((u) => u.consignmentId === booking.consignmentId)
      expect(heard).toMatchObject({ invoice: order.invoice, status: ours, raw: PATHAO_STATUS_EVENTS[slug] })
    },
  )

  it('answers each genuine webhook with 202 and the integration secret Pathao checks', async () => {
    const booking = await pathao.book(parcel())
    await fake.idle()
    await fake.advance(booking.consignmentId, 'Delivered')
    const answers = fake.webhooks.filter((w) => w.consignmentId === booking.consignmentId)
    expect(answers.map((w) => [w.event, w.status, w.integrationSecret])).toEqual([
      ['order.created', 202, 'f3992ecc-59da-4cbe-a049-a13da2018d51'],
      ['order.delivered', 202, 'f3992ecc-59da-4cbe-a049-a13da2018d51'],
    ])
    await expect(fake.handshake()).resolves.toBe(true)
  })

  const signed = { 'content-type': 'application/json', 'x-pathao-signature': FAKE_PATHAO.webhookSecret }
  const payload = (event: string) => ({
    consignment_id: 'DL121224VS8TTJ',
    merchant_order_id: 'HT-1042',
    updated_at: '2024-12-27 23:53:23',
    timestamp: '2024-12-27T17:53:23+00:00',
    store_id: FAKE_PATHAO.storeId,
    event,
  })

  it('believes no webhook without the right signature', () => {
    expect(
      pathao.webhook?.({ ...signed, 'x-pathao-signature': 'guess' }, payload('order.delivered')),
    ).toBeNull()
    expect(pathao.webhook?.({ 'content-type': 'application/json' }, payload('order.delivered'))).toBeNull()
    expect(
      pathao.webhook?.({ ...signed, 'x-pathao-signature': ['guess', 'again'] }, payload('order.paid')),
    ).toBeNull()
    expect(pathao.webhook?.(signed, { event: 'order.delivered' })).toBeNull()
  })

  it.each([
    ['order.created', 'booked'],
    ['order.updated', 'unknown'],
    ['order.pickup-requested', 'booked'],
    ['order.assigned-for-pickup', 'booked'],
    ['order.picked', 'in_transit'],
    ['order.pickup-failed', 'on_hold'],
    ['order.pickup-cancelled', 'cancelled'],
    ['order.at-the-sorting-hub', 'in_transit'],
    ['order.at-sorting-hub', 'in_transit'],
    ['order.in-transit', 'in_transit'],
    ['order.received-at-last-mile-hub', 'in_transit'],
    ['order.assigned-for-delivery', 'in_transit'],
    ['order.delivered', 'delivered'],
    ['order.partial-delivery', 'partly_delivered'],
    ['order.returned', 'returned'],
    ['order.delivery-failed', 'on_hold'],
    ['order.on-hold', 'on_hold'],
    ['order.paid', 'unknown'],
    ['order.paid-return', 'returned'],
    ['order.exchanged', 'delivered'],
    ['order.return-id-created', 'returned'],
    ['order.return-in-transit', 'returned'],
    ['order.returned-to-merchant', 'returned'],
    ['order.something-new', 'unknown'],
  ])('maps the webhook event %s to %s', (event, ours) => {
    expect(
      pathao.webhook?.({ ...signed, 'X-PATHAO-Signature': FAKE_PATHAO.webhookSecret }, payload(event)),
    ).toEqual({
      consignmentId: 'DL121224VS8TTJ',
      invoice: 'HT-1042',
      status: ours,
      raw: event,
      at: '2024-12-27T17:53:23+00:00',
    })
  })

  it('prices a parcel by Pathao’s price plan', async () => {
    await expect(pathao.price?.({ place: DHANMONDI_ROAD_27, weightKg: 2.2 })).resolves.toBe(
      fakePathaoFee(1, 2.2),
    )
    await expect(
      pathao.price?.({ place: { cityId: 3, zoneId: 301, areaId: null }, weightKg: 0.3 }),
    ).resolves.toBe(110)
  })

  it('lists Pathao’s cities, their zones and their areas', async () => {
    await expect(pathao.places?.cities()).resolves.toEqual([
      { id: 1, name: 'Dhaka' },
      { id: 2, name: 'Chattogram' },
      { id: 3, name: 'Sylhet' },
    ])
    await expect(pathao.places?.zones(1)).resolves.toContainEqual({ id: 101, name: 'Dhanmondi' })
    await expect(pathao.places?.areas(102)).resolves.toEqual([
      { id: 1003, name: 'Gulshan 1' },
      { id: 1004, name: 'Gulshan 2' },
    ])
    await expect(pathao.places?.zones(99)).resolves.toEqual([])
  })

  it('says no secret in any error', async () => {
    const secrets = Object.values(FAKE_PATHAO)
      .map(String)
      .filter((s) => s.length > 8)
    const messages: string[] = []
    const collect = (error: unknown) => messages.push(String((error as Error).message))
    await connect({ password: 'not-the-password' }).places?.cities().catch(collect)
    await connect({ clientSecret: 'not-the-secret' }).places?.cities().catch(collect)
    for (const [, fault] of FAULTS) {
      fake.failNext('orders', fault)
      await pathao.book(parcel()).catch(collect)
    }
    fake.failNext('orders', {
      kind: 'error',
      status: 422,
      body: {
        message: `bad client ${FAKE_PATHAO.clientSecret}`,
        errors: { password: [FAKE_PATHAO.password] },
      },
    })
    await pathao.book(parcel()).catch((error: CourierRefused) => {
      collect(error)
      messages.push(...Object.values(error.fields).flat())
    })
    expect(messages).toHaveLength(8)
    for (const message of messages) for (const secret of secrets) expect(message).not.toContain(secret)
  })
})

describe('Steadfast', () => {
  let fake: FakeSteadfast
  let steadfast: Courier
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>
  const connect = (options: Partial<Parameters<typeof createSteadfast>[0]> = {}) =>
    createSteadfast({ ...FAKE_STEADFAST, baseUrl: fake.baseUrl, timeoutMs: 400, ...options })

  beforeAll(async () => {
    receiver = await webhookReceiver(() => steadfast)
    fake = await startFakeSteadfast({ webhookUrl: receiver.url })
    steadfast = connect()
  })
  afterAll(async () => {
    await fake.close()
    await receiver.close()
  })

  it('books a parcel and gives its consignment, tracking code and tracking page', async () => {
    const order = parcel()
    const booking = await steadfast.book(order)
    const stored = fake.parcels.get(booking.consignmentId)
    expect(booking).toEqual({
      consignmentId: String(stored?.consignmentId),
      trackingCode: stored?.trackingCode,
      fee: null,
      status: 'booked',
      raw: 'in_review',
    })
    expect(steadfast.trackingUrl(booking, order.recipientPhone)).toBe(
      `https://steadfast.com.bd/t/${stored?.trackingCode}`,
    )
  })

  it('hands Steadfast the cash to collect and the parcel’s words exactly', async () => {
    const order = parcel({ codAmount: 1_060.5, quantity: 4 })
    const booking = await steadfast.book(order)
    expect(fake.parcels.get(booking.consignmentId)).toMatchObject({
      invoice: order.invoice,
      recipientName: 'Nusrat Jahan',
      recipientPhone: '01712345678',
      recipientAddress: order.address,
      codAmount: 1_060.5,
      note: 'Call before coming',
      itemDescription: 'Cotton saree x2',
      totalLot: 4,
    })
  })

  it('refuses a parcel Steadfast finds invalid, field by field', async () => {
    const refusal = await steadfast
      .book(parcel({ invoice: 'HT 1042/ä', recipientPhone: '+8801712', codAmount: -5 }))
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CourierRefused)
    expect((refusal as CourierRefused).fields).toEqual({
      invoice: ['The invoice format is invalid.'],
      recipient_phone: ['The recipient phone must be 11 digits.'],
      cod_amount: ['The cod amount must be at least 0.'],
    })
  })

  it('refuses an invoice it has booked before', async () => {
    const order = parcel()
    await steadfast.book(order)
    const refusal = await steadfast.book({ ...order, codAmount: 10 }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CourierRefused)
    expect((refusal as CourierRefused).fields).toEqual({ invoice: ['The invoice has already been taken.'] })
  })

  it('takes a refusal that comes with HTTP 200', async () => {
    fake.failNext('create_order', {
      kind: 'error',
      status: 200,
      body: { status: 400, message: 'Invalid data' },
    })
    await expect(steadfast.book(parcel())).rejects.toThrow(/Steadfast refused .*\(400\): Invalid data/)
  })

  it('refuses keys it does not know', async () => {
    await expect(connect({ secretKey: 'wrong' }).book(parcel())).rejects.toBeInstanceOf(CourierRefused)
  })

  it('books many in one call: the good parcels are booked, the bad ones say so', async () => {
    const first = parcel()
    const taken = parcel()
    await steadfast.book(taken)
    const orders = [first, parcel({ recipientPhone: '123' }), taken, parcel()]
    const before = fake.calls.length
    const results = await steadfast.bookMany(orders)
    expect(fake.calls.slice(before)).toEqual([{ method: 'POST', path: '/api/v1/create_order/bulk-order' }])
    expect(results.map((r) => ('booking' in r ? 'booked' : 'refused'))).toEqual([
      'booked',
      'refused',
      'refused',
      'booked',
    ])
    expect(results.map((r) => r.invoice)).toEqual(orders.map((o) => o.invoice))
    const booked = results[0] as { booking: { consignmentId: string; trackingCode: string } }
    expect(fake.parcels.get(booked.booking.consignmentId)?.trackingCode).toBe(booked.booking.trackingCode)
    expect(results[1]).toMatchObject({ error: expect.stringMatching(/refused the parcel/) })
  })

  it('books nothing and calls nobody for an empty list', async () => {
    const before = fake.calls.length
    await expect(steadfast.bookMany([])).resolves.toEqual([])
    expect(fake.calls.length).toBe(before)
  })

  it('gives every parcel of a failed bulk call the reason', async () => {
    fake.failNext('bulk', { kind: 'timeout', ms: 1_500 })
    const orders = [parcel(), parcel()]
    const results = await steadfast.bookMany(orders)
    expect(results).toEqual(
      orders.map((o) => ({ invoice: o.invoice, error: expect.stringMatching(/did not answer/) })),
    )
  })

  it.each(FAULTS)('after %s the booking is unclear, and the invoice finds it', async (_, fault) => {
    const order = parcel()
    fake.failNext('create_order', fault)
    await expect(steadfast.book(order)).rejects.toBeInstanceOf(CourierUnclear)
    await expect(steadfast.findByInvoice(order.invoice)).resolves.toMatchObject({
      status: 'booked',
      raw: 'in_review',
    })
    // booking again cannot make a second parcel
    await expect(steadfast.book(order)).rejects.toBeInstanceOf(CourierRefused)
    expect([...fake.parcels.values()].filter((p) => p.invoice === order.invoice)).toHaveLength(1)
  })

  it('finds nothing under an invoice never booked', async () => {
    await expect(steadfast.findByInvoice('HT-never-booked')).resolves.toBeNull()
  })

  const steadfastStatuses: [SteadfastDeliveryStatus, CourierStatus][] = [
    ['in_review', 'booked'],
    ['pending', 'in_transit'],
    ['delivered_approval_pending', 'delivered'],
    ['delivered', 'delivered'],
    ['partial_delivered_approval_pending', 'partly_delivered'],
    ['partial_delivered', 'partly_delivered'],
    ['cancelled_approval_pending', 'cancelled'],
    ['cancelled', 'cancelled'],
    ['hold', 'on_hold'],
    ['unknown_approval_pending', 'unknown'],
    ['unknown', 'unknown'],
  ]

  it('covers every documented status', () => {
    expect(steadfastStatuses.map(([s]) => s).sort()).toEqual([...STEADFAST_DELIVERY_STATUSES].sort())
  })

  it.each(steadfastStatuses)(
    'reads the status %s as %s, by consignment and from the webhook',
    async (raw, ours) => {
      const order = parcel()
      const booking = await steadfast.book(order)
      await fake.advance(booking.consignmentId, raw)
      await expect(steadfast.status(booking.consignmentId)).resolves.toEqual({
        consignmentId: booking.consignmentId,
        invoice: null,
        status: ours,
        raw,
        at: null,
      })
      expect(receiver.updates.findLast((u) => u.consignmentId === booking.consignmentId)).toEqual({
        consignmentId: booking.consignmentId,
        invoice: order.invoice,
        status: ours,
        raw,
        at: expect.stringMatching(/\+06:00$/),
      })
    },
  )

  it('refuses to show a consignment it does not have', async () => {
    await expect(steadfast.status('999')).rejects.toBeInstanceOf(CourierRefused)
  })

  const note = {
    notification_type: 'delivery_status',
    consignment_id: 12345,
    invoice: 'INV-67890',
    cod_amount: 1500,
    status: 'Delivered',
    delivery_charge: 100,
    tracking_message: 'Your package has been delivered successfully.',
    updated_at: '2025-03-02 12:45:30',
  }

  it('believes a webhook with its Bearer token, and no other', () => {
    const bearer = { authorization: `Bearer ${FAKE_STEADFAST.webhookToken}` }
    expect(steadfast.webhook?.(bearer, note)).toEqual({
      consignmentId: '12345',
      invoice: 'INV-67890',
      status: 'delivered',
      raw: 'Delivered',
      at: '2025-03-02T12:45:30+06:00',
    })
    expect(steadfast.webhook?.({ authorization: 'Bearer guess' }, note)).toBeNull()
    expect(steadfast.webhook?.({}, note)).toBeNull()
    expect(connect({ webhookToken: undefined }).webhook?.(bearer, note)).toBeNull()
  })

  it('reads a tracking update as news that is not a status', () => {
    const update = steadfast.webhook?.(
      { Authorization: `Bearer ${FAKE_STEADFAST.webhookToken}` },
      {
        notification_type: 'tracking_update',
        consignment_id: 12345,
        invoice: 'INV-67890',
        tracking_message: 'Package arrived at the sorting center.',
        updated_at: '2025-03-02 13:15:00',
      },
    )
    expect(update).toMatchObject({ status: 'unknown', raw: 'Package arrived at the sorting center.' })
  })

  it("reads a number's record across Steadfast's merchants, and refuses or doubts as it answers", async () => {
    const phone = '01715550001'
    fake.setHistory(phone, { delivered: 7, cancelled: 3, reports: ['Refused two parcels'] })
    const own = await steadfast.book(parcel({ recipientPhone: phone }))
    await fake.advance(own.consignmentId, 'cancelled')
    expect(await steadfast.fraudCheck?.(phone)).toEqual({ total: 11, delivered: 7, cancelled: 4, reports: 1 })
    expect(await steadfast.fraudCheck?.('01715550002')).toEqual({
      total: 0,
      delivered: 0,
      cancelled: 0,
      reports: 0,
    })
    await expect(steadfast.fraudCheck?.('12345')).rejects.toBeInstanceOf(CourierRefused)
    await expect(connect({ apiKey: 'wrong-key' }).fraudCheck?.(phone)).rejects.toBeInstanceOf(CourierRefused)
    for (const [, fault] of FAULTS) {
      fake.failNext('fraud_check', fault)
      await expect(steadfast.fraudCheck?.(phone)).rejects.toBeInstanceOf(CourierUnclear)
    }
  })

  it('says no secret in any error', async () => {
    const secrets = Object.values(FAKE_STEADFAST)
    const messages: string[] = []
    const collect = (error: unknown) => messages.push(String((error as Error).message))
    await connect({ apiKey: 'wrong-key' }).book(parcel()).catch(collect)
    for (const [, fault] of FAULTS) {
      fake.failNext('create_order', fault)
      await steadfast.book(parcel()).catch(collect)
    }
    fake.failNext('create_order', {
      kind: 'error',
      status: 401,
      body: { status: 401, message: `Unknown key ${FAKE_STEADFAST.apiKey} / ${FAKE_STEADFAST.secretKey}` },
    })
    await steadfast.book(parcel()).catch(collect)
    expect(messages).toHaveLength(6)
    for (const message of messages) for (const secret of secrets) expect(message).not.toContain(secret)
  })
})
