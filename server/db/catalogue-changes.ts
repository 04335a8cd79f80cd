import { sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * What changed in the catalogue: some products (their JSON), the listing pages and counts, the categories,
 * brands and campaigns, or everything (`all`: after the seed, or when an instance may have missed news).
 */
export type CatalogueChange = {
  products?: number[]
  listings?: boolean
  refs?: boolean
  all?: boolean
  /** the shop's settings (server/repositories/settings.ts) */
  settings?: boolean
}

/** The PostgreSQL channel every instance of the shop listens on. */
export const CATALOGUE_CHANNEL = 'haat_catalogue'
/** NOTIFY carries at most 8000 bytes; a longer list of products becomes "everything". */
const MAX_PAYLOAD = 7_000
/** The most product ids one message names (more become "everything" before they reach the limit). */
export const MAX_CHANGED_PRODUCTS = 1_000

/** The text of a change as the channel carries it. */
export function changePayload(change: CatalogueChange, from: string): string {
  if ((change.products?.length ?? 0) > MAX_CHANGED_PRODUCTS) return JSON.stringify({ from, all: true })
  const payload = JSON.stringify({ from, ...change })
  return payload.length <= MAX_PAYLOAD ? payload : JSON.stringify({ from, all: true })
}

/**
 * Tells every listening instance of a change (the seed's command line uses it too); on the embedded
 * database there is no other instance.
 */
export async function announceChange(db: Db, change: CatalogueChange, from = 'command'): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${changePayload(change, from)})`)
}
