import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config'
import * as schema from './schema'

/** One database type for PGlite and PostgreSQL: write queries against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type DbKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DbKind
  close: () => Promise<void>
}

export type OpenOptions = {
  /** PGlite only: keep the data in memory (tests) instead of DATA_DIR */
  memory?: boolean
  /** node-postgres pool size */
  poolSize?: number
}

/** Typo-tolerant search (`<%`) accepts a word similarity of 0.3 and up (the default 0.6 misses swapped letters). */
const SIMILARITY_SETTING = 'pg_trgm.word_similarity_threshold'
const SIMILARITY_THRESHOLD = 0.3

/**
 * PGlite runs inside this process: its buffer cache is this process's memory. Postgres's default
 * 128 MB would be most of the server's footprint; the file pages stay in the operating system's
 * cache anyway, so a small pool costs little speed.
 */
const PGLITE_CONF = 'shared_buffers = 16MB\n'

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in `${DATA_DIR}/pglite` (pg_trgm loaded). */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: OpenOptions = {},
): Promise<Database> {
  // each driver loads only when used: a process keeps one of them in memory
  if (config.DATABASE_URL) {
    const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ])
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: options.poolSize ?? 10,
      options: `-c ${SIMILARITY_SETTING}=${SIMILARITY_THRESHOLD}`,
    })
    // an idle connection dropped by the server (a restart, a failover) must not take the process down:
    // the pool opens a new one for the next query
    pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`))
    // numeric and bigint arrive as strings from node-postgres; drizzle maps the typed columns itself
    const db = drizzleNodePg(pool, { schema }) as unknown as Db
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ])
  let dataDir: string | undefined
  if (!options.memory) {
    dataDir = join(config.DATA_DIR, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF })
  await client.exec(`set ${SIMILARITY_SETTING} = ${SIMILARITY_THRESHOLD}`)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close() }
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
