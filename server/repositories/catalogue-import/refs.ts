import type { Db } from '../../db/client'
import { brands, campaigns, categories } from '../../db/schema'

/** The ids of the slugs a file names its categories, brands and campaigns by; category paths as read. */
export type Refs = {
  categories: Map<string, number>
  brands: Map<string, number>
  campaigns: Map<string, number>
  paths: Map<number, number[]>
}

export async function loadRefs(db: Db): Promise<Refs> {
  const [categoryRows, brandRows, campaignRows] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: brands.id, slug: brands.slug }).from(brands),
    db.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns),
  ])
  const bySlug = (rows: { id: number; slug: string }[]) => new Map(rows.map((row) => [row.slug, row.id]))
  return {
    categories: bySlug(categoryRows),
    brands: bySlug(brandRows),
    campaigns: bySlug(campaignRows),
    paths: new Map(),
  }
}
