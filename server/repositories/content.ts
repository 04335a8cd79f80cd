import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { type MenuDocument, menuItem, type PageDocument, pageBlock } from '../../src/contract/menu'
import { queryRows } from '../db/client'

/** The shop's menus and static pages, as documents. */
export type ContentRepository = {
  /** a menu by name (main_menu, footer_menu); null when the shop has none of that name */
  menu(name: string): Promise<MenuDocument | null>
  /** a static page by slug (about, terms, …); null when there is none */
  page(slug: string): Promise<PageDocument | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository
  }
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

export function createContentRepository(app: FastifyInstance): ContentRepository {
  return {
    async menu(name) {
      const [row] = await queryRows<{ items: unknown }>(
        app.db,
        sql`select items from menus where name = ${name}`,
      )
      return row ? { menu: z.array(menuItem).parse(parseJson(row.items)) } : null
    },
    async page(slug) {
      const [row] = await queryRows<{ slug: string; title: string; body: unknown }>(
        app.db,
        sql`select slug, title, body from pages where slug = ${slug}`,
      )
      return row
        ? { slug: row.slug, title: row.title, blocks: z.array(pageBlock).parse(parseJson(row.body)) }
        : null
    },
  }
}

export default fp(
  async function contentRepository(app: FastifyInstance) {
    app.decorate('content', createContentRepository(app))
  },
  { name: 'content-repository', dependencies: ['context'] },
)
