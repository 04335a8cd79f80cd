import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { HomeSectionEdit, PageEdit, PageSummary } from '../../src/contract/admin-content'
import type { Language } from '../../src/contract/language'
import {
  type MenuDocument,
  type MenuItem,
  menuItem,
  type PageDocument,
  pageBlock,
} from '../../src/contract/menu'
import { type Db, queryRows, type Tx } from '../db/client'
import { blocksToMarkdown, markdownBlocks } from '../domain/markdown'
import { conflict, HttpError, notFound } from '../plugins/errors'

/** The home page's sections, kept as a menu document of this name (campaign and category items). */
export const HOME_PAGE_MENU = 'home_page'

/** Runs inside a save's transaction with what was there and what is now: the audit log's entry. */
export type ContentChanged = (
  tx: Tx,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) => Promise<void>

export type PageInput = {
  title: string
  titleBn: string
  markdown: string
  markdownBn: string
  published: boolean
}

/** Someone saved since the version the editor loaded: who (their name, when known) and when. */
export class ContentConflict extends HttpError {
  constructor(
    readonly by: string | null,
    readonly at: Date,
  ) {
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Dhaka',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at)
    super(409, {
      version: [by ? `Changed by ${by} at ${time}` : `Changed by someone else at ${time}`],
    })
  }
}

/** The shop's menus, static pages and home page sections, as documents; and their editing. */
export type ContentRepository = {
  /**
   * A menu by name (main_menu, footer_menu, home_page), both languages in one; null when there is none.
   * The home page's sections are the main menu until the shop chooses its own.
   */
  menu(name: string): Promise<MenuDocument | null>
  /**
   * A published static page by slug (about, terms, …) in the language asked for, or in English when it has
   * no Bangla version yet (`language` says which it is); null when there is none.
   */
  page(slug: string, language: Language): Promise<{ page: PageDocument; language: Language } | null>

  /** a menu for its editor, with its version; an empty menu without a version when there is none */
  menuForEdit(name: string): Promise<{ menu: MenuItem[]; version: string | null }>
  /** replaces a menu, when nobody saved since `version` (else ContentConflict) */
  saveMenu(
    name: string,
    menu: MenuItem[],
    version: string | null,
    changed: ContentChanged,
  ): Promise<{ menu: MenuItem[]; version: string }>
  /** which of these slugs have no row in the table of their type */
  missingTargets(items: { type: string; url: string }[]): Promise<Set<string>>
  /** the names of campaigns or categories by slug */
  targetNames(
    type: 'campaign' | 'category',
    slugs: string[],
  ): Promise<Map<string, { name: string; nameBn: string }>>

  pages(): Promise<PageSummary[]>
  pageForEdit(slug: string): Promise<PageEdit | null>
  createPage(slug: string, input: PageInput, changed: ContentChanged): Promise<PageEdit>
  savePage(slug: string, input: PageInput, version: string | null, changed: ContentChanged): Promise<PageEdit>
  unpublishPage(slug: string, changed: ContentChanged): Promise<PageEdit>

  /** the home page's sections as the editor shows them; without a version while they follow the main menu */
  homeForEdit(): Promise<{ sections: HomeSectionEdit[]; version: string | null }>
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository
  }
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)
const menuItems = (value: unknown) => z.array(menuItem).parse(parseJson(value))
const blocksOf = (value: unknown) => z.array(pageBlock).parse(parseJson(value))

/** A row's version: its last change to the microsecond, as text (the same on PGlite and PostgreSQL). */
const versionOf = sql`(extract(epoch from updated_at) * 1000000)::bigint::text`
/** a version as the editor sent it, or one that matches nothing */
const sameVersion = (version: string) => sql`${versionOf} = ${/^\d{1,20}$/.test(version) ? version : '-1'}`

const targetTables: Record<string, SQL> = {
  category: sql`categories`,
  brand: sql`brands`,
  campaign: sql`campaigns`,
  page: sql`pages`,
}

type PageRow = {
  slug: string
  title: string
  title_bn: string
  body: unknown
  body_bn: unknown
  markdown: string
  markdown_bn: string
  published: boolean
  version: string
}
const pageColumns = sql`slug, title, title_bn, body, body_bn, markdown, markdown_bn, published, ${versionOf} as version`

function pageEdit(row: PageRow): PageEdit {
  // a page made before Markdown opens as Markdown written from its blocks
  const markdownBn =
    row.markdown_bn !== '' || row.body_bn === null ? row.markdown_bn : blocksToMarkdown(blocksOf(row.body_bn))
  return {
    slug: row.slug,
    title: row.title,
    titleBn: row.title_bn,
    markdown: row.markdown !== '' ? row.markdown : blocksToMarkdown(blocksOf(row.body)),
    markdownBn,
    published: row.published,
    version: row.version,
  }
}

/** what the audit log keeps of a page (its Markdown, not the HTML rendered from it) */
const pageAudit = (page: PageEdit) => {
  const { version: _version, ...fields } = page
  return fields
}

/** The shopper's documents of a page's Markdown: English, and Bangla when it has a Bangla text. */
function renderedPage(input: PageInput) {
  return {
    title: input.title,
    titleBn: input.titleBn,
    markdown: input.markdown,
    markdownBn: input.markdownBn,
    published: input.published,
    body: JSON.stringify(markdownBlocks(input.markdown)),
    bodyBn: input.markdownBn.trim() === '' ? null : JSON.stringify(markdownBlocks(input.markdownBn)),
  }
}

/** The home page as shoppers see it while the shop has not chosen its sections: from the main menu. */
function sectionsOfMenu(menu: MenuItem[]): HomeSectionEdit[] {
  const findCampaign = (items: MenuItem[]): MenuItem | undefined => {
    for (const item of items) {
      if (item.type === 'campaign') return item
      const inner = findCampaign(item.submenu)
      if (inner) return inner
    }
    return undefined
  }
  const campaign = findCampaign(menu)
  const categories = menu.filter((item) => item.type === 'category').slice(0, 4)
  return (campaign ? [campaign, ...categories] : categories).map((item) => ({
    type: item.type as 'campaign' | 'category',
    slug: item.url,
    name: item.name,
    nameBn: item.nameBn,
  }))
}

export function createContentRepository(app: FastifyInstance): ContentRepository {
  /** who last changed the object (from the audit log), for a conflict's answer */
  async function lastEditor(db: Db | Tx, objectType: string, objectId: string) {
    const [row] = await queryRows<{ name: string | null }>(
      db,
      sql`select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name
          from audit_log a left join users u on u.id = a.staff_id
          where a.object_type = ${objectType} and a.object_id = ${objectId}
          order by a.at desc, a.id desc limit 1`,
    )
    return row?.name ?? null
  }

  async function refuse(tx: Tx, objectType: string, objectId: string, table: SQL, key: SQL): Promise<never> {
    const [row] = await queryRows<{ updated_at: string | Date }>(
      tx,
      sql`select updated_at from ${table} where ${key}`,
    )
    const at = row ? new Date(row.updated_at) : app.clock.now()
    throw new ContentConflict(await lastEditor(tx, objectType, objectId), at)
  }

  async function menuRow(db: Db | Tx, name: string, lock = false) {
    const [row] = await queryRows<{ items: unknown; version: string }>(
      db,
      sql`select items, ${versionOf} as version from menus where name = ${name} ${lock ? sql`for update` : sql``}`,
    )
    return row ? { menu: menuItems(row.items), version: row.version } : null
  }

  /**
   * The home page's campaign items as shoppers see them now: the campaign's own names, and its end while it
   * runs (the flash deal's countdown). A product can be in several campaigns at once, so the deal's heading
   * and end come from its own campaign, never from one of its products.
   */
  async function withRunningCampaigns(menu: MenuItem[]): Promise<MenuItem[]> {
    const slugs: string[] = []
    const collect = (items: MenuItem[]) => {
      for (const item of items) {
        if (item.type === 'campaign') slugs.push(item.url)
        collect(item.submenu)
      }
    }
    collect(menu)
    if (slugs.length === 0) return menu
    const now = app.clock.now().toISOString()
    const rows = await queryRows<{
      slug: string
      name: string
      name_bn: string
      ends_at: Date | string | null
    }>(
      app.db,
      sql`select slug, name, name_bn,
                 case when starts_at <= ${now}::timestamptz and ends_at > ${now}::timestamptz then ends_at end as ends_at
          from campaigns where slug in (${sql.join(
            slugs.map((slug) => sql`${slug}`),
            sql`, `,
          )})`,
    )
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    const fill = (items: MenuItem[]): MenuItem[] =>
      items.map((item) => {
        const campaign = item.type === 'campaign' ? bySlug.get(item.url) : undefined
        const submenu = fill(item.submenu)
        if (!campaign) return { ...item, submenu }
        const { endsAt: _old, ...rest } = item
        return {
          ...rest,
          name: campaign.name,
          ...(campaign.name_bn ? { nameBn: campaign.name_bn } : {}),
          ...(campaign.ends_at ? { endsAt: new Date(campaign.ends_at).toISOString() } : {}),
          submenu,
        }
      })
    return fill(menu)
  }

  async function pageRow(db: Db | Tx, slug: string, lock = false) {
    const [row] = await queryRows<PageRow>(
      db,
      sql`select ${pageColumns} from pages where slug = ${slug} ${lock ? sql`for update` : sql``}`,
    )
    return row ?? null
  }

  return {
    async menu(name) {
      if (name !== HOME_PAGE_MENU) {
        const row = await menuRow(app.db, name)
        return row ? { menu: row.menu } : null
      }
      const row = (await menuRow(app.db, name)) ?? (await menuRow(app.db, 'main_menu'))
      return row ? { menu: await withRunningCampaigns(row.menu) } : null
    },

    async page(slug, language) {
      const [row] = await queryRows<{
        slug: string
        title: string
        body: unknown
        title_bn: string
        body_bn: unknown
      }>(
        app.db,
        sql`select slug, title, body, title_bn, body_bn from pages where slug = ${slug} and published`,
      )
      if (!row) return null
      // a half-written translation (a title without a body, or the reverse) is not shown
      const bangla = language === 'bn' && row.title_bn !== '' && row.body_bn !== null
      const [title, body] = bangla ? [row.title_bn, row.body_bn] : [row.title, row.body]
      return {
        page: { slug: row.slug, title, blocks: blocksOf(body) },
        language: bangla ? 'bn' : 'en',
      }
    },

    async menuForEdit(name) {
      return (await menuRow(app.db, name)) ?? { menu: [], version: null }
    },

    saveMenu(name, menu, version, changed) {
      return app.db.transaction(async (tx) => {
        const current = await menuRow(tx, name, true)
        const items = JSON.stringify(menu)
        let saved: { version: string } | undefined
        if (!current) {
          // a first save: nobody may have made it meanwhile
          if (version !== null) throw notFound('version', 'Menu not found')
          ;[saved] = await queryRows<{ version: string }>(
            tx,
            sql`insert into menus (name, items, updated_at) values (${name}, ${items}::jsonb, clock_timestamp())
                on conflict (name) do nothing returning ${versionOf} as version`,
          )
        } else if (version !== null) {
          ;[saved] = await queryRows<{ version: string }>(
            tx,
            sql`update menus set items = ${items}::jsonb, updated_at = clock_timestamp()
                where name = ${name} and ${sameVersion(version)} returning ${versionOf} as version`,
          )
        }
        if (!saved) return refuse(tx, 'menu', name, sql`menus`, sql`name = ${name}`)
        await changed(tx, current ? { menu: current.menu } : null, { menu })
        return { menu, version: saved.version }
      })
    },

    async missingTargets(items) {
      const missing = new Set<string>()
      for (const [type, table] of Object.entries(targetTables)) {
        const slugs = [...new Set(items.filter((item) => item.type === type).map((item) => item.url))]
        if (slugs.length === 0) continue
        const found = await queryRows<{ slug: string }>(
          app.db,
          sql`select slug from ${table} where slug in (${sql.join(
            slugs.map((slug) => sql`${slug}`),
            sql`, `,
          )})`,
        )
        const known = new Set(found.map((row) => row.slug))
        for (const slug of slugs) if (!known.has(slug)) missing.add(`${type}:${slug}`)
      }
      return missing
    },

    async targetNames(type, slugs) {
      if (slugs.length === 0) return new Map()
      const rows = await queryRows<{ slug: string; name: string; name_bn: string }>(
        app.db,
        sql`select slug, name, name_bn from ${targetTables[type] as SQL} where slug in (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`,
      )
      return new Map(rows.map((row) => [row.slug, { name: row.name, nameBn: row.name_bn }]))
    },

    async pages() {
      const rows = await queryRows<{
        slug: string
        title: string
        title_bn: string
        published: boolean
        updated_at: string | Date
      }>(app.db, sql`select slug, title, title_bn, published, updated_at from pages order by title, slug`)
      return rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        titleBn: row.title_bn,
        published: row.published,
        updatedAt: new Date(row.updated_at).toISOString(),
      }))
    },

    async pageForEdit(slug) {
      const row = await pageRow(app.db, slug)
      return row ? pageEdit(row) : null
    },

    createPage(slug, input, changed) {
      return app.db.transaction(async (tx) => {
        const page = renderedPage(input)
        const [row] = await queryRows<PageRow>(
          tx,
          sql`insert into pages (slug, title, title_bn, markdown, markdown_bn, published, body, body_bn, updated_at)
              values (${slug}, ${page.title}, ${page.titleBn}, ${page.markdown}, ${page.markdownBn},
                      ${page.published}, ${page.body}::jsonb, ${page.bodyBn}::jsonb, clock_timestamp())
              on conflict (slug) do nothing returning ${pageColumns}`,
        )
        if (!row) throw conflict({ slug: ['A page with this address exists'] })
        const created = pageEdit(row)
        await changed(tx, null, pageAudit(created))
        return created
      })
    },

    savePage(slug, input, version, changed) {
      return app.db.transaction(async (tx) => {
        const current = await pageRow(tx, slug, true)
        if (!current) throw notFound('slug', 'Page not found')
        const page = renderedPage(input)
        const [row] =
          version === null
            ? []
            : await queryRows<PageRow>(
                tx,
                sql`update pages set title = ${page.title}, title_bn = ${page.titleBn}, markdown = ${page.markdown},
                      markdown_bn = ${page.markdownBn}, published = ${page.published}, body = ${page.body}::jsonb,
                      body_bn = ${page.bodyBn}::jsonb, updated_at = clock_timestamp()
                    where slug = ${slug} and ${sameVersion(version)} returning ${pageColumns}`,
              )
        if (!row) return refuse(tx, 'page', slug, sql`pages`, sql`slug = ${slug}`)
        const saved = pageEdit(row)
        await changed(tx, pageAudit(pageEdit(current)), pageAudit(saved))
        return saved
      })
    },

    unpublishPage(slug, changed) {
      return app.db.transaction(async (tx) => {
        const current = await pageRow(tx, slug, true)
        if (!current) throw notFound('slug', 'Page not found')
        const [row] = await queryRows<PageRow>(
          tx,
          sql`update pages set published = false, updated_at = clock_timestamp() where slug = ${slug}
              returning ${pageColumns}`,
        )
        if (!row) throw notFound('slug', 'Page not found')
        await changed(tx, { published: current.published }, { published: false })
        return pageEdit(row)
      })
    },

    async homeForEdit() {
      const own = await menuRow(app.db, HOME_PAGE_MENU)
      if (own) {
        return {
          version: own.version,
          sections: own.menu.map((item) => ({
            type: item.type as 'campaign' | 'category',
            slug: item.url,
            name: item.name,
            nameBn: item.nameBn,
          })),
        }
      }
      const main = await menuRow(app.db, 'main_menu')
      return { version: null, sections: sectionsOfMenu(main?.menu ?? []) }
    },
  }
}

export default fp(
  async function contentRepository(app: FastifyInstance) {
    app.decorate('content', createContentRepository(app))
  },
  { name: 'content-repository', dependencies: ['context'] },
)
