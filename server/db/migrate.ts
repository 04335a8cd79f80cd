import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { Database } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies the committed SQL migrations (server/db/migrations) that are not applied yet. */
export async function migrate(database: Database): Promise<void> {
  // each driver's migrator loads only with its driver
  if (database.kind === 'postgres') {
    const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator')
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
  }
}
