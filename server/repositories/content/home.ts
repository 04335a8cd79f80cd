import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { type HomeSectionEdit, homeSection } from '../../../src/contract/admin-content'
import type { MenuItem } from '../../../src/contract/menu'
import { dhakaDay } from '../../../src/lib/dhaka-time'
import { type Db, queryRows, type Tx } from '../../db/client'
import { notFound } from '../../domain/errors'
import type { ContentRepository } from './index'
import { menuRow, withRunningCampaigns } from './menus'
import { HOME_PAGE_MENU, MISSING_TARGET, parseJson, refuse, versionOf } from './shared'

/** The sections saved but not yet published: the editor's, which shoppers do not see. */
export const HOME_DRAFT_MENU = 'home_page_draft'

/**
 * A home page row's sections. A row is `{ sections }` in the editor's shape (schedule included); one saved
 * before the page had banners, schedules and drafts is a plain menu of campaign and category items.
 */
function sectionsOf(value: unknown): HomeSectionEdit[] {
  const stored = parseJson(value)
  if (Array.isArray(stored)) {
    return (stored as MenuItem[]).map((item) =>
      homeSection.parse({ type: item.type, slug: item.url, name: item.name, nameBn: item.nameBn }),
    )
  }
  return z.object({ sections: z.array(homeSection) }).parse(stored).sections
}

async function homeRow(db: Db | Tx, name: string, lock = false) {
  const [row] = await queryRows<{ items: unknown; version: string }>(
    db,
    sql`select items, ${versionOf} as version from menus where name = ${name} ${lock ? sql`for update` : sql``}`,
  )
  return row ? { sections: sectionsOf(row.items), version: row.version } : null
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
  return (campaign ? [campaign, ...categories] : categories).map((item) =>
    homeSection.parse({ type: item.type, slug: item.url, name: item.name, nameBn: item.nameBn }),
  )
}

/** Whether a section's schedule shows it on `day` (both ends shown). */
const showsOn = (section: HomeSectionEdit, day: string) =>
  (!section.startsOn || section.startsOn <= day) && (!section.endsOn || day <= section.endsOn)

/** A section as the shoppers' menu document carries it (a banner's slides are its submenu). */
function menuItemOf(section: HomeSectionEdit): MenuItem {
  const names = { name: section.name ?? section.slug, ...(section.nameBn ? { nameBn: section.nameBn } : {}) }
  switch (section.type) {
    case 'banner':
      // named (for shoppers' screen readers) by its heading, else by its first picture
      return {
        name: section.name || section.slides[0]?.alt || '',
        ...(section.nameBn || section.slides[0]?.altBn
          ? { nameBn: section.nameBn || section.slides[0]?.altBn }
          : {}),
        type: 'banner',
        url: '',
        submenu: section.slides.map((slide) => ({
          name: slide.alt,
          ...(slide.altBn ? { nameBn: slide.altBn } : {}),
          type: 'custom',
          url: slide.link,
          image: slide.image,
          ...(slide.imageBn ? { imageBn: slide.imageBn } : {}),
          submenu: [],
        })),
      }
    case 'products':
      return { ...names, type: 'products', url: section.products.join(','), submenu: [] }
    default:
      return { ...names, type: section.type, url: section.slug, submenu: [] }
  }
}

/** Sections as shoppers get them on a Dhaka day: those scheduled for it, in order, campaigns as they run. */
async function shoppersDocument(app: FastifyInstance, sections: HomeSectionEdit[], day: string) {
  return withRunningCampaigns(app, sections.filter((section) => showsOn(section, day)).map(menuItemOf))
}

type HomeContent = Pick<
  ContentRepository,
  'homeForEdit' | 'homeDocument' | 'homePreview' | 'checkHomeSections' | 'saveHome'
>

/** The home page: its sections for the editor (a draft, or what is published), for shoppers, and saving. */
export function homeRepository(app: FastifyInstance): HomeContent {
  return {
    async homeForEdit() {
      const draft = await homeRow(app.db, HOME_DRAFT_MENU)
      if (draft) return { ...draft, draft: true }
      const own = await homeRow(app.db, HOME_PAGE_MENU)
      if (own) return { ...own, draft: false }
      const main = await menuRow(app.db, 'main_menu')
      return { version: null, sections: sectionsOfMenu(main?.menu ?? []), draft: false }
    },

    async homeDocument() {
      const own = await homeRow(app.db, HOME_PAGE_MENU)
      if (own) return { menu: await shoppersDocument(app, own.sections, dhakaDay(app.clock.now())) }
      const main = await menuRow(app.db, 'main_menu')
      if (!main) return null
      return { menu: await withRunningCampaigns(app, sectionsOfMenu(main.menu).map(menuItemOf)) }
    },

    async homePreview(sections, day) {
      return { menu: await shoppersDocument(app, sections, day ?? dhakaDay(app.clock.now())) }
    },

    async checkHomeSections(sections) {
      const fields: Record<string, string[]> = {}
      for (const type of ['campaign', 'category', 'brand'] as const) {
        const slugs = sections.filter((section) => section.type === type).map((section) => section.slug)
        const names = await app.content.targetNames(type, slugs)
        sections.forEach((section, index) => {
          if (section.type !== type) return
          const own = names.get(section.slug)
          if (!own) {
            fields[`sections.${index}.slug`] = [MISSING_TARGET[type]]
            return
          }
          section.name ||= own.name
          section.nameBn ||= own.nameBn || undefined
        })
      }
      const picked = [
        ...new Set(sections.flatMap((section) => (section.type === 'products' ? section.products : []))),
      ]
      const onSale = new Set(
        picked.length === 0
          ? []
          : (
              await queryRows<{ id: number }>(
                app.db,
                sql`select id from products where status = 'active' and id = any(${sql.param(picked)}::int[])`,
              )
            ).map((row) => row.id),
      )
      sections.forEach((section, index) => {
        if (section.type === 'products') {
          if (!section.name) fields[`sections.${index}.name`] = ['Give the row a heading']
          if (section.products.length === 0)
            fields[`sections.${index}.products`] = ['Pick at least one product']
          else if (section.products.some((id) => !onSale.has(id)))
            fields[`sections.${index}.products`] = ['Pick products that are on sale']
        }
        if (section.type === 'banner' && section.slides.length === 0)
          fields[`sections.${index}.slides`] = ['Add at least one picture']
        if (section.startsOn && section.endsOn && section.endsOn < section.startsOn)
          fields[`sections.${index}.endsOn`] = ['End on or after the first day']
      })
      return fields
    },

    saveHome(sections, version, draft, changed) {
      return app.db.transaction(async (tx) => {
        const draftRow = await homeRow(tx, HOME_DRAFT_MENU, true)
        const published = await homeRow(tx, HOME_PAGE_MENU, true)
        // the editor loaded the draft when there was one, else the published page
        const current = draftRow ?? published
        if ((current?.version ?? null) !== version) {
          if (!current) throw notFound('version', 'Home page not found')
          return refuse(
            app,
            tx,
            'menu',
            HOME_PAGE_MENU,
            sql`menus`,
            sql`name = ${current === draftRow ? HOME_DRAFT_MENU : HOME_PAGE_MENU}`,
          )
        }
        const target = draft ? HOME_DRAFT_MENU : HOME_PAGE_MENU
        const items = JSON.stringify({ sections })
        const [saved] = await queryRows<{ version: string }>(
          tx,
          sql`insert into menus (name, items, updated_at) values (${target}, ${items}::jsonb, clock_timestamp())
              on conflict (name) do update set items = excluded.items, updated_at = excluded.updated_at
              returning ${versionOf} as version`,
        )
        // publishing takes the draft's place: the editor opens on what shoppers see
        if (!draft) await tx.execute(sql`delete from menus where name = ${HOME_DRAFT_MENU}`)
        await changed(tx, current ? { sections: current.sections } : null, { sections, draft })
        return { sections, version: (saved as { version: string }).version, draft }
      })
    },
  }
}
