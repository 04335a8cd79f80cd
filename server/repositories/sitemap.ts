import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/** What the sitemap says of a product a shopper can see. */
export type SitemapProduct = { id: number; slug: string; updatedAt: Date; images: string[] }

/** How many products one read brings: a few hundred kilobytes of rows, whatever the catalogue's size. */
const PRODUCTS_PER_READ = 2_000

/**
 * The shop's active products (drafts and archived ones are no shopper's), in id order, read a page at a
 * time after the last id seen (the primary key's index: each read costs the same, the first or the last).
 */
export async function* sitemapProducts(db: Db, perRead = PRODUCTS_PER_READ): AsyncGenerator<SitemapProduct> {
  let after = 0
  for (;;) {
    const rows = await queryRows<{ id: number; slug: string; updated_at: Date | string; thumbnail: string }>(
      db,
      sql`select id, slug, updated_at, thumbnail from products
          where status = 'active' and id > ${after} order by id limit ${perRead}`,
    )
    for (const row of rows) {
      yield {
        id: row.id,
        slug: row.slug,
        updatedAt: new Date(row.updated_at),
        images: row.thumbnail
          .split(',')
          .map((image) => image.trim())
          .filter(Boolean),
      }
    }
    const last = rows.at(-1)
    if (!last || rows.length < perRead) return
    after = last.id
  }
}

/** The shop's published content pages, by address, with when each was last saved. */
export async function sitemapPages(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await queryRows<{ slug: string; updated_at: Date | string }>(
    db,
    sql`select slug, updated_at from pages where published order by slug`,
  )
  return rows.map((row) => ({ slug: row.slug, updatedAt: new Date(row.updated_at) }))
}
