import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type MenuDocument, menuItem, type PageDocument, pageBlock } from '../../../src/contract/menu'
import { type Db, queryRows } from '../../db/client'

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

export async function readMenu(db: Db, name: string): Promise<MenuDocument | null> {
  const rows = await queryRows<{ items: unknown }>(db, sql`select items from menus where name = ${name}`)
  const row = rows[0]
  if (!row) return null
  return { menu: z.array(menuItem).parse(parseJson(row.items)) }
}

export async function readPage(db: Db, slug: string): Promise<PageDocument | null> {
  const rows = await queryRows<{ slug: string; title: string; body: unknown }>(
    db,
    sql`select slug, title, body from pages where slug = ${slug}`,
  )
  const row = rows[0]
  if (!row) return null
  return { slug: row.slug, title: row.title, blocks: z.array(pageBlock).parse(parseJson(row.body)) }
}
