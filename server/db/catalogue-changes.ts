import { type SQL, sql } from 'drizzle-orm'

/**
 * What changed in the catalogue: some products (their JSON and facet index rows), the listing pages and counts,
 * the categories, brands and campaigns, or everything (`all`: a write too big to name its products, or an
 * instance that may have missed news). The database announces these itself (migration 0025's triggers, in the
 * same words); the shop's settings are announced by the code that saves them.
 */
export type CatalogueChange = {
  products?: number[]
  listings?: boolean
  refs?: boolean
  all?: boolean
  /** the shop's settings (server/repositories/settings.ts) */
  settings?: boolean
}

/** The PostgreSQL channel every instance of the shop listens on (named in migration 0025 too). */
export const CATALOGUE_CHANNEL = 'haat_catalogue'
/** NOTIFY carries at most 8000 bytes; a longer list of products becomes "everything" (so do the triggers). */
const MAX_PAYLOAD = 7_000
/** The most product ids one message names (more become "everything" before they reach the limit). */
export const MAX_CHANGED_PRODUCTS = 1_000

/** What runs a statement: the database (typed apart from it, so that `client.ts` can read this file's channel). */
type Sends = { execute(query: SQL): PromiseLike<unknown> }

/** The text of a change as the channel carries it. */
export function changePayload(change: CatalogueChange, from: string): string {
  if ((change.products?.length ?? 0) > MAX_CHANGED_PRODUCTS) return JSON.stringify({ from, all: true })
  const payload = JSON.stringify({ from, ...change })
  return payload.length <= MAX_PAYLOAD ? payload : JSON.stringify({ from, all: true })
}

/** Tells every listening instance of a change the database cannot see for itself (the settings). */
export async function announceChange(db: Sends, change: CatalogueChange, from: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${changePayload(change, from)})`)
}
