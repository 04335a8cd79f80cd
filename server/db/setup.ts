import type { Config } from '../config'
import { mediaDir } from '../media/local-files'
import { type Database, openDatabase } from './client'
import { migrate } from './migrate'
import { ensureImages } from './seed/images'
import { isCatalogueEmpty, seedCatalogue } from './seed/index'
import { oneLineReason, serviceAddress } from './unavailable'

/** Migrates, seeds an empty catalogue and makes sure the product images exist: what a start needs. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: (message: string) => void = () => {},
): Promise<void> {
  const started = Date.now()
  await migrate(database)
  const images = ensureImages(mediaDir(config.DATA_DIR), config.MEDIA_CACHE_DIR)
  if (await isCatalogueEmpty(database.db)) {
    log(`Seeding ${config.SEED_PRODUCTS} demo products…`)
    await seedCatalogue(database, { products: config.SEED_PRODUCTS })
  }
  const report = await images
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
