import pg from 'pg'
import type { Config } from './config'
import { type Database, databaseTimeouts, openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { isCatalogueEmpty, seedCatalogue } from './db/seed/index'
import { oneLineReason, serviceAddress } from './db/unavailable'
import { ensureImages } from './media/demo-images'
import { openMediaStore } from './media/open'

/** The advisory lock held while a database is migrated and seeded (any number: the same in every instance). */
const PREPARE_LOCK = 7_150_011

/**
 * Runs `prepare` while this process holds the shop's preparation lock on PostgreSQL: instances started
 * together, or a release step (`npm run db:migrate`) beside running instances, migrate and seed one after
 * another, and the later ones find the work done. The embedded database has one process: no lock.
 */
export async function whilePreparing<T>(config: Config, prepare: () => Promise<T>): Promise<T> {
  if (!config.DATABASE_URL) return prepare()
  const client = new pg.Client({
    connectionString: config.DATABASE_URL,
    connectionTimeoutMillis: databaseTimeouts.connectMs,
  })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK])
    return await prepare()
  } finally {
    // ending the session lets go of its lock whatever happened
    await client.end().catch(() => {})
  }
}

/** The demo catalogue's images in the configured media store (a store of its own, closed when done). */
export async function ensureDemoImages(config: Config) {
  const store = await openMediaStore(config)
  return ensureImages(store, config.MEDIA_CACHE_DIR).finally(() => store.close())
}

/** Migrates, seeds an empty catalogue and makes sure the product images exist: what a start needs. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: (message: string) => void = () => {},
): Promise<void> {
  const started = Date.now()
  const report = await whilePreparing(config, async () => {
    await migrate(database)
    // SEED_PRODUCTS=0 is a real shop: no demo catalogue, no demo images
    const demo = config.SEED_PRODUCTS > 0
    const images = demo ? ensureDemoImages(config) : Promise.resolve({ rendered: 0, copied: 0, kept: 0 })
    if (demo && (await isCatalogueEmpty(database.db))) {
      log(`Seeding ${config.SEED_PRODUCTS} demo products…`)
      await seedCatalogue(database, { products: config.SEED_PRODUCTS })
    }
    return images
  })
  log(
    `Database ready (${database.kind}) in ${Date.now() - started} ms; images: ${report.rendered} rendered, ${report.copied} copied, ${report.kept} kept`,
  )
}

/**
 * The database a server answers requests with, prepared first. On PostgreSQL the preparation runs over a
 * connection of its own whose statements may run long (a migration building an index), and the requests'
 * pool bounds each statement; the embedded database is opened once (one process owns its files).
 * A database that does not answer fails the start within seconds, with one line saying which and why.
 */
export async function openPreparedDatabase(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<Database> {
  if (!config.DATABASE_URL) {
    const database = await openDatabase(config)
    await prepareDatabase(database, config, log)
    return database
  }
  const setup = await openDatabase(config, { poolSize: 1 })
  try {
    await prepareDatabase(setup, config, log)
  } catch (error) {
    // not awaited: closing a connection to a silent server waits for an answer that never comes
    setup.close().catch(() => {})
    const address = serviceAddress(config.DATABASE_URL, 5432)
    throw new Error(`PostgreSQL at ${address} could not be prepared: ${oneLineReason(error)}`, {
      cause: error,
    })
  }
  await setup.close()
  return openDatabase(config, { forRequests: true })
}
