import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { type Database, openDatabase } from '../../server/db/client'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

const TOKEN = 'change-feed-owner-token'
const admin = { ...apiHeaders, authorization: `Bearer ${TOKEN}` }

// Two instances of the shop on one PostgreSQL database, each keeping product and listing answers.
let a: TestApp
let b: { app: App; database: Database }
beforeAll(async () => {
  a = await createTestApp({ products: 12, config: { ADMIN_TOKEN: TOKEN } })
  const database = await openDatabase(a.config, { poolSize: 4 })
  b = { app: await buildApp(a.config, { database }), database }
  await b.app.ready()
}, 180_000)
afterAll(async () => {
  await b?.app.close()
  await b?.database.close()
  await a?.close()
})

type Sku = { id: number; stockQuantity: number; price: number; discountedPrice: number }
type Product = { id: number; name: string; skus: Sku[] }

async function productOn(app: App, id: number): Promise<Product> {
  const response = await app.inject({ url: `/api/v1/product/storefront/${id}`, headers: apiHeaders })
  expect(response.statusCode).toBe(200)
  return (response.json() as { data: Product }).data
}

async function listingOn(app: App) {
  const response = await app.inject({ url: '/api/v1/product/storefront?perPage=100', headers: apiHeaders })
  expect(response.statusCode).toBe(200)
  return (
    response.json() as { data: { id: number; price: number; discounted_price: number; name: string }[] }
  ).data
}

/** Polls until `check` holds; gives back how long that took, or fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`not seen within ${ms} ms`)
}

describe('changes made through one instance reach the other within a second', () => {
  it('a stock change on A shows in a product read on B', async () => {
    const before = await productOn(b.app, 3)
    const sku = before.skus[0] as Sku
    // B keeps this answer now; only the news from A can drop it before its own expiry
    expect((await productOn(b.app, 3)).skus[0]?.stockQuantity).toBe(sku.stockQuantity)
    const changed = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/skus/${sku.id}`,
      headers: admin,
      payload: { stockQuantity: sku.stockQuantity + 17 },
    })
    expect(changed.statusCode).toBe(200)
    const ms = await within(1_000, async () => {
      const now = await productOn(b.app, 3)
      return now.skus.find((s) => s.id === sku.id)?.stockQuantity === sku.stockQuantity + 17
    })
    expect(ms).toBeLessThan(1_000)
  })

  it('a price change on A shows in a listing page read on B', async () => {
    const product = await productOn(a.app, 5)
    const cheapest = [...product.skus].sort((x, y) => x.discountedPrice - y.discountedPrice)[0] as Sku
    const page = await listingOn(b.app)
    const shown = page.find((p) => p.id === 5)
    expect(shown).toBeDefined()
    const lower = Math.max(1, Math.floor(cheapest.discountedPrice / 2))
    const changed = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/skus/${cheapest.id}`,
      headers: admin,
      payload: { discountedPrice: lower },
    })
    expect(changed.statusCode).toBe(200)
    await within(
      1_000,
      async () => (await listingOn(b.app)).find((p) => p.id === 5)?.discounted_price === lower,
    )
  })

  it('a price changed in plain SQL, by a connection of neither instance, shows on both', async () => {
    const before = await productOn(a.app, 4)
    expect((await productOn(b.app, 4)).skus[0]?.price).toBe(before.skus[0]?.price)
    await listingOn(a.app)
    await listingOn(b.app)
    const price = (before.skus[0]?.price ?? 0) + 111
    // as psql would: its own connection, nothing of the shop's code
    const operator = new pg.Client({ connectionString: a.config.DATABASE_URL })
    await operator.connect()
    try {
      await operator.query('update skus set price = $1 where product_id = 4', [price])
      await operator.query('update products set price = $1 where id = 4', [price])
    } finally {
      await operator.end()
    }
    const shows = async (app: App) =>
      (await productOn(app, 4)).skus.every((s) => s.price === price) &&
      (await listingOn(app)).find((p) => p.id === 4)?.price === price
    const ms = await Promise.all([within(1_000, () => shows(a.app)), within(1_000, () => shows(b.app))])
    for (const each of ms) expect(each).toBeLessThan(1_000)
  })

  it('a write through A is read back on A at once, with nothing to wait for', async () => {
    const sku = (await productOn(a.app, 6)).skus[0] as Sku
    await listingOn(a.app)
    const changed = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/skus/${sku.id}`,
      headers: admin,
      payload: { stockQuantity: sku.stockQuantity + 5 },
    })
    expect(changed.statusCode).toBe(200)
    expect((await productOn(a.app, 6)).skus.find((s) => s.id === sku.id)?.stockQuantity).toBe(
      sku.stockQuantity + 5,
    )
    await a.db.execute(sql`update products set name = 'Read back at once' where id = 6`)
    expect((await productOn(a.app, 6)).name).toBe('Read back at once')
    expect((await listingOn(a.app)).find((p) => p.id === 6)?.name).toBe('Read back at once')
  })

  it('after its listening connection was cut, an instance drops everything it kept', async () => {
    const before = await productOn(b.app, 7)
    expect((await productOn(b.app, 7)).name).toBe(before.name)
    // a change nobody announced (its triggers off), as if its news went by while B was not listening
    await a.db.execute(sql`begin; set local session_replication_role = replica;
      update products set name = 'Renamed while away' where id = 7; commit`)
    expect((await productOn(b.app, 7)).name).toBe(before.name)
    const cut = await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'haat-change-feed' and datname = current_database()`,
    )
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2)
    await within(3_000, async () => (await productOn(b.app, 7)).name === 'Renamed while away')
    expect(b.app.changeFeed.listening()).toBe(true)
    // and it hears news again
    const sku = (await productOn(b.app, 7)).skus[0] as Sku
    await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/skus/${sku.id}`,
      headers: admin,
      payload: { stockQuantity: sku.stockQuantity + 1 },
    })
    await within(
      1_000,
      async () => (await productOn(b.app, 7)).skus[0]?.stockQuantity === sku.stockQuantity + 1,
    )
  })
})
