import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { Database } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies the committed SQL migrations (server/db/migrations) that are not applied yet. */
export async function migrate(database: Database): Promise<void> {
  // both databases are reached through node-postgres (PGlite behind its socket)
  const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator')
  await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
}
