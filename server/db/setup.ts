import type { Config } from '../config'
import { mediaDir } from '../plugins/media'
import type { Database } from './client'
import { migrate } from './migrate'
import { ensureImages } from './seed/images'
import { isCatalogueEmpty, seedCatalogue } from './seed/index'

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
