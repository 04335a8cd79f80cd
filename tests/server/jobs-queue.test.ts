import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { queryRows } from '../../server/db/client'
import { jobs, orders, products } from '../../server/db/schema'
import type { JobContext } from '../../server/jobs/queue'
import type { Product, ProductSummary } from '../../src/contract/product'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 8 })
}, 180_000)
afterAll(async () => t?.close())

/** Moves the app's clock; the queue measures due-ness and leases against it. */
function moveClock(app: App, ms: number) {
  const previous = app.clock.now
  app.clock.now = () => new Date(previous().getTime() + ms)
}

/** A handler for a kind of its own that records each run, failing while `fail` says so. */
function recorder(kind: string, fail: (run: JobContext) => string | null = () => null) {
  const runs: { payload: Record<string, unknown>; job: JobContext }[] = []
  t.app.jobs.handle(kind, async (payload, job) => {
    runs.push({ payload, job })
    const problem = fail(job)
    if (problem) throw new Error(problem)
  })
  return runs
}

const jobOf = async (key: string) => (await t.db.select().from(jobs).where(eq(jobs.key, key)))[0]

describe('the job queue', () => {
  it('runs a key queued twice once', async () => {
    const runs = recorder('test-once')
    await t.app.jobs.enqueue('test-once', { n: 1 }, { key: 'once:1' })
    await t.app.jobs.enqueue('test-once', { n: 2 }, { key: 'once:1' })
    expect(await t.app.jobs.runDue()).toBe(1)
    expect(await t.app.jobs.runDue()).toBe(0)
    expect(runs.map((run) => run.payload)).toEqual([{ n: 1 }])
    // done, the key still holds: queued again, nothing new runs
    await t.app.jobs.enqueue('test-once', { n: 3 }, { key: 'once:1' })
    expect(await t.app.jobs.runDue()).toBe(0)
    expect((await jobOf('once:1'))?.doneAt).toBeInstanceOf(Date)
  })

  it('keeps no job queued in a transaction that rolls back, and runs one that commits', async () => {
    const runs = recorder('test-tx')
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.enqueue('test-tx', { n: 1 }, { key: 'tx:rolled-back', tx })
        throw new Error('the write fails')
      }),
    ).rejects.toThrow('the write fails')
    await t.db.transaction(async (tx) => {
      await t.app.jobs.enqueue('test-tx', { n: 2 }, { key: 'tx:committed', tx })
    })
    expect(await jobOf('tx:rolled-back')).toBeUndefined()
    await t.app.jobs.runDue()
    expect(runs.map((run) => run.payload)).toEqual([{ n: 2 }])
  })

  it('tries a failing job again after a growing delay, then keeps it failed with its error', async () => {
    const runs = recorder('test-failing', (job) => `gateway answered 503 (try ${job.attempt})`)
    await t.app.jobs.enqueue('test-failing', {}, { key: 'failing:1', maxAttempts: 3 })
    expect(await t.app.jobs.runDue()).toBe(1)
    expect(await jobOf('failing:1')).toMatchObject({
      attempts: 1,
      lockedUntil: null,
      doneAt: null,
      failedAt: null,
      lastError: 'Error: gateway answered 503 (try 1)',
    })
    // not before its delay: 30 s after the first failure, a minute after the second
    moveClock(t.app, 29 * SECOND)
    expect(await t.app.jobs.runDue()).toBe(0)
    moveClock(t.app, 2 * SECOND)
    expect(await t.app.jobs.runDue()).toBe(1)
    moveClock(t.app, 31 * SECOND)
    expect(await t.app.jobs.runDue()).toBe(0)
    moveClock(t.app, 30 * SECOND)
    expect(await t.app.jobs.runDue()).toBe(1)
    expect(runs.map((run) => run.job.attempt)).toEqual([1, 2, 3])
    const failed = await jobOf('failing:1')
    expect(failed).toMatchObject({
      attempts: 3,
      doneAt: null,
      lastError: 'Error: gateway answered 503 (try 3)',
    })
    expect(failed?.failedAt).toBeInstanceOf(Date)
    moveClock(t.app, 2 * HOUR)
    expect(await t.app.jobs.runDue()).toBe(0)
    expect(runs).toHaveLength(3)
  })

  it('takes again a job whose instance died holding it, once its lease is over', async () => {
    const runs = recorder('test-orphan')
    await t.app.jobs.enqueue('test-orphan', {}, { key: 'orphan:1' })
    // what an instance that took the job and stopped leaves behind: the job locked for its lease
    await t.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: new Date(t.app.clock.now().getTime() + t.config.JOB_LEASE_MS) })
      .where(eq(jobs.key, 'orphan:1'))
    expect(await t.app.jobs.runDue()).toBe(0)
    moveClock(t.app, t.config.JOB_LEASE_MS + SECOND)
    expect(await t.app.jobs.runDue()).toBe(1)
    expect(runs.map((run) => run.job.attempt)).toEqual([2])
    expect((await jobOf('orphan:1'))?.doneAt).toBeInstanceOf(Date)
  })

  it('leaves a job of a kind this instance does not run untouched', async () => {
    await t.app.jobs.enqueue('test-unknown', {}, { key: 'unknown:1' })
    await t.app.jobs.runDue()
    expect(await jobOf('unknown:1')).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null })
  })

  it('cleans up once a day at 03:00 in Dhaka: done jobs after 30 days (browser events after 2), failed ones after 90, order changes merged', async () => {
    const now = t.app.clock.now()
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR)
    await t.db.insert(jobs).values([
      { kind: 'test-old', payload: {}, key: 'old:done-31', doneAt: daysAgo(31) },
      { kind: 'test-old', payload: {}, key: 'old:done-29', doneAt: daysAgo(29) },
      { kind: 'test-old', payload: {}, key: 'old:failed-91', failedAt: daysAgo(91), lastError: 'x' },
      { kind: 'test-old', payload: {}, key: 'old:failed-60', failedAt: daysAgo(60), lastError: 'x' },
      { kind: 'test-old', payload: {}, key: 'old:waiting', runAt: daysAgo(100) },
      // a browser event's copy for Meta is kept for its 48 hours of dedup, not a month
      { kind: 'meta-event', payload: {}, key: 'old:event-3', doneAt: daysAgo(3) },
      { kind: 'meta-event', payload: {}, key: 'old:event-1', doneAt: daysAgo(1) },
    ])
    const vacuumed = () =>
      queryRows<{ at: string | null }>(
        t.db,
        sql`select last_vacuum::text as at from pg_stat_user_tables where relname = 'orders'`,
      )
    // the days orders changed on, as the triggers on orders record them: a row per change, merged to a row a day
    await t.db.execute(sql`insert into order_day_changes (day, weight) values
      ('2026-01-02', 3), ('2026-01-02', 4), ('2026-01-03', 1), ('2026-01-03', 1), ('2026-01-03', 5)`)
    const changes = () =>
      queryRows<{ day: string; weight: string; rows: number }>(
        t.db,
        sql`select day::text as day, sum(weight)::text as weight, count(*)::int as rows from order_day_changes
          where day in ('2026-01-02', '2026-01-03') group by day order by day`,
      )
    await t.db.execute(sql`select pg_stat_reset()`)
    await t.app.jobs.enqueue('jobs-clean-up', {}, { key: 'clean-up:now' })
    expect(await t.app.jobs.runDue()).toBe(1)
    expect(await changes()).toEqual([
      { day: '2026-01-02', weight: '7', rows: 1 },
      { day: '2026-01-03', weight: '7', rows: 1 },
    ])
    // PGlite has no autovacuum: the clean-up vacuums its tables; PostgreSQL's own autovacuum is left to it
    const [orders] = await vacuumed()
    if (t.app.dbKind === 'pglite') expect(orders?.at).toEqual(expect.any(String))
    else expect(orders?.at ?? null).toBeNull()
    const left = await t.db.select({ key: jobs.key }).from(jobs).where(sql`${jobs.key} like 'old:%'`)
    expect(left.map((row) => row.key).sort()).toEqual([
      'old:done-29',
      'old:event-1',
      'old:failed-60',
      'old:waiting',
    ])
    const next = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'jobs-clean-up' and ${jobs.doneAt} is null`)
    expect(next).toHaveLength(1)
    const runAt = next[0]?.runAt as Date
    // 03:00 in Dhaka (UTC+6), within the coming day
    expect(runAt.getUTCHours()).toBe(21)
    expect(runAt.getTime() - now.getTime()).toBeGreaterThan(0)
    expect(runAt.getTime() - now.getTime()).toBeLessThanOrEqual(24 * HOUR)
    await t.db.delete(jobs).where(sql`${jobs.kind} in ('jobs-clean-up', 'test-old')`)
    await t.db.execute(sql`delete from order_day_changes where day in ('2026-01-02', '2026-01-03')`)
  })
})

describe('what the daily clean-up forgets', () => {
  it('an order placed more than 30 days ago forgets the network address it came from; a newer one keeps it', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const placedFrom = async (ip: string, phone: string) => {
      const placed = await api(t.app, 'POST', 'orders', {
        body: orderBody([{ skuId: item?.skuId ?? 0, quantity: 1 }], {
          customer: { name: 'Karim Mia', phone, email: '' },
        }),
        headers: { 'idempotency-key': newKey() },
        ip,
      })
      expect(placed.status).toBe(201)
      return (placed.body.data as { id: number }).id
    }
    const old = await placedFrom('127.0.8.1', '01912345681')
    const recent = await placedFrom('127.0.8.2', '01912345682')
    const now = t.app.clock.now()
    await t.db
      .update(orders)
      .set({ createdAt: new Date(now.getTime() - 31 * 24 * HOUR) })
      .where(eq(orders.id, old))
    await t.db
      .update(orders)
      .set({ createdAt: new Date(now.getTime() - 29 * 24 * HOUR) })
      .where(eq(orders.id, recent))
    const addresses = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ id: orders.id, clientAddress: orders.clientAddress })
            .from(orders)
            .where(inArray(orders.id, [old, recent]))
        ).map((row) => [row.id, row.clientAddress]),
      )
    expect(await addresses()).toEqual({ [old]: '127.0.8.1', [recent]: '127.0.8.2' })
    await t.app.jobs.enqueue('jobs-clean-up', {}, { key: 'clean-up:addresses' })
    await t.app.jobs.runDue()
    expect(await addresses()).toEqual({ [old]: null, [recent]: '127.0.8.2' })
    await t.db.delete(jobs).where(sql`${jobs.kind} = 'jobs-clean-up'`)
  })
})

describe('order texts through the queue', () => {
  it('sends an order’s text when its job runs, once', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const phone = '01912345670'
    const placed = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: item?.skuId ?? 0, quantity: 1 }], {
        customer: { name: 'Rahim Uddin', phone, email: '' },
      }),
      headers: { 'idempotency-key': newKey() },
    })
    expect(placed.status).toBe(201)
    const { id, number } = placed.body.data as { id: number; number: string }
    const outbox = async () => (await api(t.app, 'GET', `dev/sms-outbox?phone=${phone}`)).body.data
    expect(await outbox()).toEqual([])
    expect(await jobOf(`order-text:${id}:received`)).toMatchObject({ kind: 'sms', doneAt: null })
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    const texts = (await outbox()) as { body: string }[]
    expect(texts).toHaveLength(1)
    expect(texts[0]?.body).toContain(number)
  })

  it('the worker sends a queued text without anyone asking', async () => {
    const polled = await createTestApp({ products: 4, config: { JOB_POLL_MS: 20 } })
    try {
      await polled.app.jobs.enqueue(
        'sms',
        { phone: '01912345671', text: 'Haat: your order is on its way' },
        { key: 'worker:1' },
      )
      await expect
        .poll(
          async () =>
            (await api(polled.app, 'GET', 'dev/sms-outbox?phone=01912345671')).body.data as unknown[],
          { timeout: 5_000, interval: 25 },
        )
        .toEqual([expect.objectContaining({ body: 'Haat: your order is on its way' })])
      // an instance that runs jobs keeps one daily clean-up queued
      const [cleanUp] = await polled.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'jobs-clean-up' and ${jobs.doneAt} is null`)
      expect(cleanUp?.runAt.getUTCHours()).toBe(21)
    } finally {
      await polled.close()
    }
  })
})

describe('a campaign’s start and end', () => {
  let owner: StaffCredentials
  let item: SkuInfo
  beforeAll(async () => {
    owner = await openSession(
      t.app,
      await createPerson(t.db, { phone: '01710000009', role: 'owner', firstName: 'Rina' }),
    )
    await t.db.update(products).set({ campaignIds: [] })
    await t.db.execute(sql`update skus set regular_discounted_price = null`)
    item = pick(await sellableSkus(t.db, 3), 2)
  })

  const shownPrice = async () => {
    const page = await api(t.app, 'GET', `product/storefront/${item.slug}`)
    return (page.body.data as Product).skus.find((unit) => unit.id === item.skuId)?.discountedPrice
  }
  const listedPrice = async () => {
    const listing = await api(t.app, 'GET', 'product/storefront?currentPage=1&perPage=40')
    const cards = listing.body.data as ProductSummary[]
    return cards.find((card) => card.id === item.productId)?.discounted_price
  }

  it('a campaign saved for later takes its price off at its start and gives it back at its end', async () => {
    const now = t.app.clock.now().getTime()
    const made = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: {
        name: 'Night Market',
        nameBn: 'রাতের বাজার',
        startsAt: new Date(now + 2 * HOUR).toISOString(),
        endsAt: new Date(now + 5 * HOUR).toISOString(),
        discountPercent: 20,
        productIds: [item.productId],
      },
    })
    expect(made.status).toBe(201)
    const deal = Math.min(Math.round(item.price * 0.8), item.discountedPrice)
    expect(deal).toBeLessThan(item.discountedPrice)
    // the pages are read (and kept) before the start: the start's news must replace them
    expect(await shownPrice()).toBe(item.discountedPrice)
    expect(await listedPrice()).toBe(item.discountedPrice)
    await t.app.jobs.runDue()
    expect(await shownPrice()).toBe(item.discountedPrice)

    moveClock(t.app, 2 * HOUR + SECOND)
    await t.app.jobs.runDue()
    expect(await shownPrice()).toBe(deal)
    expect(await listedPrice()).toBe(deal)

    moveClock(t.app, 3 * HOUR)
    await t.app.jobs.runDue()
    expect(await shownPrice()).toBe(item.discountedPrice)
    expect(await listedPrice()).toBe(item.discountedPrice)
  })
})
