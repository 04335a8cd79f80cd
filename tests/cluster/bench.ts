// `npx tsx tests/cluster/bench.ts`: the catalogue through HAProxy with two API instances, then with one (the
// same balancer, b stopped), and how long a stock change made through a takes to show on b. Needs what
// `npm run test:cluster` needs (DATABASE_URL, REDIS_URL, haproxy); SEED_PRODUCTS sets the catalogue (2000).
import { availableParallelism } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import type { Product } from '../../src/contract/product'
import { listingPaths } from '../bench/scenarios'
import { percentile, type Row, table } from '../bench/stats'
import { API_KEY, call, changeSku } from './client'
import { startCluster } from './harness'
import { missingForCluster } from './prerequisites'

const products = Number(process.env.SEED_PRODUCTS ?? 2000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 10
const changes = 100

const missing = missingForCluster()
if (missing.urls.length > 0 || missing.haproxy) {
  console.error(`The cluster bench needs ${[...missing.urls, missing.haproxy].filter(Boolean).join(', ')}`)
  process.exit(1)
}

/** autocannon over the paths in turn: requests a second, latency percentiles, and what was not a 2xx. */
async function load(url: string, paths: string[]) {
  let next = 0
  const times: number[] = []
  const run = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        headers: { 'x-api-key': API_KEY },
        setupRequest(request) {
          const path = paths[next % paths.length] as string
          next += 1
          return { ...request, path }
        },
      },
    ],
  })
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  const result = await run
  times.sort((x, y) => x - y)
  return {
    'req/s': Math.round(result.requests.total / seconds),
    'p50 ms': percentile(times, 50),
    'p99 ms': percentile(times, 99),
    'not 2xx': result.non2xx + result.errors,
  }
}

/** Every path twice, 10 at a time, so that both instances keep the answers as a running shop's would. */
async function warm(url: string, paths: string[]) {
  const twice = [...paths, ...paths]
  for (let start = 0; start < twice.length; start += connections) {
    await Promise.all(twice.slice(start, start + connections).map((path) => call(url, 'GET', path)))
  }
}

console.log(`Starting two instances behind HAProxy over ${products} products…`)
const cluster = await startCluster({ seedProducts: products })
try {
  const [a, b] = cluster.instances
  const slugs = await cluster.query<{ slug: string }>(
    `select slug from products where status = 'active' order by id limit 500`,
  )
  const productPaths = slugs.map(({ slug }) => `/api/v1/product/storefront/${slug}`)
  const listings = listingPaths(200)

  // a stock change through a, until b shows it: b keeps the product, so what is measured is the news
  const [first] = slugs
  if (!first) throw new Error('no product')
  const readOnB = () => call<{ data: Product }>(b.url, 'GET', `product/storefront/${first.slug}`)
  const sku = (await readOnB()).body.data.skus[0]
  if (!sku) throw new Error(`${first.slug} has no sku`)
  const delays: number[] = []
  let unseen = 0
  for (let i = 0; i < changes; i++) {
    const stock = 500 + (i % 2 === 0 ? i : -i)
    await readOnB()
    await changeSku(a.url, cluster.adminToken, sku.id, { stockQuantity: stock })
    const changed = performance.now()
    for (;;) {
      const shown = (await readOnB()).body.data.skus.find((s) => s.id === sku.id)?.stockQuantity
      if (shown === stock) {
        delays.push(performance.now() - changed)
        break
      }
      if (performance.now() - changed > 10_000) {
        unseen += 1
        break
      }
      await sleep(10)
    }
  }
  delays.sort((x, y) => x - y)

  const rows: Row[] = []
  const measure = async (instances: string) => {
    for (const [page, paths] of [
      ['listing', listings],
      ['product', productPaths],
    ] as const) {
      await warm(cluster.lbUrl, paths)
      rows.push({ page, instances, ...(await load(cluster.lbUrl, paths)) })
    }
  }
  await measure('a + b')
  await b.stop('SIGTERM')
  await cluster.balancer.waitFor('b', 'DOWN')
  await measure('a alone')

  console.log(
    `\nThrough HAProxy, ${connections} connections, ${seconds} s each (every path asked twice first), ${products} products, ${availableParallelism()} cores:\n`,
  )
  console.log(table(rows))
  console.log(
    `\nStock change through a, seen on b (polled every 10 ms), ${changes} changes: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? Number.NaN).toFixed(0)} ms${unseen ? `; ${unseen} not seen within 10 s` : ''}`,
  )
} finally {
  await cluster.close()
}
