import { sql } from 'drizzle-orm'
import { type Database, type Db, queryRows } from '../client'
import { footerMenu, mainMenu, pageDocuments } from './content'
import { buildBrands, buildCampaigns, buildCategories, generateProducts } from './generate'

export type SeedOptions = {
  products: number
  /** campaign dates and created_at are relative to this moment */
  now?: Date
  /** rows per insert statement */
  batchSize?: number
  onProgress?: (done: number, total: number) => void
}

/** Inserts rows as one JSON parameter: fast on both drivers and free of parameter-count limits. */
async function insertJson(db: Db, table: string, rows: Record<string, unknown>[]) {
  const first = rows[0]
  if (!first) return
  const columns = sql.join(
    Object.keys(first).map((key) => sql.identifier(key)),
    sql`, `,
  )
  const target = sql.identifier(table)
  await db.execute(
    sql`insert into ${target} (${columns}) select ${columns} from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`,
  )
}

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  // a shop that has made any category, brand or product of its own is never replaced by the demo
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql`select exists(select 1 from products) or exists(select 1 from categories)
                or exists(select 1 from brands) as present`,
  )
  return !rows[0]?.present
}

/**
 * Replaces the catalogue, menus, pages and demo coupon with the deterministic demo data. No owner: the first
 * start prints a one-time link where the shop's first owner is made (server/main.ts).
 */
export async function seedCatalogue(database: Database, options: SeedOptions): Promise<void> {
  const { db } = database
  const now = options.now ?? new Date()
  // PGlite's WebAssembly heap keeps its peak size: smaller statements keep the server's memory down
  const batchSize = options.batchSize ?? (database.kind === 'pglite' ? 500 : 5000)
  const { rows: categoryRows } = buildCategories()
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate cart_items, order_lines, reviews, skus, products, campaigns, brands, categories, menus, pages restart identity cascade`,
    )
    await tx.execute(sql`delete from coupons where code in ('HAAT10', 'EID200')`)
    await insertJson(
      tx,
      'categories',
      categoryRows.map((c) => ({ ...c, image: null })),
    )
    await insertJson(
      tx,
      'brands',
      buildBrands().map((b) => ({ ...b, logo: null })),
    )
    await insertJson(
      tx,
      'campaigns',
      buildCampaigns(now).map((c) => ({ ...c, banner: null })),
    )
  })
  // a large catalogue loads much faster without its secondary indexes: drop them and build them once at the end
  const bulk = options.products >= 5000
  const secondary = bulk
    ? await queryRows<{ name: string; definition: string }>(
        db,
        sql`select indexname as name, indexdef as definition from pg_indexes
            where schemaname = current_schema() and tablename in ('products', 'skus')
              and indexdef not like 'CREATE UNIQUE%'`,
      )
    : []
  for (const index of secondary) await db.execute(sql`drop index if exists ${sql.identifier(index.name)}`)
  for (let start = 0; start < options.products; start += batchSize) {
    const count = Math.min(batchSize, options.products - start)
    const { products, skus } = generateProducts({ products: count, now, firstId: start + 1 })
    await db.transaction(async (tx) => {
      await insertJson(
        tx,
        'products',
        products.map((p) => ({ ...p, status: 'active' })),
      )
      await insertJson(tx, 'skus', skus)
    })
    options.onProgress?.(start + count, options.products)
  }
  for (const index of secondary) await db.execute(sql.raw(index.definition))
  for (const table of ['categories', 'brands', 'campaigns', 'products']) {
    const name = sql.raw(`'${table}'`)
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
    )
  }
  const yearAhead = new Date(now.getTime() + 365 * 86_400_000).toISOString()
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString()
  await db.transaction(async (tx) => {
    await insertJson(tx, 'menus', [
      { name: 'main_menu', items: mainMenu(), updated_at: now.toISOString() },
      { name: 'footer_menu', items: footerMenu(), updated_at: now.toISOString() },
    ])
    await insertJson(
      tx,
      'pages',
      pageDocuments().map((page) => ({
        slug: page.slug,
        title: page.title,
        body: page.blocks,
        title_bn: page.bn.title,
        body_bn: page.bn.blocks,
        updated_at: now.toISOString(),
      })),
    )
    await insertJson(tx, 'coupons', [
      {
        code: 'HAAT10',
        kind: 'percent',
        value: 10,
        min_subtotal: 1000,
        max_discount: 500,
        starts_at: dayAgo,
        ends_at: yearAhead,
        active: true,
      },
      {
        code: 'EID200',
        kind: 'flat',
        value: 200,
        min_subtotal: 2500,
        max_discount: null,
        starts_at: dayAgo,
        ends_at: yearAhead,
        active: true,
      },
    ])
  })
  // the planner's statistics, and the visibility map that lets lists be read off their indexes alone (what
  // PostgreSQL's autovacuum and PGlite's daily upkeep keep up afterwards): of the shop's tables, those emptied
  // in cascade included, not of the system catalogues a plain `vacuum analyze` also reads
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const names = sql.join(
    tables.map((table) => sql.identifier(table.name)),
    sql`, `,
  )
  await db.execute(sql`vacuum analyze ${names}`)
}
