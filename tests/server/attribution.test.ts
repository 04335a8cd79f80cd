import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingCounts, orders } from '../../server/db/schema'
import { LANDING_COOKIE } from '../../server/plugins/landing'
import type { AdminOrder } from '../../src/contract/admin-orders'
import type { Dashboard, SalesReport } from '../../src/contract/admin-reports'
import { dhakaDay } from '../../src/lib/dhaka-time'
import { adminCall, type StaffCredentials } from './admin-support'
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
import { orderDetail, type Staff, staffTeam } from './orders-support'

const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' }
const SHELL = '<!doctype html><html><head><title>Shop</title></head><body><div id="app"></div></body></html>'

let t: TestApp
let team: Staff
let items: SkuInfo[]
let site: string
let owner: StaffCredentials

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'haat-attribution-site-'))
  writeFileSync(join(site, 'index.html'), SHELL)
  t = await createTestApp({ products: 10, config: { STATIC_DIR: site } })
  team = await staffTeam(t.app, t.db, '0174600')
  owner = team.owner
  items = await sellableSkus(t.db, 4)
  for (const item of items) await setStock(t.db, item.skuId, 50)
}, 180_000)
afterAll(async () => {
  await t?.close()
  rmSync(site, { recursive: true, force: true })
})

type Answer = { status: number; landing: string | undefined; setCookie: string | undefined }

/** opens a page as a browser does, with the landing cookie it holds (if any) */
async function open(
  url: string,
  options: { landing?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...page,
      ...(options.landing ? { cookie: `${LANDING_COOKIE}=${options.landing}` } : {}),
      ...options.headers,
    },
  })
  const set = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((cookie) => cookie.startsWith(`${LANDING_COOKIE}=`))
  return {
    status: response.statusCode,
    setCookie: set,
    landing: set ? set.slice(LANDING_COOKIE.length + 1).split(';', 1)[0] : undefined,
  }
}

/** places a cash-on-delivery order as the shop's page does, with the landing cookie the browser holds */
async function order(landing: string | undefined, sku = pick(items, 0), quantity = 1) {
  const reply = await api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: sku.skuId, quantity }], {
      customer: { name: 'Rahim', phone: freshPhone(), email: '' },
    }),
    headers: { 'idempotency-key': newKey(), ...(landing ? { cookie: `${LANDING_COOKIE}=${landing}` } : {}) },
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as { id: number; totals: { total: number } }
}

const decoded = (landing: string | undefined) =>
  JSON.parse(Buffer.from(landing ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

describe('the landing cookie', () => {
  it("is set by the first page, HttpOnly, SameSite=Lax, for 90 days, with the address's tags", async () => {
    const first = await open('/?utm_source=facebook&utm_medium=paid&utm_campaign=eid&fbclid=abc')
    expect(first.status).toBe(200)
    expect(first.setCookie).toMatch(/HttpOnly/)
    expect(first.setCookie).toMatch(/SameSite=Lax/)
    expect(first.setCookie).toMatch(/Max-Age=7776000/)
    expect(first.setCookie).toMatch(/Path=\//)
    expect(first.setCookie).not.toMatch(/Secure/)
    expect(decoded(first.landing)).toMatchObject({ s: 'facebook', m: 'paid', c: 'eid', f: 'abc' })
  })

  it("is set by a product's page and by any address the app opens", async () => {
    expect((await open(`/product/${pick(items, 1).slug}?gclid=G1`)).landing).toBeDefined()
    expect((await open('/category/panjabi?utm_source=newsletter')).landing).toBeDefined()
  })

  it('keeps the first campaign: a later ad or link does not replace it', async () => {
    const first = (await open('/?utm_source=facebook&fbclid=abc')).landing
    expect((await open('/?gclid=later', { landing: first })).setCookie).toBeUndefined()
    expect(
      (await open('/', { landing: first, headers: { referer: 'https://www.google.com/' } })).setCookie,
    ).toBeUndefined()
    expect((await open('/cart', { landing: first })).setCookie).toBeUndefined()
  })

  it('is replaced by a campaign after a direct visit or a plain link', async () => {
    const direct = (await open('/')).landing
    expect(decoded(direct)).not.toHaveProperty('s')
    const linked = (await open('/', { landing: direct, headers: { referer: 'https://www.bing.com/search' } }))
      .landing
    expect(decoded(linked)).toMatchObject({ r: 'https://www.bing.com/search' })
    const ad = (await open('/?utm_source=instagram&utm_campaign=winter', { landing: linked })).landing
    expect(decoded(ad)).toMatchObject({ s: 'instagram', c: 'winter' })
  })

  it("takes no referrer from the shop's own pages", async () => {
    const own = await open('/', { headers: { referer: 'http://localhost/product/x', host: 'localhost' } })
    expect(decoded(own.landing)).not.toHaveProperty('r')
  })

  it('is not set for the API, built files, images, the back office or crawlers', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health?utm_source=x', headers: page })
    expect(String(api.headers['set-cookie'] ?? '')).not.toContain(LANDING_COOKIE)
    expect((await open('/assets/app.js?utm_source=x')).setCookie).toBeUndefined()
    expect((await open('/icon.png?utm_source=x')).setCookie).toBeUndefined()
    expect((await open('/admin?utm_source=x')).setCookie).toBeUndefined()
    expect(
      (await open('/?utm_source=x', { headers: { 'sec-fetch-dest': 'image' } })).setCookie,
    ).toBeUndefined()
    expect(
      (await open('/?utm_source=x', { headers: { 'user-agent': 'facebookexternalhit/1.1' } })).setCookie,
    ).toBeUndefined()
    expect(
      (await open('/?utm_source=x', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } }))
        .setCookie,
    ).toBeUndefined()
  })

  it('bounds oversize values and drops malformed ones', async () => {
    const long = 'ঈ'.repeat(3000)
    const answer = await open(
      `/?gclid=${'g'.repeat(3000)}&fbclid=${encodeURIComponent('a"b;c')}&utm_source=${encodeURIComponent(long)}&utm_campaign=${encodeURIComponent(long)}`,
    )
    expect(answer.status).toBe(200)
    expect(answer.setCookie?.length).toBeLessThan(3000)
    const kept = decoded(answer.landing)
    expect(new TextEncoder().encode(String(kept.s)).length).toBeLessThanOrEqual(100)
    expect(kept).not.toHaveProperty('f')
    expect(String(kept.g)).toHaveLength(500)
  })

  it('replaces a cookie that is not a landing, and a page with one still answers', async () => {
    for (const bad of ['%%%', 'e30', Buffer.from('{"a":"soon"}').toString('base64url')]) {
      const answer = await open('/?utm_source=facebook', { landing: bad })
      expect(answer.status).toBe(200)
      expect(decoded(answer.landing)).toMatchObject({ s: 'facebook' })
    }
  })
})

describe('Secure when the shop is served over https', () => {
  let secure: TestApp
  beforeAll(async () => {
    secure = await createTestApp({ products: 0, config: { PUBLIC_URL: 'https://shop.example' } })
  }, 120_000)
  afterAll(async () => {
    await secure?.close()
  })

  it('marks the cookie Secure and counts the shop address as its own', async () => {
    const response = await secure.app.inject({
      method: 'GET',
      url: '/?utm_source=facebook',
      headers: { ...page, referer: 'https://shop.example/product/x' },
    })
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(/Secure/)
    expect(decoded(cookie.slice(LANDING_COOKIE.length + 1).split(';', 1)[0])).not.toHaveProperty('r')
  })
})

describe('an order and where it came from', () => {
  it('stores the landing with the order, and the back office shows it', async () => {
    const landing = (await open('/?utm_source=facebook&utm_medium=paid&utm_campaign=eid&fbclid=abc')).landing
    const placed = await order(landing)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({ channel: 'facebook', medium: 'paid', campaign: 'eid', source: 'website' })
    expect(row?.attribution).toMatchObject({ source: 'facebook', fbclid: 'abc' })

    const detail: AdminOrder = await orderDetail(t.app, placed.id, owner)
    expect(detail.attribution).toMatchObject({
      channel: 'facebook',
      medium: 'paid',
      campaign: 'eid',
      clickIds: ['fbclid'],
      referrer: null,
    })
    expect(Date.parse(detail.attribution?.landedAt ?? '')).toBeGreaterThan(0)
  })

  it('counts an order without a landing as direct, and one taken by hand under its source alone', async () => {
    const placed = await order(undefined)
    expect((await orderDetail(t.app, placed.id, owner)).attribution).toMatchObject({
      channel: 'direct',
      landedAt: null,
    })
    const phone = freshPhone()
    const taken = await adminCall(t.app, 'POST', 'orders', {
      as: team.staff,
      headers: { 'idempotency-key': newKey() },
      body: {
        source: 'facebook',
        customer: { name: 'Nasrin', phone },
        address: { ...dhakaAddress, name: 'Nasrin', phone },
        lines: [{ skuId: pick(items, 2).skuId, quantity: 1 }],
      },
    })
    expect(taken.status, JSON.stringify(taken.body)).toBe(201)
    const takenOrder = (taken.body as { data: AdminOrder }).data
    expect(takenOrder.source).toBe('facebook')
    expect(takenOrder.attribution).toBeNull()
  })
})

describe('the reports by channel and campaign', () => {
  let report: Awaited<ReturnType<typeof reportFixture>>
  beforeAll(async () => {
    report = await reportFixture()
  }, 120_000)

  it('counts landings, sales, items and revenue by channel, matching the orders', async () => {
    const answer = await sales('channel')
    const facebook = answer.rows.find((row) => row.key === 'facebook')
    const google = answer.rows.find((row) => row.key === 'google')
    expect(facebook).toMatchObject({
      name: 'Facebook',
      nameBn: 'ফেসবুক',
      landings: report.landings.facebook,
      orders: report.orders.facebook.length,
      units: report.orders.facebook.length,
      revenue: report.revenue('facebook'),
    })
    expect(google).toMatchObject({
      landings: report.landings.google,
      orders: report.orders.google.length,
      revenue: report.revenue('google'),
    })
    const websiteSales = await t.db.select().from(orders).where(eq(orders.source, 'website'))
    expect(answer.totals.orders).toBe(websiteSales.length)
    expect(answer.totals.revenue).toBe(
      Math.round(websiteSales.reduce((sum, row) => sum + row.total, 0) * 100) / 100,
    )
  })

  it('splits a channel by medium and campaign', async () => {
    const answer = await sales('campaign')
    const eid = answer.rows.find(
      (row) => row.channel === 'facebook' && row.medium === 'paid' && row.campaign === 'eid',
    )
    // the fixture's four landings and two orders, with the first test's
    expect(eid?.orders).toBeGreaterThanOrEqual(report.placed.facebook.length)
    expect(eid?.landings).toBeGreaterThanOrEqual(4)
    expect(eid?.name).toBe('Facebook · paid · eid')
  })

  it('answers the same figures as CSV, with the conversion', async () => {
    const answer = await sales('channel')
    const csv = await adminCall(t.app, 'GET', `reports/sales.csv?from=${today()}&to=${today()}&by=channel`, {
      as: owner,
    })
    expect(csv.status).toBe(200)
    const rows = parse(String((csv.body as { text: string }).text).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[]
    const facebook = rows.find((row) => row.source === 'facebook')
    const row = answer.rows.find((entry) => entry.key === 'facebook')
    expect(facebook).toMatchObject({
      landings: String(row?.landings),
      orders: String(row?.orders),
      conversion_percent: (((row?.orders ?? 0) / (row?.landings ?? 1)) * 100).toFixed(2),
    })
    expect(Number(facebook?.revenue)).toBe(row?.revenue)
    expect(rows.at(-1)?.source).toBe('total')
  })

  it('shows the channels on the dashboard', async () => {
    const dashboard = await adminCall(t.app, 'GET', 'dashboard?range=today', { as: owner })
    const { channels } = (dashboard.body as { data: Dashboard }).data.figures
    const facebook = channels?.find((row) => row.channel === 'facebook')
    const fromReport = (await sales('channel')).rows.find((row) => row.key === 'facebook')
    expect(facebook).toMatchObject({
      landings: fromReport?.landings,
      sales: fromReport?.orders,
      revenue: fromReport?.revenue,
    })
  })

  it('is for owners and managers only', async () => {
    const refused = await adminCall(t.app, 'GET', `reports/sales?from=${today()}&to=${today()}&by=channel`, {
      as: team.staff,
    })
    expect(refused.status).toBe(403)
  })
})

describe('landings counted', () => {
  it('are bounded: past the day’s keys, made-up campaigns count as (other)', async () => {
    const fresh = await createTestApp({ products: 0 })
    try {
      for (let n = 0; n < 520; n++) {
        await fresh.app.inject({ method: 'GET', url: `/?utm_source=spam&utm_campaign=c${n}`, headers: page })
      }
      await fresh.app.landings.flush()
      const rows = await fresh.db.select().from(landingCounts)
      expect(rows.length).toBeLessThanOrEqual(501)
      expect(rows.reduce((sum, row) => sum + row.landings, 0)).toBe(520)
      expect(rows.find((row) => row.campaign === '(other)')?.landings).toBe(20)
    } finally {
      await fresh.close()
    }
  }, 120_000)
})

const today = () => dhakaDay(t.app.clock.now())

async function sales(by: 'channel' | 'campaign'): Promise<SalesReport> {
  const answer = await adminCall(t.app, 'GET', `reports/sales?from=${today()}&to=${today()}&by=${by}`, {
    as: owner,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body as { data: SalesReport }).data
}

/** landings from Facebook's Eid ad and Google's ads, some of whom buy; the counts written, the orders kept */
async function reportFixture() {
  await t.app.landings.flush()
  const before = await t.app.landings.between(today(), today())
  const landedBefore = (channel: string) =>
    before.filter((row) => row.channel === channel).reduce((sum, row) => sum + row.landings, 0)
  const facebookLandings: string[] = []
  for (let n = 0; n < 4; n++) {
    const landing = (await open(`/?utm_source=fb&utm_medium=paid&utm_campaign=eid&fbclid=f${n}`)).landing
    if (landing) facebookLandings.push(landing)
  }
  const googleLandings: string[] = []
  for (let n = 0; n < 3; n++) {
    const landing = (await open(`/?gclid=g${n}`)).landing
    if (landing) googleLandings.push(landing)
  }
  await t.app.landings.flush()
  const placed = {
    facebook: [await order(facebookLandings[0]), await order(facebookLandings[1], pick(items, 1))],
    google: [await order(googleLandings[0], pick(items, 3))],
  }
  const [rows, all] = [
    await t.db.select().from(orders).where(eq(orders.channel, 'facebook')),
    await t.db.select().from(orders).where(eq(orders.channel, 'google')),
  ]
  return {
    landings: {
      facebook: landedBefore('facebook') + facebookLandings.length,
      google: landedBefore('google') + googleLandings.length,
    },
    orders: { facebook: rows, google: all },
    placed,
    revenue: (channel: 'facebook' | 'google') =>
      Math.round((channel === 'facebook' ? rows : all).reduce((sum, row) => sum + row.total, 0) * 100) / 100,
  }
}
