// `npx tsx tests/bench/sitemap.ts` against DATABASE_URL (or the PGlite in DATA_DIR) seeded with
// `npm run db:seed -- --products N`: how long the sitemap's product files take to write (first, and in the background
// after a catalogue change, while the index is answered from the kept files at once),
// how many there are and how big (gzipped and as XML), and the process's memory while writing them.
import { gunzipSync } from 'node:zlib'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { createSitemaps } from '../../server/routes/seo/sitemap'

const config = loadConfig(process.env, {
  LOG_LEVEL: 'silent',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://shop.example',
})
const database = await openDatabase(config, { forRequests: true })
const app = await buildApp(config, { database })
await app.ready()

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
let peakRss = 0
const watch = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 20)
try {
  // the same sitemaps the routes serve, built here so that the background write can be awaited and timed
  const sitemaps = createSitemaps(app, { origin: config.PUBLIC_URL ?? '' })
  const productFiles = (index: string) =>
    [...index.matchAll(/<loc>[^<]*\/sitemap-products-(\d+)\.xml<\/loc>/g)].map((m) => Number(m[1]))
  for (const pass of ['first', 'after a change']) {
    if (pass !== 'first') app.changeFeed.publish({ listings: true })
    const rssBefore = process.memoryUsage().rss
    peakRss = rssBefore
    const started = performance.now()
    const index = await sitemaps.index()
    const answered = performance.now() - started
    // after a change the index is answered from the kept files; the new ones are written meanwhile
    const write = sitemaps.rebuilding()
    if (write) await write
    const took = performance.now() - started
    const files = productFiles(pass === 'first' ? index : await sitemaps.index())
    let gzipped = 0
    let xml = 0
    let urls = 0
    for (const n of files) {
      const file = await sitemaps.file('products', n)
      if (!file) continue
      gzipped += file.gzip.length
      const text = gunzipSync(file.gzip).toString()
      xml += Buffer.byteLength(text)
      urls += text.split('<url>').length - 1
    }
    console.log(
      `${pass}: the index answered in ${Math.round(answered)} ms, products' files written in ${Math.round(took)} ms; ` +
        `${files.length} files, ${urls} addresses, ${megabytes(gzipped)} gzipped, ${megabytes(xml)} as XML; ` +
        `memory ${megabytes(rssBefore)} → peak ${megabytes(peakRss)}`,
    )
  }
  const again = performance.now()
  await app.inject({ method: 'GET', url: '/sitemap.xml' })
  console.log(`kept: the index answered in ${Math.round(performance.now() - again)} ms`)
} finally {
  clearInterval(watch)
  await app.close()
  await database.close()
}
