import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { MENU_MAX_ITEMS } from '../../../src/contract/admin-content'
import { type MenuItem, menuItem } from '../../../src/contract/menu'
import { type Db, queryRows, type Tx } from '../../db/client'
import { conflict, invalid, notFound } from '../../domain/errors'
import type { ContentRepository } from './index'
import { type ContentChanged, HOME_PAGE_MENU, parseJson, refuse, sameVersion, versionOf } from './shared'

const menuItems = (value: unknown) => z.array(menuItem).parse(parseJson(value))

const targetTables: Record<string, SQL> = {
  category: sql`categories`,
  brand: sql`brands`,
  campaign: sql`campaigns`,
  page: sql`pages`,
}

export async function menuRow(db: Db | Tx, name: string, lock = false) {
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
export async function withRunningCampaigns(app: FastifyInstance, menu: MenuItem[]): Promise<MenuItem[]> {
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

/**
 * `menu` with a new category's item: at the end of the submenu of the top-level item that opens its parent
 * category, else (no parent, or its parent not at the top level of the menu) at the end of the top level.
 */
export function withCategoryItem(menu: MenuItem[], item: MenuItem, parentSlug: string | null): MenuItem[] {
  const parent =
    parentSlug === null ? -1 : menu.findIndex((top) => top.type === 'category' && top.url === parentSlug)
  if (parent < 0) return [...menu, item]
  return menu.map((top, at) => (at === parent ? { ...top, submenu: [...top.submenu, item] } : top))
}

const itemCount = (menu: MenuItem[]) => menu.reduce((count, item) => count + 1 + item.submenu.length, 0)

/**
 * Adds a new category's item to a menu in the caller's transaction (where: `withCategoryItem`). The menu is
 * locked and its version moves on, so an editor open on the one before is told someone saved first. A full
 * menu refuses, and the caller's transaction writes nothing.
 */
export async function addCategoryItem(
  tx: Tx,
  name: string,
  item: MenuItem,
  parentSlug: string | null,
  changed: ContentChanged,
): Promise<void> {
  const current = await menuRow(tx, name, true)
  const menu = withCategoryItem(current?.menu ?? [], item, parentSlug)
  if (itemCount(menu) > MENU_MAX_ITEMS) throw invalid('addToMenu', 'The menu already has 50 items')
  const items = JSON.stringify(menu)
  const [saved] = await queryRows<{ version: string }>(
    tx,
    current
      ? sql`update menus set items = ${items}::jsonb, updated_at = clock_timestamp() where name = ${name}
          returning ${versionOf} as version`
      : sql`insert into menus (name, items, updated_at) values (${name}, ${items}::jsonb, clock_timestamp())
          on conflict (name) do nothing returning ${versionOf} as version`,
  )
  if (!saved) throw conflict({ addToMenu: ['The menu was changed meanwhile: save again'] })
  await changed(tx, current ? { menu: current.menu } : null, { menu })
}

type MenuContent = Pick<
  ContentRepository,
  'menu' | 'menuForEdit' | 'saveMenu' | 'missingTargets' | 'targetNames'
>

/** The shop's menus (main, footer, the home page's sections) and the targets their items name. */
export function menuRepository(app: FastifyInstance): MenuContent {
  return {
    async menu(name) {
      if (name === HOME_PAGE_MENU) return app.content.homeDocument()
      const row = await menuRow(app.db, name)
      return row ? { menu: row.menu } : null
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
        if (!saved) return refuse(app, tx, 'menu', name, sql`menus`, sql`name = ${name}`)
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
  }
}
