import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'

export type NamedRef = { id: number; name: string; slug: string }
export type CategoryRef = NamedRef & { parentId: number | null; position: number }
export type CampaignRef = NamedRef & { endsAt: Date; startsAt: Date }

export type CatalogueRefs = {
  categories: Map<number, CategoryRef>
  categoryBySlug: Map<string, CategoryRef>
  brands: Map<number, NamedRef>
  brandBySlug: Map<string, NamedRef>
  campaigns: Map<number, CampaignRef>
  campaignBySlug: Map<string, CampaignRef>
}

const TTL_MS = 30_000
const MAX_AGE_MS = 5 * 60_000

/** Categories, brands and campaigns are small and read on every request: kept in memory for a short while. */
export function createRefsCache(db: Db) {
  let cached: { at: number; refs: Promise<CatalogueRefs> } | null = null
  /** The last refs loaded and their rows: unchanged rows give back the same object, so answers built from it stay reusable. */
  let last: { rows: string; refs: CatalogueRefs } | null = null

  async function load(): Promise<CatalogueRefs> {
    const [categoryRows, brandRows, campaignRows] = await Promise.all([
      queryRows<{ id: number; name: string; slug: string; parent_id: number | null; position: number }>(
        db,
        sql`select id, name, slug, parent_id, position from categories order by position, id`,
      ),
      queryRows<NamedRef>(db, sql`select id, name, slug from brands order by name`),
      queryRows<{ id: number; name: string; slug: string; starts_at: Date | string; ends_at: Date | string }>(
        db,
        sql`select id, name, slug, starts_at, ends_at from campaigns order by id`,
      ),
    ])
    const rows = JSON.stringify([categoryRows, brandRows, campaignRows])
    if (last?.rows === rows) return last.refs
    const categories = new Map<number, CategoryRef>()
    for (const row of categoryRows) {
      categories.set(row.id, {
        id: row.id,
        name: row.name,
        slug: row.slug,
        parentId: row.parent_id,
        position: row.position,
      })
    }
    const brands = new Map(brandRows.map((b) => [b.id, { id: b.id, name: b.name, slug: b.slug }]))
    const campaigns = new Map<number, CampaignRef>()
    for (const row of campaignRows) {
      campaigns.set(row.id, {
        id: row.id,
        name: row.name,
        slug: row.slug,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
      })
    }
    const bySlug = <T extends NamedRef>(map: Map<number, T>) =>
      new Map([...map.values()].map((v) => [v.slug, v]))
    const refs = {
      categories,
      categoryBySlug: bySlug(categories),
      brands,
      brandBySlug: bySlug(brands),
      campaigns,
      campaignBySlug: bySlug(campaigns),
    }
    last = { rows, refs }
    return refs
  }

  function reload(): Promise<CatalogueRefs> {
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
    get(): Promise<CatalogueRefs> {
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
      return cached.refs
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
