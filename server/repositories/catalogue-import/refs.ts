import type { Db } from '../../db/client'
import { brands, campaigns, categories } from '../../db/schema'

/**
 * The ids of the slugs a file names its categories, brands and campaigns by (a category or brand also by its
 * English or Bangla name, in any case, as a Shopify or WooCommerce export names them); category paths as read.
 */
export type Refs = {
  categories: Map<string, number>
  brands: Map<string, number>
  campaigns: Map<string, number>
  paths: Map<number, number[]>
}

export async function loadRefs(db: Db): Promise<Refs> {
  const [categoryRows, brandRows, campaignRows] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, nameBn: categories.nameBn })
      .from(categories),
    db.select({ id: brands.id, slug: brands.slug, name: brands.name, nameBn: brands.nameBn }).from(brands),
    db.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns),
  ])
  const bySlug = (rows: { id: number; slug: string }[]) => new Map(rows.map((row) => [row.slug, row.id]))
  /** by slug, then by name where no slug is the same text */
  const bySlugOrName = (rows: { id: number; slug: string; name: string; nameBn: string }[]) => {
    const found = new Map<string, number>()
    for (const row of rows) {
      for (const name of [row.name, row.nameBn]) if (name) found.set(nameKey(name), row.id)
    }
    for (const row of rows) found.set(row.slug, row.id)
    return found
  }
  return {
    categories: bySlugOrName(categoryRows),
    brands: bySlugOrName(brandRows),
    campaigns: bySlug(campaignRows),
    paths: new Map(),
  }
}

/** How a name is looked up: in lower case, its spaces single. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** The id a file's category or brand cell names: a slug as it is, or a name in any case. */
export const refOf = (found: Map<string, number>, cell: string) => found.get(cell) ?? found.get(nameKey(cell))
