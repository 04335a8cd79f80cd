import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, settings, skus } from '../../server/db/schema'
import type { ShopInfo, ShopSettings } from '../../src/contract/settings'
import { FAKE_GA4, type FakeGa4, startFakeGa4 } from '../fakes/ga4'
import { FAKE_META, type FakeMetaGraph, startFakeMetaGraph } from '../fakes/meta-graph'
import { adminCall, advanceClock, type StaffCredentials } from './admin-support'
import {
  api,
  dhakaAddress,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { staffTeam } from './orders-support'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

let t: TestApp
let meta: FakeMetaGraph
let ga4: FakeGa4
let owner: StaffCredentials
let staff: StaffCredentials
let items: SkuInfo[]
const logLines: string[] = []

beforeAll(async () => {
  meta = await startFakeMetaGraph()
  ga4 = await startFakeGa4()
  const site = mkdtempSync(join(tmpdir(), 'haat-pixel-site-'))
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html><head><title>Haat</title></head><body></body></html>',
  )
  t = await createTestApp({
    products: 8,
    config: { STATIC_DIR: site, META_GRAPH_URL: meta.url, GA4_COLLECT_URL: ga4.url },
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  })
  const team = await staffTeam(t.app, t.db, '0174900')
  owner = team.owner
  staff = team.staff
  items = await sellableSkus(t.db, 3)
  for (const item of items) await setStock(t.db, item.skuId, 100)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await meta?.close()
  await ga4?.close()
})

async function loadSettings() {
  const answer = await adminCall(t.app, 'GET', 'settings', { as: owner })
  expect(answer.status).toBe(200)
  return answer
}

async function saveMarketing(change: Partial<ShopSettings['marketing']>) {
  const loaded = (await loadSettings()).body.data as { settings: ShopSettings; version: number }
  const answer = await adminCall(t.app, 'PUT', 'settings', {
    as: owner,
    body: {
      version: loaded.version,
      settings: { ...loaded.settings, marketing: { ...loaded.settings.marketing, ...change } },
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer
}

const browserHeaders = {
  cookie:
    '_fbp=fb.1.1764000000000.1234567890; _fbc=fb.1.1764000000000.IwAR2fakeclick; _ga=GA1.1.987654321.1764000000',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile',
  referer: 'https://shop.example/checkout',
}

async function placeOrder(phone = freshPhone(), quantity = 2) {
  const sku = pick(items, 0)
  const reply = await api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: sku.skuId, quantity }], {
      customer: { name: 'Rahim Uddin', phone, email: '' },
    }),
    headers: { 'idempotency-key': newKey(), ...browserHeaders },
    ip: '103.4.145.2',
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const order = reply.body.data as { id: number; number: string; totals: { total: number } }
  return { ...order, total: order.totals.total }
}

const purchaseJobs = (orderId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(like(jobs.key, `%-purchase:${orderId}`))

async function pageCsp() {
  const page = await t.app.inject({ method: 'GET', url: '/' })
  return String(page.headers['content-security-policy'])
}

describe('the ad platforms, switched off', () => {
  it('hear nothing of an order, and the page allows none of their hosts', async () => {
    const order = await placeOrder()
    await t.app.jobs.runDue()
    expect(await purchaseJobs(order.id)).toEqual([])
    expect(meta.bodies).toEqual([])
    expect(ga4.requests).toEqual([])
    const shop = (await api(t.app, 'GET', 'shop')).body.data as ShopInfo
    expect(shop.track).toBeUndefined()
    expect(await pageCsp()).not.toMatch(/facebook|google-analytics|googletagmanager/)
  })
})

describe('the ad platforms, switched on by the owner', () => {
  beforeAll(async () => {
    await saveMarketing({
      metaPixelId: FAKE_META.pixelId,
      metaAccessToken: FAKE_META.accessToken,
      ga4MeasurementId: FAKE_GA4.measurementId,
      ga4ApiSecret: FAKE_GA4.apiSecret,
      askConsent: true,
    })
  })

  it('keep the token and secret sealed and answer them masked; the storefront gets the IDs alone', async () => {
    const loaded = await loadSettings()
    const marketing = (loaded.body.data as { settings: ShopSettings }).settings.marketing
    expect(marketing.metaAccessToken).toBe(`••••${FAKE_META.accessToken.slice(-4)}`)
    expect(marketing.ga4ApiSecret).toBe(`••••${FAKE_GA4.apiSecret.slice(-4)}`)
    const [row] = await t.db.select().from(settings)
    expect(JSON.stringify(row?.value)).not.toContain(FAKE_META.accessToken)
    expect(JSON.stringify(row?.value)).not.toContain(FAKE_GA4.apiSecret)
    const shop = await api(t.app, 'GET', 'shop')
    expect((shop.body.data as ShopInfo).track).toEqual({
      meta: FAKE_META.pixelId,
      ga: FAKE_GA4.measurementId,
      ask: true,
    })
    expect(JSON.stringify(shop.body)).not.toContain(FAKE_META.accessToken)
  })

  it('let the page load the pixel and gtag from their hosts and send to theirs', async () => {
    const csp = await pageCsp()
    expect(csp).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/www\.facebook\.com/)
    expect(csp).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/)
    expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/)
  })

  it('hear of a placed order once: one Purchase with the browser’s event ID, hashed number, value and SKUs', async () => {
    const order = await placeOrder('01712345678', 2)
    expect(meta.events()).toHaveLength(0) // queued, never sent while the shopper waits
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    const sent = meta.events().filter((event) => event.custom_data?.order_id === order.number)
    expect(sent).toHaveLength(1)
    const [purchase] = sent
    // the sku by its code, the product feeds' item id (docs/decisions/0031)
    const [sold] = await t.db
      .select({ code: skus.sku })
      .from(skus)
      .where(eq(skus.id, pick(items, 0).skuId))
    expect(purchase).toMatchObject({
      event_name: 'Purchase',
      event_id: `purchase-${order.number}`,
      action_source: 'website',
      event_source_url: 'https://shop.example/checkout',
      user_data: {
        ph: [sha256('8801712345678')],
        client_ip_address: '103.4.145.2',
        client_user_agent: browserHeaders['user-agent'],
        fbp: 'fb.1.1764000000000.1234567890',
        fbc: 'fb.1.1764000000000.IwAR2fakeclick',
      },
      custom_data: {
        currency: 'BDT',
        value: order.total,
        content_ids: [sold?.code],
        contents: [{ id: sold?.code, quantity: 2 }],
        content_type: 'product',
      },
    })
    const hits = ga4.hits.filter((hit) => hit.events[0]?.params.transaction_id === order.number)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({
      client_id: '987654321.1764000000',
      events: [
        {
          name: 'purchase',
          params: {
            currency: 'BDT',
            value: order.total,
            items: [{ item_id: sold?.code, quantity: 2 }],
          },
        },
      ],
    })
  })

  it('place the order while Meta fails, and send the Purchase when it answers again', async () => {
    meta.failNext(1, 500)
    ga4.failNext(1)
    const order = await placeOrder()
    await t.app.jobs.runDue()
    const mine = () => meta.events().filter((event) => event.custom_data?.order_id === order.number)
    expect(mine()).toHaveLength(0)
    const [failed] = (await purchaseJobs(order.id)).filter((job) => job.kind === 'meta-purchase')
    expect(failed?.lastError).toMatch(/answered 500/)
    advanceClock(t.app, 31_000)
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    expect(mine()).toHaveLength(1)
    expect(ga4.hits.filter((hit) => hit.events[0]?.params.transaction_id === order.number)).toHaveLength(1)
  })

  it('hear of an order taken by hand with where it was taken, and the number hashed', async () => {
    const phone = freshPhone()
    const reply = await adminCall(t.app, 'POST', 'orders', {
      as: staff,
      headers: { 'idempotency-key': newKey() },
      body: {
        source: 'whatsapp',
        language: 'en',
        customer: { name: 'Nasrin Akter', phone },
        address: { ...dhakaAddress, name: 'Nasrin Akter', phone },
        lines: [{ skuId: pick(items, 1).skuId, quantity: 1 }],
        notes: '',
      },
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const order = (reply.body as { data: { number: string } }).data
    await t.app.jobs.runDue()
    const [event] = meta.events().filter((sent) => sent.custom_data?.order_id === order.number)
    expect(event?.action_source).toBe('chat')
    expect(event?.user_data.ph).toEqual([sha256(`880${phone.slice(1)}`)])
    expect(event?.user_data.client_user_agent).toBeUndefined()
  })

  it('keep the token through a save that sends it back masked, and stop when it is removed', async () => {
    await saveMarketing({ askConsent: false })
    const kept = await placeOrder()
    await t.app.jobs.runDue()
    expect(meta.events().filter((event) => event.custom_data?.order_id === kept.number)).toHaveLength(1)

    await saveMarketing({ metaAccessToken: '', ga4ApiSecret: '' })
    const after = await placeOrder()
    await t.app.jobs.runDue()
    expect(await purchaseJobs(after.id)).toEqual([])
    expect(meta.events().filter((event) => event.custom_data?.order_id === after.number)).toHaveLength(0)
  })

  it('never give the token or the secret away: not in an answer, the audit log or the server’s log', async () => {
    const audit = await adminCall(t.app, 'GET', 'audit?limit=50', { as: owner })
    for (const text of [JSON.stringify(audit.body), logLines.join('\n')]) {
      expect(text).not.toContain(FAKE_META.accessToken)
      expect(text).not.toContain(FAKE_GA4.apiSecret)
    }
    expect(logLines.length).toBeGreaterThan(0)
    const [row] = await t.db.select().from(jobs).where(eq(jobs.kind, 'meta-purchase')).limit(1)
    expect(JSON.stringify(row)).not.toContain(FAKE_META.accessToken)
  })
})
