import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Language } from '../../src/contract/language'
import { type MenuDocument, menuItem, type PageDocument, pageBlock } from '../../src/contract/menu'
import { queryRows } from '../db/client'

/** The shop's menus and static pages, as documents. */
export type ContentRepository = {
  /** a menu by name (main_menu, footer_menu), both languages in one; null when there is none */
  menu(name: string): Promise<MenuDocument | null>
  /**
   * A static page by slug (about, terms, …) in the language asked for, or in English when it has no
   * Bangla version yet (`language` says which it is); null when there is none.
   */
  page(slug: string, language: Language): Promise<{ page: PageDocument; language: Language } | null>
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
    async page(slug, language) {
      const [row] = await queryRows<{
        slug: string
        title: string
        body: unknown
        title_bn: string
        body_bn: unknown
      }>(app.db, sql`select slug, title, body, title_bn, body_bn from pages where slug = ${slug}`)
      if (!row) return null
      // a half-written translation (a title without a body, or the reverse) is not shown
      const bangla = language === 'bn' && row.title_bn !== '' && row.body_bn !== null
      const [title, body] = bangla ? [row.title_bn, row.body_bn] : [row.title, row.body]
      return {
        page: { slug: row.slug, title, blocks: z.array(pageBlock).parse(parseJson(body)) },
        language: bangla ? 'bn' : 'en',
      }
    },
  }
}

export default fp(
  async function contentRepository(app: FastifyInstance) {
    app.decorate('content', createContentRepository(app))
  },
  { name: 'content-repository', dependencies: ['context'] },
)
