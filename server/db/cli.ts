import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { ensureDemoImages, whilePreparing } from '../prepare-database'
import { openDatabase } from './client'
import { migrate } from './migrate'
import { seedCatalogue } from './seed/index'
import { seedOrders } from './seed/orders'

/**
 * `npm run db:migrate` and `npm run db:seed [-- --products N] [--orders N]` against DATABASE_URL or the PGlite in
 * DATA_DIR. `--orders N` adds N orders spread over the past year (server/db/seed/orders.ts): a big shop's dashboard.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { products: { type: 'string' }, orders: { type: 'string' } },
})
const command = positionals[0]
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx server/db/cli.ts migrate | seed [--products N] [--orders N]')
  process.exit(2)
}
const config = loadConfig()
const products = values.products === undefined ? config.SEED_PRODUCTS : Number(values.products)
if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
  console.error('--products must be a whole number between 1 and 1000000')
  process.exit(2)
}
const orders = values.orders === undefined ? 0 : Number(values.orders)
if (!Number.isInteger(orders) || orders < 0 || orders > 1_000_000) {
  console.error('--orders must be a whole number between 0 and 1000000')
  process.exit(2)
}
const database = await openDatabase(config)
try {
  await whilePreparing(config, async () => {
    const started = Date.now()
    await migrate(database)
    console.log(`Migrated (${database.kind}) in ${Date.now() - started} ms`)
    if (command !== 'seed') return
    const seedStart = Date.now()
    let last = 0
    await seedCatalogue(database, {
      products,
      onProgress(done, total) {
        if (done - last >= 10_000 || done === total) {
          last = done
          console.log(`  ${done} / ${total} products`)
        }
      },
    })
    const images = await ensureDemoImages(config)
    console.log(
      `Seeded ${products} products in ${Date.now() - seedStart} ms (images: ${images.rendered} rendered, ${images.copied} copied, ${images.kept} kept)`,
    )
    if (orders > 0) {
      const ordersStart = Date.now()
      // a tag of its own: a second run adds more orders rather than clashing with the first
      await seedOrders(database.db, { orders, tag: Date.now().toString(36).toUpperCase() })
      console.log(`Seeded ${orders} orders over the past year in ${Date.now() - ordersStart} ms`)
    }
  })
} finally {
  await database.close()
}
