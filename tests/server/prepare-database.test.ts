import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../../server/prepare-database'
import { createTestApp, type TestApp } from './helpers'

// What a start does to the database before serving (server/prepare-database.ts): the demo catalogue goes only into
// a database with no catalogue of its own, and never when the shop says SEED_PRODUCTS=0.

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const counts = async (app: TestApp) => {
  const rows = await app.db.execute(
    sql`select (select count(*) from products)::int as products, (select count(*) from categories)::int as categories,
               (select count(*) from coupons)::int as coupons, (select count(*) from menus)::int as menus`,
  )
  return (rows as unknown as { rows: Record<string, number>[] }).rows[0]
}

const prepare = (app: TestApp, seedProducts: number) =>
  prepareDatabase(app.database, {
    ...app.config,
    SEED_PRODUCTS: seedProducts,
    MEDIA_CACHE_DIR: join(process.cwd(), '.tmp', 'media-cache'),
  })

describe('a start on an empty database', () => {
  it('seeds the demo catalogue and its images', async () => {
    t = await createTestApp({ products: 0 })
    await prepare(t, 6)
    expect(await counts(t)).toMatchObject({ products: 6 })
    expect((await t.app.media.keys('xs/')).size).toBeGreaterThan(0)
  }, 180_000)

  it('with SEED_PRODUCTS=0 writes no demo data and no images', async () => {
    t = await createTestApp({ products: 0 })
    await prepare(t, 0)
    expect(await counts(t)).toEqual({ products: 0, categories: 0, coupons: 0, menus: 0 })
    expect((await t.app.media.keys()).size).toBe(0)
  })

  it("never replaces a shop's own catalogue with the demo, even before its first product", async () => {
    t = await createTestApp({ products: 0 })
    await t.db.execute(sql`insert into categories (name, slug, position) values ('Lungi', 'lungi', 1)`)
    await prepare(t, 6)
    expect(await counts(t)).toMatchObject({ products: 0, categories: 1, coupons: 0 })
    const names = await t.db.execute(sql`select slug from categories`)
    expect((names as unknown as { rows: { slug: string }[] }).rows).toEqual([{ slug: 'lungi' }])
  })
})
