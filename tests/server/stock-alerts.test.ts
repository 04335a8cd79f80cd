import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, products, skus, smsOutbox, stockAlerts } from '../../server/db/schema'
import { MAX_OPEN_PER_NUMBER } from '../../server/repositories/stock-alerts'
import { stockAlertLimits } from '../../server/routes/stock-alerts/index'
import { type FakePushService, startFakePushService } from '../fakes/push-service'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import {
  api,
  createShopper,
  freshPhone,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

/**
 * Back in stock (docs/decisions/0040): a shopper asks to be told about a sold-out sku; when its stock comes
 * back from 0 to N, the first N waiting are texted once, in order of request, through the job queue.
 */

let t: TestApp
let items: SkuInfo[]
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let ipCounter = 0
/** a client address of its own for each caller, so that one test's requests do not count against another's */
const freshIp = () => `127.0.9.${++ipCounter}`

beforeAll(async () => {
  t = await createTestApp({ products: 30 })
  items = await sellableSkus(t.db, 30)
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01710000001', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01710000002', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01710000003', role: 'staff' }))
})
afterAll(() => t?.close())

let skuCounter = 0
/** A sku of its own (a product no other test here touches), sold out. */
async function soldOut(): Promise<SkuInfo> {
  const item = pick(items, skuCounter++)
  await setStock(t.db, item.skuId, 0)
  return item
}

/** runs the queue until the alerts are told: their jobs first, then the texts or pushes those queue */
async function tellWaiting() {
  await t.app.jobs.runDue()
  await t.app.jobs.runDue()
}

const ask = (body: unknown, ip = freshIp(), token?: string) =>
  api(t.app, 'POST', 'stock-alerts', { body, ip, ...(token ? { token } : {}) })

/** the texts sent to `phone`, oldest first */
async function textsTo(phone: string): Promise<string[]> {
  const rows = await t.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(asc(smsOutbox.id))
  return rows.map((row) => row.body)
}

async function alertsOf(skuId: number) {
  return t.db
    .select()
    .from(stockAlerts)
    .where(eq(stockAlerts.skuId, skuId))
    .orderBy(asc(stockAlerts.requestedAt), asc(stockAlerts.id))
}

describe('asking to be told', () => {
  it('refuses what is not a sku and a mobile number, field by field, and writes nothing', async () => {
    const { skuId } = await soldOut()
    const bad = await ask({ sku: skuId, phone: '12345', language: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: { phone: [expect.stringContaining('valid mobile number')] } })
    const noSku = await ask({ phone: freshPhone(), language: 'en' })
    expect(noSku.status).toBe(400)
    expect(Object.keys((noSku.body as { error: object }).error)).toEqual(['sku'])
    const language = await ask({ sku: skuId, phone: freshPhone(), language: 'fr' })
    expect(language.status).toBe(400)
    expect(await alertsOf(skuId)).toHaveLength(0)
  })

  it('takes the number in every accepted spelling, answers in the page language, and keeps it as 01…', async () => {
    const { skuId } = await soldOut()
    const english = await ask({ sku: skuId, phone: '+8801711-000101', language: 'en' })
    expect(english.status).toBe(201)
    expect(english.body).toEqual({ data: { message: "We'll text you when it's back" } })
    const bangla = await ask({ sku: skuId, phone: '০১৭১১০০০১০২', language: 'bn' })
    expect(bangla.status).toBe(201)
    expect(bangla.body).toEqual({ data: { message: 'ফিরে এলে আমরা আপনাকে SMS করে জানাব' } })
    const rows = await alertsOf(skuId)
    expect(rows.map((row) => [row.phone, row.language])).toEqual([
      ['01711000101', 'en'],
      ['01711000102', 'bn'],
    ])
  })

  it('keeps the signed-in shopper on the request', async () => {
    const { skuId } = await soldOut()
    const phone = freshPhone()
    const shopper = await createShopper(t.db, phone)
    expect((await ask({ sku: skuId, phone, language: 'en' }, freshIp(), shopper.token)).status).toBe(201)
    expect((await alertsOf(skuId)).map((row) => row.userId)).toEqual([shopper.id])
  })

  it('answers a repeat with the same success and keeps one request', async () => {
    const { skuId } = await soldOut()
    const phone = freshPhone()
    const first = await ask({ sku: skuId, phone, language: 'en' })
    const again = await ask({ sku: skuId, phone, language: 'bn' })
    expect(again.status).toBe(first.status)
    expect(again.body).toEqual({ data: { message: 'ফিরে এলে আমরা আপনাকে SMS করে জানাব' } })
    expect((await alertsOf(skuId)).filter((row) => row.phone === phone)).toHaveLength(1)
  })

  it('refuses a sku in stock and one that is not sold', async () => {
    const inStock = pick(items, skuCounter++)
    await setStock(t.db, inStock.skuId, 4)
    const refused = await ask({ sku: inStock.skuId, phone: freshPhone(), language: 'en' })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      error: { sku: ['This size or colour is in stock: add it to your cart'] },
    })
    const missing = await ask({ sku: 99_999_999, phone: freshPhone(), language: 'en' })
    expect(missing.status).toBe(404)
  })

  it(`lets one number wait for at most ${MAX_OPEN_PER_NUMBER} skus at once`, async () => {
    const phone = freshPhone()
    const ip = freshIp()
    for (let i = 0; i < MAX_OPEN_PER_NUMBER; i += 1) {
      const { skuId } = await soldOut()
      expect((await ask({ sku: skuId, phone, language: 'en' }, ip)).status).toBe(201)
    }
    const extra = await soldOut()
    const refused = await ask({ sku: extra.skuId, phone, language: 'en' }, ip)
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ error: { phone: [expect.stringContaining('already waiting for')] } })
    const open = await t.db.select().from(stockAlerts).where(eq(stockAlerts.phone, phone))
    expect(open).toHaveLength(MAX_OPEN_PER_NUMBER)
  })

  it('counts requests per number and per address, and says how long to wait', async () => {
    const { skuId } = await soldOut()
    const phone = freshPhone()
    for (let i = 0; i < stockAlertLimits.number.max; i += 1) {
      expect((await ask({ sku: skuId, phone, language: 'en' })).status).toBe(201)
    }
    // refusals are written in the language the page's requests ask for
    const perNumber = await api(t.app, 'POST', 'stock-alerts', {
      body: { sku: skuId, phone, language: 'bn' },
      ip: freshIp(),
      headers: { 'accept-language': 'bn' },
    })
    expect(perNumber.status).toBe(429)
    expect(perNumber.headers['retry-after']).toBeDefined()
    expect(perNumber.body).toEqual({ error: { phone: [expect.stringContaining('জানানোর জন্য')] } })

    const ip = freshIp()
    for (let i = 0; i < stockAlertLimits.address.max * t.config.PER_ADDRESS_LIMIT_FACTOR; i += 1) {
      expect((await ask({ sku: skuId, phone: freshPhone(), language: 'en' }, ip)).status).toBe(201)
    }
    const perAddress = await ask({ sku: skuId, phone: freshPhone(), language: 'en' }, ip)
    expect(perAddress.status).toBe(429)
    expect(perAddress.body).toEqual({ error: { phone: [expect.stringContaining('Too many requests')] } })
  })
})

describe('when the stock comes back', () => {
  /** five shoppers waiting for a sold-out sku, in this order */
  async function fiveWaiting() {
    const item = await soldOut()
    const phones: string[] = []
    for (let n = 0; n < 5; n += 1) {
      const phone = freshPhone()
      phones.push(phone)
      expect((await ask({ sku: item.skuId, phone, language: 'en' })).status).toBe(201)
    }
    return { item, phones }
  }

  it('texts the first 2 of 5 at stock 2, and the next 3 after the next restock, each once', async () => {
    const { item, phones } = await fiveWaiting()
    // the back office raises it, as the owner does
    const raised = await adminCall(t.app, 'PATCH', `skus/${item.skuId}`, {
      as: owner,
      body: { stockQuantity: 2 },
    })
    expect(raised.status).toBe(200)
    await tellWaiting()
    const told = await Promise.all(phones.map(async (phone) => (await textsTo(phone)).length))
    expect(told).toEqual([1, 1, 0, 0, 0])
    const [text] = await textsTo(phones[0] as string)
    const [product] = await t.db.select().from(products).where(eq(products.id, item.productId))
    const [sku] = await t.db.select().from(skus).where(eq(skus.id, item.skuId))
    expect(text).toContain(`${product?.name}`)
    expect(text).toContain('is back in stock')
    expect(text).toContain(`/product/${item.slug}?sku=${encodeURIComponent(sku?.sku ?? '')}`)

    // sold out again, then back with more than are waiting: the other 3, and nobody twice
    await setStock(t.db, item.skuId, 0)
    await tellWaiting()
    await setStock(t.db, item.skuId, 7)
    await tellWaiting()
    await setStock(t.db, item.skuId, 0)
    await setStock(t.db, item.skuId, 7)
    await tellWaiting()
    const after = await Promise.all(phones.map(async (phone) => (await textsTo(phone)).length))
    expect(after).toEqual([1, 1, 1, 1, 1])
    expect((await alertsOf(item.skuId)).every((row) => row.notifiedAt !== null)).toBe(true)
  })

  it('tells nobody while the stock stays 0', async () => {
    const { item, phones } = await fiveWaiting()
    await t.db
      .update(skus)
      .set({ stockQuantity: 0, price: sql`${skus.price} + 1` })
      .where(eq(skus.id, item.skuId))
    await tellWaiting()
    for (const phone of phones) expect(await textsTo(phone)).toEqual([])
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, 'stock-alert'))
    const mine = new Set((await alertsOf(item.skuId)).map((row) => row.id))
    expect(queued.filter((job) => mine.has((job.payload as { alert: number }).alert))).toEqual([])
  })

  it('tells each shopper once when restocks run side by side', async () => {
    const { item, phones } = await fiveWaiting()
    // three writers each add 2 at once: the first to hold the row raises it from 0 and tells 2; the others do not
    await Promise.all(
      [1, 2, 3].map(() =>
        t.db.transaction(async (tx) => {
          await tx
            .update(skus)
            .set({ stockQuantity: sql`${skus.stockQuantity} + 2` })
            .where(eq(skus.id, item.skuId))
        }),
      ),
    )
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()])
    await tellWaiting()
    const told = await Promise.all(phones.map(async (phone) => (await textsTo(phone)).length))
    console.log('texts per waiting shopper after three parallel restocks of 2:', told.join(' '))
    expect(told).toEqual([1, 1, 0, 0, 0])
    const [row] = await t.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.id, item.skuId))
    expect(row?.stock).toBe(6)
  })

  it('pushes to a signed-in shopper who allowed notifications, instead of texting, once per browser', async () => {
    const pushService: FakePushService = await startFakePushService()
    try {
      const item = await soldOut()
      const phone = freshPhone()
      const shopper = await createShopper(t.db, phone)
      const browser = pushService.subscribe()
      const subscribed = await api(t.app, 'POST', 'push/subscriptions', {
        token: shopper.token,
        body: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
      })
      expect(subscribed.status).toBe(201)
      expect((await ask({ sku: item.skuId, phone, language: 'en' }, freshIp(), shopper.token)).status).toBe(
        201,
      )
      await setStock(t.db, item.skuId, 3)
      await tellWaiting()
      const pushes = pushService.received.filter((push) => push.subscription === browser.id)
      expect(pushes).toHaveLength(1)
      const message = JSON.parse(pushes[0]?.text ?? '{}') as { title: string; body: string; url: string }
      const [product] = await t.db.select().from(products).where(eq(products.id, item.productId))
      expect(message.title).toBe(await t.app.settings.shopName('en'))
      expect(message.body).toMatch(new RegExp(`^${product?.name}.* is back in stock: tap to order it$`))
      expect(message.url).toMatch(new RegExp(`^/product/${item.slug}\\?sku=`))
      expect(await textsTo(phone)).toEqual([])
      await tellWaiting()
      expect(pushService.received.filter((push) => push.subscription === browser.id)).toHaveLength(1)
    } finally {
      await pushService.close()
    }
  })

  it('writes the text in Bangla for a request made in Bangla, with the shop and product named in Bangla', async () => {
    const item = await soldOut()
    await t.db.update(products).set({ nameBn: 'সুতির পাঞ্জাবি' }).where(eq(products.id, item.productId))
    const phone = freshPhone()
    expect((await ask({ sku: item.skuId, phone, language: 'bn' })).status).toBe(201)
    await setStock(t.db, item.skuId, 1)
    await tellWaiting()
    const [text] = await textsTo(phone)
    const shopBn = await t.app.settings.shopName('bn')
    expect(text).toMatch(new RegExp(`^${shopBn}: সুতির পাঞ্জাবি .*আবার স্টকে এসেছে। এখানে অর্ডার করুন: http`))
  })
})

describe('the waiting-for-stock report', () => {
  it('is for managers and owners, not staff, and lists the most wanted first', async () => {
    expect((await adminCall(t.app, 'GET', 'reports/waiting-for-stock', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'reports/waiting-for-stock')).status).toBe(401)
    const answer = await adminCall(t.app, 'GET', 'reports/waiting-for-stock', { as: manager })
    expect(answer.status).toBe(200)
    const rows = (answer.body as { data: { skuId: number; waiting: number; oldestRequest: string }[] }).data
    expect(rows.length).toBeGreaterThan(1)
    const counts = rows.map((row) => row.waiting)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    const open = await t.db
      .select({ skuId: stockAlerts.skuId })
      .from(stockAlerts)
      .where(and(sql`notified_at is null`, sql`cancelled_at is null`))
    for (const row of rows) {
      expect(row.waiting).toBe(open.filter((alert) => alert.skuId === row.skuId).length)
    }
    const ownerAnswer = await adminCall(t.app, 'GET', 'reports/waiting-for-stock', { as: owner })
    expect(ownerAnswer.status).toBe(200)
  })

  it("gives one product's skus with their counts to the product editor", async () => {
    const item = await soldOut()
    for (let n = 0; n < 3; n += 1) {
      expect((await ask({ sku: item.skuId, phone: freshPhone(), language: 'en' })).status).toBe(201)
    }
    const answer = await adminCall(t.app, 'GET', `reports/waiting-for-stock?productId=${item.productId}`, {
      as: manager,
    })
    expect(answer.status).toBe(200)
    expect((answer.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ skuId: item.skuId, productId: item.productId, waiting: 3, stockQuantity: 0 }),
    ])
  })
})
