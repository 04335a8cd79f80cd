// `npm run bench -- --only=feeds`: the product feeds (server/repositories/feeds) over a large catalogue
// (BENCH_FEED_PRODUCTS, 100,000 by default), on PGlite and (with DATABASE_URL) PostgreSQL (BENCH_FEED_DB: one): for each feed, the
// build (what the first fetch after a catalogue change waits for), an answer from the kept file, the item
// count, the compressed and plain sizes, and how far the process's memory grew during the build.
import { createGunzip } from 'node:zlib'
import { createTestApp } from '../server/helpers'
import { type Row, table } from './stats'

const PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 100_000)
const MB = 1024 * 1024

/** The highest heap and resident size seen while `work` runs, sampled every 20 ms. */
async function peakDuring<T>(work: () => Promise<T>): Promise<{ value: T; heap: number; rss: number }> {
  let heap = 0
  let rss = 0
  const sample = () => {
    const usage = process.memoryUsage()
    heap = Math.max(heap, usage.heapUsed)
    rss = Math.max(rss, usage.rss)
  }
  sample()
  const timer = setInterval(sample, 20)
  try {
    const value = await work()
    sample()
    return { value, heap, rss }
  } finally {
    clearInterval(timer)
  }
}

/** The plain feed's size and item count, read through gunzip a chunk at a time. */
async function plainSize(gzipped: Buffer): Promise<{ bytes: number; items: number }> {
  let bytes = 0
  let items = 0
  let tail = ''
  const gunzip = createGunzip()
  gunzip.end(gzipped)
  for await (const chunk of gunzip) {
    bytes += chunk.length
    const text = tail + chunk.toString('utf8')
    items += text.split('<item>').length - 1
    tail = text.slice(-5)
  }
  return { bytes, items }
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  process.env.TEST_DB = kind
  const seeded = performance.now()
  const t = await createTestApp({ products: PRODUCTS })
  console.log(`${kind}: ${PRODUCTS} products seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`)
  const rows: Row[] = []
  try {
    for (const platform of ['google', 'meta'] as const) {
      for (const language of ['en', 'bn'] as const) {
        const url = `/feeds/${platform}.xml${language === 'bn' ? '?lang=bn' : ''}`
        global.gc?.()
        const before = process.memoryUsage()
        const started = performance.now()
        const cpu = process.cpuUsage()
        // the build alone, as the first request after a change runs it
        const built = await peakDuring(() => t.app.feeds.open(platform, language))
        const buildMs = performance.now() - started
        const cpuUsed = process.cpuUsage(cpu)
        if (!built.value) throw new Error(`${url} could not be built`)
        built.value.stream.destroy()
        const again = performance.now()
        const answer = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
        const keptMs = performance.now() - again
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`)
        const plain = await plainSize(answer.rawPayload)
        rows.push({
          database: kind,
          feed: `${platform} ${language}`,
          items: plain.items,
          'build s': buildMs / 1000,
          // this process's own CPU (a shared machine stretches the wall time, not this)
          'cpu s': (cpuUsed.user + cpuUsed.system) / 1e6,
          'kept ms': keptMs,
          'gzip MB': answer.rawPayload.length / MB,
          'plain MB': plain.bytes / MB,
          'heap +MB': (built.heap - before.heapUsed) / MB,
          'rss +MB': (built.rss - before.rss) / MB,
        })
        console.log(rows.at(-1))
      }
    }
  } finally {
    await t.close()
  }
  return rows
}

export async function benchFeeds(): Promise<void> {
  // BENCH_FEED_DB=postgres (or pglite) measures one database only
  const only = process.env.BENCH_FEED_DB
  const rows = only === 'postgres' ? [] : await benchDatabase('pglite')
  if (process.env.DATABASE_URL && only !== 'pglite') rows.push(...(await benchDatabase('postgres')))
  console.log(`\nThe product feeds at ${PRODUCTS} products: first answer (a build) and the kept one\n`)
  console.log(table(rows))
  console.log(
    '\n(heap +MB and rss +MB: the most the process grew while the feed was built; kept ms: the answer',
  )
  console.log(' from the kept file, read whole by the bench)')
}
