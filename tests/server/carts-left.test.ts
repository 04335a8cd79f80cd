import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartsLeft, orders } from '../../server/db/schema'
import { type FakePushService, startFakePushService } from '../fakes/push-service'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
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
import { saveSettings } from './orders-support'

/**
 * Carts left behind (docs/carts-left-behind.md, docs/decisions/0041): a shopper who gave their number and left a
 * cart is reminded once, after the owner's delay, outside Dhaka's quiet hours, with a link that restores the
 * cart; an order after the reminder is counted as recovered.
 */

const HOUR = 3_600_000
let t: TestApp
let items: SkuInfo[]
let manager: StaffCredentials
let staff: StaffCredentials
let ipCounter = 0
const freshIp = () => `127.0.41.${++ipCounter}`

/** today at `hour`:00 UTC (Dhaka is UTC+6): every test sets the app's clock itself */
function setClock(hourUtc: number, dayOffset = 0) {
  const at = new Date()
  at.setUTCHours(hourUtc, 0, 0, 0)
  at.setUTCDate(at.getUTCDate() + dayOffset)
  t.app.clock.now = () => new Date(at)
  return at
}
function advance(ms: number) {
  const now = t.app.clock.now().getTime() + ms
  t.app.clock.now = () => new Date(now)
}

beforeAll(async () => {
  t = await createTestApp({ products: 20 })
  items = await sellableSkus(t.db, 10)
  for (const item of items) await setStock(t.db, item.skuId, 5)
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01710004102', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01710004103', role: 'staff' }))
})
afterAll(() => t?.close())

const leave = (phone: string, lines: { skuId: number; quantity: number }[], language = 'en') =>
  api(t.app, 'POST', 'carts-left', { body: { phone, lines, language }, ip: freshIp() })

/** runs the queue until nothing more is due (a reminder queues its text, which runs next) */
async function runJobs() {
  while ((await t.app.jobs.runDue()) > 0) {}
}

async function textsTo(phone: string): Promise<string[]> {
  const reply = await api(t.app, 'GET', `dev/sms-outbox?phone=${phone}`)
  return (reply.body.data as { body: string }[]).map((message) => message.body)
}

const tokenIn = (text: string, kind: 'cart/restore' | 'reminders/stop') =>
  new RegExp(`/${kind}/([\\w-]{43})`).exec(text)?.[1]

async function order(phone: string, lines: { skuId: number; quantity: number }[]) {
  const body = orderBody(lines) as { customer: Record<string, string> }
  const reply = await api(t.app, 'POST', 'orders', {
    body: { ...body, customer: { ...body.customer, phone } },
    headers: { 'idempotency-key': newKey() },
    ip: freshIp(),
  })
  expect(reply.status).toBe(201)
  return reply.body.data as { id: number; number: string }
}

describe('the reminder', () => {
  it('is sent once by text after the delay, naming the shop, with a restore and a stop link', async () => {
    setClock(4) // 10:00 in Dhaka
    const phone = freshPhone()
    const line = { skuId: pick(items, 0).skuId, quantity: 2 }
    expect((await leave(phone, [line])).status).toBe(200)
    advance(2 * HOUR)
    await runJobs()
    expect(await textsTo(phone)).toEqual([])
    advance(HOUR + 60_000)
    await runJobs()
    const texts = await textsTo(phone)
    expect(texts).toHaveLength(1)
    expect(texts[0]).toMatch(
      /^Haat: you left 2 items in your cart\. .*\/cart\/restore\/[\w-]{43} .*\/reminders\/stop\//,
    )
    advance(24 * HOUR)
    await leave(phone, [line])
    advance(4 * HOUR)
    await runJobs()
    expect(await textsTo(phone)).toHaveLength(1)
  })

  it('waits for a newer activity: the delay counts from the last one', async () => {
    setClock(4)
    const phone = freshPhone()
    const line = { skuId: pick(items, 1).skuId, quantity: 1 }
    await leave(phone, [line])
    advance(2 * HOUR)
    await leave(phone, [line, { skuId: pick(items, 2).skuId, quantity: 1 }])
    advance(HOUR + 60_000)
    await runJobs()
    expect(await textsTo(phone)).toEqual([])
    advance(2 * HOUR)
    await runJobs()
    expect(await textsTo(phone)).toEqual([expect.stringContaining('you left 2 items')])
  })

  it('is written in Bangla for a shopper who shopped in Bangla', async () => {
    setClock(4)
    const phone = freshPhone()
    await leave(phone, [{ skuId: pick(items, 3).skuId, quantity: 1 }], 'bn')
    advance(3 * HOUR + 60_000)
    await runJobs()
    const [text] = await textsTo(phone)
    expect(text).toContain('আপনার কার্টে ১টি পণ্য রয়ে গেছে')
  })

  it('is not sent in the quiet hours: due at 23:00 in Dhaka, it is sent at 08:00', async () => {
    setClock(14) // 20:00 in Dhaka, due at 23:00
    const phone = freshPhone()
    await leave(phone, [{ skuId: pick(items, 4).skuId, quantity: 1 }])
    advance(3 * HOUR + 60_000)
    await runJobs()
    expect(await textsTo(phone)).toEqual([])
    setClock(1, 1) // 07:00 in Dhaka the next morning
    await runJobs()
    expect(await textsTo(phone)).toEqual([])
    setClock(2, 1) // 08:00
    await runJobs()
    expect(await textsTo(phone)).toHaveLength(1)
  })

  it('is not sent to a number that ordered since', async () => {
    setClock(4)
    const phone = freshPhone()
    const line = { skuId: pick(items, 5).skuId, quantity: 1 }
    await leave(phone, [line])
    advance(HOUR)
    await order(phone, [line])
    advance(3 * HOUR)
    await runJobs()
    expect((await textsTo(phone)).filter((text) => text.includes('in your cart'))).toEqual([])
  })

  it('is not sent after the number opted out, and the stop page says so in either language', async () => {
    setClock(4)
    const phone = freshPhone()
    const line = { skuId: pick(items, 6).skuId, quantity: 1 }
    await leave(phone, [line])
    advance(3 * HOUR + 60_000)
    await runJobs()
    const token = tokenIn((await textsTo(phone))[0] ?? '', 'reminders/stop')
    // the link's page asks, in both languages, naming the shop; opening it stops nothing
    const page = await t.app.inject({ method: 'GET', url: `/reminders/stop/${token}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Haat')
    expect(page.body).toContain('Stop reminders')
    expect(page.body).toContain('মনে করানো বন্ধ করুন')
    const [asked] = await t.db.select().from(cartsLeft).where(eq(cartsLeft.phone, phone))
    expect(asked?.optedOutAt).toBeNull()
    const confirmed = await t.app.inject({ method: 'POST', url: `/reminders/stop/${token}` })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.body).toContain('You will not be reminded of carts left behind again.')
    expect(confirmed.body).toContain('আর মনে করিয়ে দেওয়া হবে না')
    const unknown = await t.app.inject({ method: 'POST', url: `/reminders/stop/${'y'.repeat(43)}` })
    expect(unknown.statusCode).toBe(404)
    // the API's stop answers in the shopper's language, and a repeat changes nothing
    const stopped = await api(t.app, 'POST', `carts-left/stop/${token}`, {
      headers: { 'accept-language': 'bn' },
    })
    expect(stopped.status).toBe(200)
    expect(stopped.body).toEqual({ data: { message: expect.stringContaining('আর মনে করিয়ে দেওয়া হবে না') } })
    const [row] = await t.db.select().from(cartsLeft).where(eq(cartsLeft.phone, phone))
    expect(row?.optedOutAt).not.toBeNull()
    // a new cart left by the same number is never reminded
    await t.db.update(cartsLeft).set({ remindedAt: null }).where(eq(cartsLeft.phone, phone))
    await leave(phone, [line])
    advance(4 * HOUR)
    await runJobs()
    expect(await textsTo(phone)).toHaveLength(1)
  })

  it('is not sent when the owner switched reminders off', async () => {
    setClock(4)
    const phone = freshPhone()
    const owner = await openSession(t.app, await createPerson(t.db, { phone: '01710004101', role: 'owner' }))
    const reminders = (cartReminders: { enabled: boolean; delayHours: number }) =>
      saveSettings(t.app, owner, (settings) => ({ ...settings, cartReminders }))
    expect((await reminders({ enabled: false, delayHours: 3 })).status).toBe(200)
    await leave(phone, [{ skuId: pick(items, 7).skuId, quantity: 1 }])
    advance(4 * HOUR)
    await runJobs()
    expect(await textsTo(phone)).toEqual([])
    expect((await reminders({ enabled: true, delayHours: 3 })).status).toBe(200)
    const refused = await reminders({ enabled: true, delayHours: 73 })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      error: { 'settings.cartReminders.delayHours': ['Enter a whole number of hours from 1 to 72'] },
    })
  })
})

describe('the restore link', () => {
  it('gives a fresh cart the lines, capped by stock; an unknown or expired token is 404', async () => {
    setClock(4)
    const phone = freshPhone()
    const kept = pick(items, 8)
    const sold = pick(items, 9)
    await leave(phone, [
      { skuId: kept.skuId, quantity: 4 },
      { skuId: sold.skuId, quantity: 1 },
    ])
    advance(3 * HOUR + 60_000)
    await runJobs()
    const token = tokenIn((await textsTo(phone))[0] ?? '', 'cart/restore')
    await setStock(t.db, kept.skuId, 3)
    await setStock(t.db, sold.skuId, 0)
    // the link sends the browser on to its cart, which asks for the lines
    const opened = await t.app.inject({ method: 'GET', url: `/cart/restore/${token}` })
    expect(opened.statusCode).toBe(302)
    expect(opened.headers.location).toBe(`/cart?restore=${token}`)
    const restored = await api(t.app, 'GET', `carts-left/restore/${token}`)
    expect(restored.status).toBe(200)
    expect(restored.body).toEqual({
      data: {
        lines: [
          {
            skuId: kept.skuId,
            sku: expect.stringMatching(/\S/),
            productId: kept.productId,
            quantity: 3,
            price: kept.discountedPrice,
          },
        ],
      },
    })
    await setStock(t.db, kept.skuId, 5)
    await setStock(t.db, sold.skuId, 5)
    const unknown = await api(t.app, 'GET', `carts-left/restore/${'x'.repeat(43)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: { token: [expect.any(String)] } })
    advance(7 * 24 * HOUR + 60_000)
    expect((await api(t.app, 'GET', `carts-left/restore/${token}`)).status).toBe(404)
    expect((await api(t.app, 'GET', 'carts-left/restore/short')).status).toBe(400)
  })
})

describe('giving a number', () => {
  it('refuses bad input field by field and keeps nothing', async () => {
    const phone = freshPhone()
    const bad = await leave('12345', [{ skuId: pick(items, 0).skuId, quantity: 1 }])
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: { phone: [expect.stringContaining('valid mobile number')] } })
    const empty = await leave(phone, [])
    expect(empty.status).toBe(400)
    expect(Object.keys((empty.body as { error: object }).error)).toEqual(['lines'])
    const language = await api(t.app, 'POST', 'carts-left', {
      body: { phone, lines: [{ skuId: 1, quantity: 1 }], language: 'fr' },
      ip: freshIp(),
    })
    expect(language.status).toBe(400)
    expect(await t.db.select().from(cartsLeft).where(eq(cartsLeft.phone, phone))).toEqual([])
  })

  it('keeps a signed-in shopper’s server cart under their number', async () => {
    setClock(4)
    const phone = freshPhone()
    const shopper = await createShopper(t.db, phone)
    const added = await api(t.app, 'POST', 'cart', {
      body: { skuId: pick(items, 2).skuId, quantity: 1 },
      token: shopper.token,
    })
    expect(added.status).toBe(200)
    const [row] = await t.db.select().from(cartsLeft).where(eq(cartsLeft.phone, phone))
    expect(row?.userId).toBe(shopper.id)
    expect(row?.lines).toEqual([{ skuId: pick(items, 2).skuId, quantity: 1 }])
    advance(3 * HOUR + 60_000)
    await runJobs()
    expect(await textsTo(phone)).toEqual([expect.stringContaining('you left 1 item in your cart')])
  })
})

describe('the push', () => {
  it('reaches a signed-in shopper whose browser allowed notifications, instead of a text, once', async () => {
    const pushService: FakePushService = await startFakePushService()
    try {
      setClock(4)
      const phone = freshPhone()
      const shopper = await createShopper(t.db, phone)
      const browser = pushService.subscribe()
      const subscribed = await api(t.app, 'POST', 'push/subscriptions', {
        token: shopper.token,
        body: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
      })
      expect(subscribed.status).toBe(201)
      await api(t.app, 'POST', 'cart', {
        body: { skuId: pick(items, 3).skuId, quantity: 2 },
        token: shopper.token,
      })
      advance(3 * HOUR + 60_000)
      await runJobs()
      const pushes = pushService.received.filter((push) => push.subscription === browser.id)
      expect(pushes).toHaveLength(1)
      const message = JSON.parse(pushes[0]?.text ?? '{}') as { title: string; body: string; url: string }
      expect(message.title).toBe('Haat')
      expect(message.body).toBe('You left 2 items in your cart: tap to pick up where you left off')
      expect(message.url).toMatch(/^\/cart\/restore\/[\w-]{43}$/)
      expect(await textsTo(phone)).toEqual([])
      advance(24 * HOUR)
      await runJobs()
      expect(pushService.received.filter((push) => push.subscription === browser.id)).toHaveLength(1)
    } finally {
      await pushService.close()
    }
  })
})

describe('the report', () => {
  it('counts an order placed after the reminder as recovered, with its revenue', async () => {
    setClock(4)
    const phone = freshPhone()
    const line = { skuId: pick(items, 1).skuId, quantity: 1 }
    await leave(phone, [line])
    advance(3 * HOUR + 60_000)
    await runJobs()
    const before = await adminCall(t.app, 'GET', 'reports/carts-left', { as: manager })
    expect(before.status).toBe(200)
    const totalsBefore = (before.body.data as { totals: Record<string, number> }).totals
    advance(HOUR)
    const placed = await order(phone, [line])
    const [written] = await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, placed.id))
    const total = written?.total ?? Number.NaN
    const after = await adminCall(t.app, 'GET', 'reports/carts-left', { as: manager })
    const report = after.body.data as {
      totals: Record<string, number>
      rows: { phone: string; recoveredOrder: { number: string; total: number } | null }[]
    }
    console.log('carts left report totals', report.totals)
    expect(report.totals.recoveredOrders).toBe((totalsBefore.recoveredOrders ?? 0) + 1)
    expect(report.totals.recoveredRevenue).toBeCloseTo((totalsBefore.recoveredRevenue ?? 0) + total, 2)
    expect(report.totals.left).toBe(totalsBefore.left)
    const row = report.rows.find((each) => each.phone === phone)
    expect(row?.recoveredOrder).toEqual({ id: placed.id, number: placed.number, total })
  })

  it('is for managers and owners; staff are refused', async () => {
    expect((await adminCall(t.app, 'GET', 'reports/carts-left', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'reports/carts-left')).status).toBe(401)
  })
})
