import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { type Database, openDatabase } from '../../server/db/client'
import { jobs } from '../../server/db/schema'
import { api, newKey, orderBody, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

// Instances of the shop on one PostgreSQL database, sharing its job queue.
let a: TestApp
const opened: { app: App; database: Database }[] = []

/** Another instance on a's database (its worker off, as a's: the tests run due jobs themselves). */
async function instance(): Promise<{ app: App; database: Database }> {
  const database = await openDatabase(a.config, { poolSize: 4 })
  const app = await buildApp(a.config, { database })
  await app.ready()
  const started = { app, database }
  opened.push(started)
  return started
}

async function stop(started: { app: App; database: Database }) {
  opened.splice(opened.indexOf(started), 1)
  await started.app.close()
  await started.database.close()
}

beforeAll(async () => {
  a = await createTestApp({ products: 6 })
}, 180_000)
afterAll(async () => {
  for (const started of [...opened]) await stop(started)
  await a?.close()
})

describe('one queue, several instances', () => {
  it('runs each of 50 jobs exactly once while two instances take them side by side', async () => {
    const b = await instance()
    const runs: number[] = []
    for (const app of [a.app, b.app]) {
      app.jobs.handle('test-shared', async (payload) => {
        runs.push(payload.n as number)
        // a job that takes a moment, so that both instances are busy at once
        await new Promise((resolve) => setTimeout(resolve, 2))
      })
    }
    for (let n = 0; n < 50; n += 1) await a.app.jobs.enqueue('test-shared', { n }, { key: `shared:${n}` })
    const ran = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue()])
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(50)
    // the instances did take jobs side by side, not one after the other
    expect(ran.filter((count) => count > 0).length).toBeGreaterThan(1)
    expect([...runs].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n))
    const rows = await a.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          Array.from({ length: 50 }, (_, n) => `shared:${n}`),
        ),
      )
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true)
    await stop(b)
  })

  it('sends a text queued before a restart exactly once after it', async () => {
    const [item] = await sellableSkus(a.db, 1)
    const phone = '01912345672'
    const first = await instance()
    const placed = await api(first.app, 'POST', 'orders', {
      body: orderBody([{ skuId: item?.skuId ?? 0, quantity: 1 }], {
        customer: { name: 'Rahim Uddin', phone, email: '' },
      }),
      headers: { 'idempotency-key': newKey() },
    })
    expect(placed.status).toBe(201)
    const { id, number } = placed.body.data as { id: number; number: string }
    await stop(first)

    const second = await instance()
    const outbox = async () =>
      (await api(second.app, 'GET', `dev/sms-outbox?phone=${phone}`)).body.data as { body: string }[]
    expect(await outbox()).toEqual([])
    expect(await second.app.jobs.runDue()).toBeGreaterThanOrEqual(1)
    const texts = await outbox()
    expect(texts).toHaveLength(1)
    expect(texts[0]?.body).toContain(number)
    expect(await second.app.jobs.runDue()).toBe(0)
    expect(await outbox()).toHaveLength(1)
    const [job] = await a.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `order-text:${id}:received`))
    expect(job).toMatchObject({ kind: 'sms', attempts: 1, failedAt: null })
    expect(job?.doneAt).toBeInstanceOf(Date)
  })
})
