import { sql } from 'drizzle-orm'
import type { OptionKind } from '../../../src/contract/admin-option-labels'
import type { Language } from '../../../src/contract/language'
import { type Db, queryRows } from '../../db/client'
import { banglaOption, labelBook, type OptionLabelBook } from '../../domain/option-labels'

export type NamedRef = { id: number; name: string; slug: string }
export type CategoryRef = NamedRef & { parentId: number | null; position: number }
export type CampaignRef = NamedRef & { endsAt: Date; startsAt: Date; banner: string | null }

/** Categories, brands and campaigns by id and by slug, and the options' names, in one language. */
export type CatalogueRefs = {
  language: Language
  categories: Map<number, CategoryRef>
  categoryBySlug: Map<string, CategoryRef>
  brands: Map<number, NamedRef>
  brandBySlug: Map<string, NamedRef>
  campaigns: Map<number, CampaignRef>
  campaignBySlug: Map<string, CampaignRef>
  /** the shop's own Bangla of its sizes and colours (Bangla refs only: English names a value by itself) */
  optionLabels: OptionLabelBook | null
}

type RefsByLanguage = Record<Language, CatalogueRefs>
type Named = { id: number; name: string; name_bn: string; slug: string }
type CategoryRow = Named & { parent_id: number | null; position: number }
type CampaignRow = Named & { starts_at: Date | string; ends_at: Date | string; banner: string | null }
type OptionLabelRow = { kind: OptionKind; value: string; valueBn: string }

const TTL_MS = 30_000
const MAX_AGE_MS = 5 * 60_000

/** A name in the language: the Bangla one when there is one, else the English. */
const nameIn = (row: Named, language: Language) => (language === 'bn' && row.name_bn ? row.name_bn : row.name)

function buildRefs(
  language: Language,
  categoryRows: CategoryRow[],
  brandRows: Named[],
  campaignRows: CampaignRow[],
  optionRows: OptionLabelRow[],
): CatalogueRefs {
  const categories = new Map<number, CategoryRef>()
  for (const row of categoryRows) {
    categories.set(row.id, {
      id: row.id,
      name: nameIn(row, language),
      slug: row.slug,
      parentId: row.parent_id,
      position: row.position,
    })
  }
  const brands = new Map(brandRows.map((b) => [b.id, { id: b.id, name: nameIn(b, language), slug: b.slug }]))
  const campaigns = new Map<number, CampaignRef>()
  for (const row of campaignRows) {
    campaigns.set(row.id, {
      id: row.id,
      name: nameIn(row, language),
      slug: row.slug,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      banner: row.banner || null,
    })
  }
  const bySlug = <T extends NamedRef>(map: Map<number, T>) =>
    new Map([...map.values()].map((v) => [v.slug, v]))
  return {
    language,
    categories,
    categoryBySlug: bySlug(categories),
    brands,
    brandBySlug: bySlug(brands),
    campaigns,
    campaignBySlug: bySlug(campaigns),
    optionLabels: language === 'bn' ? labelBook(optionRows) : null,
  }
}

/** A campaign as the shop's answers name it (a product's running campaign, a listing's campaign). */
export function campaignOf(campaign: CampaignRef) {
  return {
    id: campaign.id,
    name: campaign.name,
    slug: campaign.slug,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    banner: campaign.banner,
  }
}

/** A size or colour as the refs' language names it (the English value is its own English name). */
export function optionLabel(refs: CatalogueRefs, kind: OptionKind, value: string): string {
  return refs.optionLabels ? banglaOption(refs.optionLabels, kind, value) : value
}

/**
 * Categories, brands and campaigns are small and read on every request: kept in memory for a short
 * while, named in each language.
 */
export function createRefsCache(db: Db) {
  let cached: { at: number; refs: Promise<RefsByLanguage> } | null = null
  /** The last refs loaded and their rows: unchanged rows give back the same objects, so answers built from them stay reusable. */
  let last: { rows: string; refs: RefsByLanguage } | null = null

  async function load(): Promise<RefsByLanguage> {
    const [categoryRows, brandRows, campaignRows, optionRows] = await Promise.all([
      queryRows<CategoryRow>(
        db,
        sql`select id, name, name_bn, slug, parent_id, position from categories order by position, id`,
      ),
      queryRows<Named>(db, sql`select id, name, name_bn, slug from brands order by name`),
      queryRows<CampaignRow>(
        db,
        sql`select id, name, name_bn, slug, starts_at, ends_at, banner from campaigns order by id`,
      ),
      queryRows<OptionLabelRow>(
        db,
        sql`select kind, value, value_bn as "valueBn" from option_labels order by kind, value`,
      ),
    ])
    const rows = JSON.stringify([categoryRows, brandRows, campaignRows, optionRows])
    if (last?.rows === rows) return last.refs
    const refs = {
      en: buildRefs('en', categoryRows, brandRows, campaignRows, optionRows),
      bn: buildRefs('bn', categoryRows, brandRows, campaignRows, optionRows),
    }
    last = { rows, refs }
    return refs
  }

  function reload(): Promise<RefsByLanguage> {
    const refs = load()
    refs.then(
      () => {
        cached = { at: Date.now(), refs }
      },
      () => {
        if (cached?.refs === refs) cached = null
      },
    )
    return refs
  }

  let refreshing = false
  return {
    /** After TTL_MS the old refs are still answered (for up to MAX_AGE_MS) while fresh ones load. */
    async get(language: Language = 'en'): Promise<CatalogueRefs> {
      const now = Date.now()
      if (!cached || now - cached.at > MAX_AGE_MS) {
        cached = { at: now, refs: reload() }
      } else if (now - cached.at > TTL_MS && !refreshing) {
        refreshing = true
        reload()
          .catch(() => undefined)
          .finally(() => {
            refreshing = false
          })
      }
      return (await cached.refs)[language]
    },
    clear() {
      cached = null
    },
  }
}

/** The category and its ancestors, top first. */
export function categoryTrail(refs: CatalogueRefs, id: number): NamedRef[] {
  const trail: NamedRef[] = []
  let current = refs.categories.get(id)
  while (current && trail.length < 10) {
    trail.unshift({ id: current.id, name: current.name, slug: current.slug })
    current = current.parentId === null ? undefined : refs.categories.get(current.parentId)
  }
  return trail
}

export const unknownRef = (id: number): NamedRef => ({ id, name: '', slug: '' })
