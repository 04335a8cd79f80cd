import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, pushKeys, pushSubscriptions } from '../../server/db/schema'
import { unseal } from '../../server/domain/sealed'
import { type FakeBrowser, type FakePushService, startFakePushService } from '../fakes/push-service'
import { advanceClock } from './auth-support'
import { api, createShopper, freshPhone, orderBody, type SkuInfo } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { moveAlong, orderTestApp, placeOrder, type Staff } from './orders-support'

// Web push (docs/push.md): a browser subscribes (a signed-in shopper, or a guest with their order's number and
// mobile number), and an order's status change reaches it through the job queue and a push service: here a
// fake one on loopback that checks the VAPID signature and opens the encrypted message with the browser's keys.

let t: TestApp
let team: Staff
let items: SkuInfo[]
let pushService: FakePushService
const logLines: string[] = []

beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 4, phones: '0173900', skus: 1, stock: 500 }))
  pushService = await startFakePushService()
}, 180_000)
afterAll(async () => {
  await t?.close()
  await pushService?.close()
})

const item = () => {
  const [first] = items
  if (!first) throw new Error('no sku')
  return first
}

const subscription = (browser: FakeBrowser, extra: Record<string, unknown> = {}) => ({
  endpoint: browser.endpoint,
  expirationTime: null,
  keys: browser.keys,
  ...extra,
})

async function guestOrder() {
  const phone = freshPhone()
  const order = await placeOrder(t.app, [{ skuId: item().skuId, quantity: 1 }], {
    customer: { name: 'Rahim Uddin', phone, email: '' },
  })
  return { ...order, phone }
}

async function subscribeGuest(
  browser: FakeBrowser,
  order: { number: string; phone: string },
  language = 'en',
) {
  return api(t.app, 'POST', 'push/subscriptions', {
    body: subscription(browser, { order: { number: order.number, phone: order.phone } }),
    headers: { 'accept-language': language },
  })
}

async function pushJobs(subscriptionId: number) {
  const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'push'))
  return rows.filter((row) => (row.payload as { subscriptionId?: number }).subscriptionId === subscriptionId)
}

async function subscriptionOf(browser: FakeBrowser) {
  const [row] = await t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, browser.endpoint))
  return row
}

describe('the shop’s key', () => {
  it('answers the public VAPID key, the same on every call, made at the first start', async () => {
    const first = await api(t.app, 'GET', 'push/key')
    const second = await api(t.app, 'GET', 'push/key')
    expect(first.status).toBe(200)
    const { publicKey } = first.body.data as { publicKey: string }
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect(second.body).toEqual(first.body)
    const [kept] = await t.db.select().from(pushKeys)
    expect(kept?.publicKey).toBe(publicKey)
    // kept sealed: the stored value is not the key itself
    expect(kept?.privateKeySealed.startsWith('v1.')).toBe(true)
  })
})

describe('subscribing', () => {
  it('keeps a signed-in shopper’s browser, and removes it on DELETE', async () => {
    const shopper = await createShopper(t.db, freshPhone())
    const browser = pushService.subscribe()
    const reply = await api(t.app, 'POST', 'push/subscriptions', {
      body: subscription(browser),
      token: shopper.token,
      headers: { 'accept-language': 'bn' },
    })
    expect(reply.status).toBe(201)
    const row = await subscriptionOf(browser)
    expect(row).toMatchObject({ userId: shopper.id, orderId: null, language: 'bn' })
    const removed = await api(t.app, 'DELETE', 'push/subscriptions', { body: { endpoint: browser.endpoint } })
    expect(removed.status).toBe(200)
    expect(await subscriptionOf(browser)).toBeUndefined()
  })

  it('keeps a guest’s browser for the order whose number and mobile number they give', async () => {
    const order = await guestOrder()
    const browser = pushService.subscribe()
    expect((await subscribeGuest(browser, order)).status).toBe(201)
    expect(await subscriptionOf(browser)).toMatchObject({ orderId: order.id, userId: null })
  })

  it('refuses a guest without an order (401) or with another number’s order (404), keeping nothing', async () => {
    const order = await guestOrder()
    const browser = pushService.subscribe()
    const none = await api(t.app, 'POST', 'push/subscriptions', { body: subscription(browser) })
    expect(none.status).toBe(401)
    const wrong = await subscribeGuest(browser, { number: order.number, phone: freshPhone() })
    expect(wrong.status).toBe(404)
    expect(wrong.body).toEqual({ error: { order: ['No order with this number and mobile number'] } })
    expect(await subscriptionOf(browser)).toBeUndefined()
  })

  it.each([
    ['an http endpoint off loopback', { endpoint: 'http://push.example.com/x' }, 'endpoint'],
    ['an https endpoint off the push services', { endpoint: 'https://push.example.com/x' }, 'endpoint'],
    ['a push service’s look-alike', { endpoint: 'https://fcm.googleapis.com.example.com/x' }, 'endpoint'],
    ['an endpoint that is no address', { endpoint: 'not a url' }, 'endpoint'],
    [
      'an endpoint of 1001 characters',
      { endpoint: `https://fcm.googleapis.com/${'a'.repeat(974)}` },
      'endpoint',
    ],
    ['a p256dh of the wrong length', { keys: { p256dh: 'BAAA', auth: 'A'.repeat(22) } }, 'keys.p256dh'],
    [
      'a p256dh off the curve',
      { keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
      'keys.p256dh',
    ],
    ['an auth secret of the wrong length', { keys: { p256dh: '', auth: 'short' } }, 'keys.auth'],
    ['a field it does not know', { topic: 'x' }, ''],
  ])('refuses %s with 400 and the field’s message', async (_, change, field) => {
    const shopper = await createShopper(t.db, freshPhone())
    const browser = pushService.subscribe()
    const body: Record<string, unknown> = { ...subscription(browser), ...change }
    if (field === 'keys.auth') body.keys = { p256dh: browser.keys.p256dh, auth: 'short' }
    const reply = await api(t.app, 'POST', 'push/subscriptions', { body, token: shopper.token })
    expect(reply.status).toBe(400)
    const errors = (reply.body as { error: Record<string, string[]> }).error
    if (field) expect(Object.keys(errors)).toContain(field)
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id)),
    ).toEqual([])
  })

  it('keeps at most 10 browsers of one shopper: the oldest goes', async () => {
    const shopper = await createShopper(t.db, freshPhone())
    const browsers = Array.from({ length: 11 }, () => pushService.subscribe())
    for (const browser of browsers) {
      advanceClock(t.app, 1000)
      const reply = await api(t.app, 'POST', 'push/subscriptions', {
        body: subscription(browser),
        token: shopper.token,
      })
      expect(reply.status).toBe(201)
    }
    const kept = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id))
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((b) => b.endpoint)
        .sort(),
    )
  })
})

describe('an order’s status change', () => {
  it('reaches the guest’s browser as one push, signed by the shop’s key, in their language, naming the shop', async () => {
    const order = await guestOrder()
    const browser = pushService.subscribe()
    expect((await subscribeGuest(browser, order, 'bn')).status).toBe(201)
    const publicKey = ((await api(t.app, 'GET', 'push/key')).body.data as { publicKey: string }).publicKey
    const shopInBangla = await t.app.settings.shopName('bn')

    await moveAlong(t.app, order.id, 'confirmed', team.owner)
    // the push is queued with the change, which has committed by now (the app's clock is moved by other tests)
    const queuedAt = Date.now()
    const row = await subscriptionOf(browser)
    expect(await pushJobs(row?.id ?? 0)).toHaveLength(1)
    const arriving = pushService.nextPush()
    await t.app.jobs.runDue()
    const push = await arriving

    expect(pushService.received.filter((p) => p.subscription === browser.id)).toHaveLength(1)
    expect(push.signedBy).toBe(publicKey)
    expect(push.claims.aud).toBe(pushService.origin)
    const message = JSON.parse(push.text) as Record<string, string>
    expect(message).toEqual({
      title: shopInBangla,
      body: `আপনার অর্ডার ${order.number} নিশ্চিত করা হয়েছে। শিগগিরই প্যাক করে পাঠানো হবে।`,
      icon: '/icons/icon-192.png',
      url: `/confirm-order?number=${order.number}`,
    })
    console.info(`push delivery latency (queued → push service received): ${push.at - queuedAt} ms`)

    // the same change is not pushed twice: the queue holds one job for it
    expect(await pushJobs(row?.id ?? 0)).toHaveLength(1)
  })

  it('reaches every browser of a signed-in shopper, each in its own language, opening their order page', async () => {
    const shopper = await createShopper(t.db, freshPhone())
    const english = pushService.subscribe()
    const bangla = pushService.subscribe()
    for (const [browser, language] of [
      [english, 'en'],
      [bangla, 'bn'],
    ] as const) {
      const reply = await api(t.app, 'POST', 'push/subscriptions', {
        body: subscription(browser),
        token: shopper.token,
        headers: { 'accept-language': language },
      })
      expect(reply.status).toBe(201)
    }
    const order = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: item().skuId, quantity: 1 }]),
      token: shopper.token,
      headers: { 'idempotency-key': `push-${Date.now()}-key` },
      ip: '10.90.0.1',
    })
    expect(order.status).toBe(201)
    const placed = order.body.data as { id: number; number: string }
    await moveAlong(t.app, placed.id, 'confirmed', team.owner)
    await t.app.jobs.runDue()
    const took = (browser: FakeBrowser) =>
      pushService.received
        .filter((push) => push.subscription === browser.id)
        .map((push) => JSON.parse(push.text) as { title: string; body: string; url: string })
    const shopName = await t.app.settings.shopName('en')
    expect(took(english)).toEqual([
      expect.objectContaining({
        title: shopName,
        body: `order ${placed.number} is confirmed. We will pack and send it soon.`,
        url: `/user/order/${placed.id}`,
      }),
    ])
    expect(took(bangla)).toEqual([expect.objectContaining({ title: await t.app.settings.shopName('bn') })])
  })

  it('ends a subscription the push service says is gone (410), and pushes nothing more to it', async () => {
    const order = await guestOrder()
    const browser = pushService.subscribe()
    expect((await subscribeGuest(browser, order)).status).toBe(201)
    pushService.answerNext(browser, 410)
    await moveAlong(t.app, order.id, 'confirmed', team.owner)
    await t.app.jobs.runDue()
    expect(await subscriptionOf(browser)).toBeUndefined()
    await moveAlong(t.app, order.id, 'packed', team.owner)
    await moveAlong(t.app, order.id, 'shipped', team.owner)
    await t.app.jobs.runDue()
    expect(pushService.received.filter((push) => push.subscription === browser.id)).toEqual([])
  })

  it('tries again when the push service fails (500, then 429), and the push arrives once', async () => {
    const order = await guestOrder()
    const browser = pushService.subscribe()
    expect((await subscribeGuest(browser, order)).status).toBe(201)
    const row = await subscriptionOf(browser)
    pushService.answerNext(browser, 500, 429)
    await moveAlong(t.app, order.id, 'confirmed', team.owner)
    await t.app.jobs.runDue()
    const [failed] = await pushJobs(row?.id ?? 0)
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, failedAt: null })
    expect(failed?.lastError).toContain('500')
    advanceClock(t.app, 60_000)
    await t.app.jobs.runDue()
    expect((await pushJobs(row?.id ?? 0))[0]?.lastError).toContain('429')
    advanceClock(t.app, 5 * 60_000)
    await t.app.jobs.runDue()
    const [done] = await pushJobs(row?.id ?? 0)
    expect(done?.doneAt).not.toBeNull()
    expect(pushService.received.filter((push) => push.subscription === browser.id)).toHaveLength(1)
    expect(await subscriptionOf(browser)).toBeDefined()
  })
})

describe('the private key', () => {
  it('is never in an answer, a log line or a queued push', async () => {
    const logged: TestApp = await createTestApp({
      products: 0,
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    })
    try {
      const key = await logged.app.push.publicKey()
      const [kept] = await logged.db.select().from(pushKeys)
      const privateKey = unseal(logged.app.sealingKey, kept?.privateKeySealed ?? '', 'push:vapid-private-key')
      expect(privateKey).toMatch(/^[\w-]{43}$/)
      const answers = [
        await api(logged.app, 'GET', 'push/key'),
        await api(logged.app, 'POST', 'push/subscriptions', { body: { endpoint: 'x' } }),
        await api(logged.app, 'GET', 'config'),
      ]
      expect(key).not.toContain(privateKey ?? '-')
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(privateKey)
      expect(logLines.length).toBeGreaterThan(0)
      expect(logLines.join('\n')).not.toContain(privateKey)
      const [shops] = await t.db.select().from(pushKeys)
      const shopsKey = unseal(t.app.sealingKey, shops?.privateKeySealed ?? '', 'push:vapid-private-key')
      const queued = await t.db.select().from(jobs).where(eq(jobs.kind, 'push'))
      expect(queued.length).toBeGreaterThan(0)
      expect(shopsKey).toMatch(/^[\w-]{43}$/)
      expect(JSON.stringify(queued)).not.toContain(shopsKey)
    } finally {
      await logged.close()
    }
  })
})
