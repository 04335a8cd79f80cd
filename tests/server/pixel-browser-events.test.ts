import { createHash } from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../server/db/schema'
import { browserEventLimits, META_EVENT } from '../../server/marketing/browser-events'
import type { ShopSettings } from '../../src/contract/settings'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { FAKE_GA4, type FakeGa4, startFakeGa4 } from '../fakes/ga4'
import { FAKE_META, type FakeMetaGraph, startFakeMetaGraph } from '../fakes/meta-graph'
import { adminCall, advanceClock, type StaffCredentials } from './admin-support'
import {
  api,
  createShopper,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { comeBack, staffTeam } from './orders-support'

/**
 * The pixel's browser events, posted by the tags' code to `POST /api/v1/events` and sent by the server to the
 * Conversions API under the same event ID; and a bKash order's Purchase, sent once its payment is captured.
 */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const SHOP = 'https://shop.example.com'

let t: TestApp
let meta: FakeMetaGraph
let ga4: FakeGa4
let bkash: FakeBkash
let owner: StaffCredentials
let items: SkuInfo[]

beforeAll(async () => {
  meta = await startFakeMetaGraph()
  ga4 = await startFakeGa4()
  bkash = await startFakeBkash()
  t = await createTestApp({
    products: 6,
    config: {
      ...fakeBkashConfig(bkash.baseUrl),
      PUBLIC_URL: SHOP,
      META_GRAPH_URL: meta.url,
      GA4_COLLECT_URL: ga4.url,
    },
  })
  owner = (await staffTeam(t.app, t.db, '0174800')).owner
  items = await sellableSkus(t.db, 2)
  for (const item of items) await setStock(t.db, item.skuId, 100)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await meta?.close()
  await ga4?.close()
  await bkash?.close()
})

async function saveMarketing(change: Partial<ShopSettings['marketing']>) {
  const loaded = (await adminCall(t.app, 'GET', 'settings', { as: owner })).body.data as {
    settings: ShopSettings
    version: number
  }
  const answer = await adminCall(t.app, 'PUT', 'settings', {
    as: owner,
    origin: SHOP,
    body: {
      version: loaded.version,
      settings: { ...loaded.settings, marketing: { ...loaded.settings.marketing, ...change } },
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

const browser = {
  cookie: '_fbp=fb.1.1764000000000.1234567890; _fbc=fb.1.1764000000000.IwAR2fakeclick',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile',
}

let ids = 0
const eventId = (name: string) => `${name}-1764000000000-t${++ids}`

const addToCart = (id = eventId('AddToCart')) => ({
  event: 'AddToCart',
  eventId: id,
  url: `${SHOP}/product/panjabi`,
  contentIds: ['PJ-001-M'],
  value: 1250,
  currency: 'BDT',
})

const post = (
  body: unknown,
  options: { ip?: string; token?: string; headers?: Record<string, string> } = {},
) =>
  api(t.app, 'POST', 'events', {
    body,
    ip: options.ip ?? '103.4.145.9',
    headers: { ...browser, ...options.headers },
    ...(options.token ? { token: options.token } : {}),
  })

const eventJobs = () => t.db.select().from(jobs).where(eq(jobs.kind, META_EVENT))
const sentWithId = (id: string) => meta.events().filter((event) => event.event_id === id)

describe('browser events with the Conversions API off', () => {
  it('are taken and dropped: no job, nothing sent', async () => {
    const reply = await post(addToCart())
    expect(reply.status).toBe(204)
    await t.app.jobs.runDue()
    expect(await eventJobs()).toEqual([])
    expect(meta.bodies).toEqual([])
  })
})

describe('browser events with the Conversions API on', () => {
  beforeAll(async () => {
    await saveMarketing({
      metaPixelId: FAKE_META.pixelId,
      metaAccessToken: FAKE_META.accessToken,
      ga4MeasurementId: FAKE_GA4.measurementId,
      ga4ApiSecret: FAKE_GA4.apiSecret,
    })
  })

  it('reach Meta once, under the browser’s event ID, with the browser, the page and the SKUs', async () => {
    const body = addToCart()
    const first = await post(body)
    const again = await post(body)
    expect([first.status, again.status]).toEqual([202, 202])
    expect(await eventJobs()).toHaveLength(1)
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    const sent = sentWithId(body.eventId)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      event_name: 'AddToCart',
      action_source: 'website',
      event_source_url: `${SHOP}/product/panjabi`,
      user_data: {
        client_ip_address: '103.4.145.9',
        client_user_agent: browser['user-agent'],
        fbp: 'fb.1.1764000000000.1234567890',
        fbc: 'fb.1.1764000000000.IwAR2fakeclick',
      },
      custom_data: { content_ids: ['PJ-001-M'], content_type: 'product', value: 1250, currency: 'BDT' },
    })
    expect(sent[0]?.user_data.ph).toBeUndefined()
  })

  it('name a signed-in shopper by the hashed number, and a page view by its page alone', async () => {
    const shopper = await createShopper(t.db, '01711111111')
    const id = eventId('PageView')
    const reply = await post({ event: 'PageView', eventId: id, url: `${SHOP}/` }, { token: shopper.token })
    expect(reply.status).toBe(202)
    await t.app.jobs.runDue()
    const [sent] = sentWithId(id)
    expect(sent?.user_data.ph).toEqual([sha256('8801711111111')])
    expect(sent?.custom_data).toBeUndefined()
    const [job] = (await eventJobs()).filter((row) => row.key === `${META_EVENT}:${id}`)
    expect(JSON.stringify(job?.payload)).not.toContain('01711111111')
  })

  it('refuse what is not one of the pixel’s events, in the error shape, and keep nothing', async () => {
    const before = (await eventJobs()).length
    const refusals = [
      { ...addToCart(), event: 'Purchase' },
      { ...addToCart(), eventId: 'x' },
      { ...addToCart(), url: 'javascript:alert(1)' },
      { ...addToCart(), contentIds: Array.from({ length: 101 }, (_, i) => `SKU-${i}`) },
      { ...addToCart(), value: -1 },
      { ...addToCart(), extra: 'field' },
    ]
    for (const body of refusals) {
      const reply = await post(body)
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const error = (reply.body as { error: Record<string, string[]> }).error
      expect(Object.values(error).flat().length).toBeGreaterThan(0)
    }
    const huge = await post({ ...addToCart(), url: `${SHOP}/${'a'.repeat(9000)}` })
    expect(huge.status).toBe(413)
    expect(huge.body).toMatchObject({ error: { body: [expect.any(String)] } })
    expect((await eventJobs()).length).toBe(before)
  })

  it('stop a flood from one address at the limit, however parallel, and queue no more than it', async () => {
    const limit = browserEventLimits.address.max * t.config.PER_ADDRESS_LIMIT_FACTOR
    const ip = '103.4.200.7'
    const before = (await eventJobs()).length
    const replies = await Promise.all(Array.from({ length: limit + 25 }, () => post(addToCart(), { ip })))
    const statuses = replies.map((reply) => reply.status)
    console.log(
      `events: ${statuses.filter((s) => s === 202).length} taken, ${statuses.filter((s) => s === 429).length} refused of ${limit + 25} parallel posts (limit ${limit} a minute)`,
    )
    expect(statuses.filter((status) => status === 202)).toHaveLength(limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(25)
    const refused = replies.find((reply) => reply.status === 429)
    expect(refused?.body).toMatchObject({ error: { event: [expect.stringMatching(/^Too many events\./)] } })
    expect(refused?.headers['retry-after']).toBeDefined()
    expect((await eventJobs()).length - before).toBe(limit)
    // another address is not held back by it
    expect((await post(addToCart(), { ip: '103.4.200.8' })).status).toBe(202)
    await t.app.jobs.runDue()
  })

  it('wait while Meta fails, and reach it when it answers again', async () => {
    meta.failNext(1, 500)
    const body = addToCart()
    expect((await post(body)).status).toBe(202)
    await t.app.jobs.runDue()
    expect(sentWithId(body.eventId)).toHaveLength(0)
    const [failed] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${META_EVENT}:${body.eventId}`))
    expect(failed?.lastError).toMatch(/answered 500/)
    advanceClock(t.app, 31_000)
    await t.app.jobs.runDue()
    expect(sentWithId(body.eventId)).toHaveLength(1)
  })
})

describe('a bKash order’s Purchase', () => {
  type Placed = { id: number; number: string; paymentRedirectUrl: string | null }
  async function placeBkash(index: number) {
    const reply = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: pick(items, index).skuId, quantity: 1 }], {
        paymentMethod: 'bkash',
        customer: { name: 'Rahim Uddin', phone: freshPhone(), email: '' },
      }),
      headers: { 'idempotency-key': newKey() },
      ip: `10.79.${index}.${Math.floor(Math.random() * 250)}`,
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    return reply.body.data as Placed
  }
  const purchaseJobs = (orderId: number) =>
    t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `%-purchase:${orderId}`))
  const reported = (number: string) => ({
    meta: meta.events().filter((event) => event.custom_data?.order_id === number).length,
    ga4: ga4.hits.filter((hit) => hit.events[0]?.params.transaction_id === number).length,
  })

  it('is reported once the payment is captured, once however often the shopper comes back', async () => {
    const order = await placeBkash(0)
    await t.app.jobs.runDue()
    expect(await purchaseJobs(order.id)).toEqual([])
    expect(reported(order.number)).toEqual({ meta: 0, ga4: 0 })

    const callback = bkash.pay(paymentIdOf(order.paymentRedirectUrl), 'success')
    await Promise.all([comeBack(t.app, callback), comeBack(t.app, callback), comeBack(t.app, callback)])
    expect(await purchaseJobs(order.id)).toHaveLength(2)
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    expect(reported(order.number)).toEqual({ meta: 1, ga4: 1 })
    const [purchase] = meta.events().filter((event) => event.custom_data?.order_id === order.number)
    expect(purchase?.event_id).toBe(`purchase-${order.number}`)
  })

  it('is never reported when the payment expires', async () => {
    const order = await placeBkash(1)
    advanceClock(t.app, 31 * 60_000)
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    expect(await purchaseJobs(order.id)).toEqual([])
    expect(reported(order.number)).toEqual({ meta: 0, ga4: 0 })
  })

  it('of a cash-on-delivery order is still reported when it is placed', async () => {
    const reply = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: pick(items, 0).skuId, quantity: 1 }]),
      headers: { 'idempotency-key': newKey() },
      ip: '10.80.0.1',
    })
    expect(reply.status).toBe(201)
    const order = reply.body.data as Placed
    expect(await purchaseJobs(order.id)).toHaveLength(2)
    await t.app.jobs.runDue()
    expect(reported(order.number)).toEqual({ meta: 1, ga4: 1 })
  })
})
