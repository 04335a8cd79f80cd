import type { Db } from '../../db/client'
import { brands, campaigns, categories } from '../../db/schema'

/**
 * The ids of the slugs a file names its categories, brands and campaigns by, and of the categories' and brands'
 * English and Bangla names (as a Shopify or WooCommerce export names them); category paths as read.
 */
export type Refs = {
  categories: Map<string, number>
  brands: Map<string, number>
  campaigns: Map<string, number>
  /** by `nameKey` of the English or the Bangla name */
  categoryNames: Map<string, number>
  brandNames: Map<string, number>
  paths: Map<number, number[]>
}

type Named = { id: number; slug: string; name: string; nameBn: string }

export async function loadRefs(db: Db): Promise<Refs> {
  const [categoryRows, brandRows, campaignRows] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, nameBn: categories.nameBn })
      .from(categories),
    db.select({ id: brands.id, slug: brands.slug, name: brands.name, nameBn: brands.nameBn }).from(brands),
    db.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns),
  ])
  const bySlug = (rows: { id: number; slug: string }[]) => new Map(rows.map((row) => [row.slug, row.id]))
  const byName = (rows: Named[]) =>
    new Map(
      rows.flatMap((row) =>
        [row.name, row.nameBn].filter(Boolean).map((name) => [nameKey(name), row.id] as const),
      ),
    )
  return {
    categories: bySlug(categoryRows),
    brands: bySlug(brandRows),
    campaigns: bySlug(campaignRows),
    categoryNames: byName(categoryRows),
    brandNames: byName(brandRows),
    paths: new Map(),
  }
}

/** How a name is looked up: in lower case, its spaces single. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** The id a file's category or brand cell names: its slug, else its name in any case. */
export const refOf = (slugs: Map<string, number>, names: Map<string, number>, cell: string) =>
  slugs.get(cell) ?? names.get(nameKey(cell))
