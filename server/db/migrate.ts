import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies the committed SQL migrations (server/db/migrations) that are not applied yet. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
  }
}
