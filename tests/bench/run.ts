// `npm run bench [-- --products N --seconds S]`: the catalogue API on PGlite and (with DATABASE_URL) PostgreSQL —
// first never-repeated requests drawn from the live facets (uncached, BENCH_UNCACHED per pass, 1 and 10 at a
// time), then a fixed pool under load (warm) — then the web figures (JS size, Lighthouse) of the built app.
// `--only=pglite|postgres` measures one database only (and the JS size, without Lighthouse); `--only=web` only the
// JS size, Lighthouse and the spotty-link figures; `--only=spotty` the JS size and the spotty-link figures.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { homeJsGzip } from './js-size'
import { benchLighthouse } from './lighthouse'
import { idBodies, listingPaths, searchPaths } from './scenarios'
import { benchSpottyLink } from './spotty-link'
import { percentile, type Row, table } from './stats'
import {
  type Ask,
  askOnce,
  liveCatalogue,
  productRequests,
  typingSequences,
  uncachedListings,
} from './uncached'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: process.env.BENCH_PRODUCTS ?? '100000' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    only: { type: 'string' },
  },
})
const products = Number(values.products)
/** never-repeated requests per uncached pass (BENCH_UNCACHED) */
const uncachedCount = Number(process.env.BENCH_UNCACHED ?? 300)
/** the uncached figures of every database measured, printed first */
const uncachedRows: Row[] = []
const seconds = Number(values.seconds)
const port = Number(process.env.BENCH_PORT ?? 4311)
const basePort = port + 5
const apiKey = process.env.API_KEY ?? 'haat-demo-key'
const workDir = resolve('.tmp/bench')
const distDir = resolve(process.env.BENCH_DIST ?? 'dist')
const headers = { 'x-api-key': apiKey }

type Measure = { p50: number; p95: number; p99: number; rps: number; non2xx: number }

async function load(
  url: string,
  requests: { method: string; path: string; body?: string }[],
): Promise<Measure> {
  let next = 0
  const times: number[] = []
  const first = requests[0] as { method: string; path: string; body?: string }
  const instance = autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: first.method,
        path: first.path,
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest(request) {
          const pick = requests[next % requests.length] as { method: string; path: string; body?: string }
          next += 1
          return { ...request, method: pick.method, path: pick.path, body: pick.body }
        },
      },
    ],
  })
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.total / seconds,
    non2xx: result.non2xx + result.errors,
  }
}

/**
 * Asks every request once, 10 at a time (nothing of them is kept by the server yet: the database answers);
 * gives back the latency of those first answers and their median size.
 */
async function firstTime(url: string, requests: { method: string; path: string; body?: string }[]) {
  const sizes: number[] = []
  const times: number[] = []
  for (let start = 0; start < requests.length; start += 10) {
    await Promise.all(
      requests.slice(start, start + 10).map(async (r) => {
        const started = performance.now()
        const response = await fetch(`${url}${r.path}`, {
          method: r.method,
          body: r.body,
          headers: { ...headers, 'content-type': 'application/json' },
        })
        const body = await response.arrayBuffer()
        times.push(performance.now() - started)
        sizes.push(body.byteLength)
      }),
    )
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b)
  const latency = sorted(times)
  return {
    bytes: percentile(sorted(sizes), 50),
    p50: percentile(latency, 50),
    p95: percentile(latency, 95),
    p99: percentile(latency, 99),
  }
}

/**
 * The share of the pool the server answers from what it keeps (its `server-timing: kept;desc=hit`), asked once
 * more after the first pass: what the warm figures stand on. Empty where the route does not say.
 */
async function keptShare(url: string, requests: { method: string; path: string }[]): Promise<number | ''> {
  let said = 0
  let kept = 0
  for (const request of requests.filter((r) => r.method === 'GET')) {
    const response = await fetch(`${url}${request.path}`, { headers })
    await response.arrayBuffer()
    const timing = response.headers.get('server-timing') ?? ''
    if (!timing.includes('kept;')) continue
    said += 1
    if (timing.includes('desc=hit')) kept += 1
  }
  return said === 0 ? '' : Math.round((100 * kept) / said)
}

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

// BENCH_SERVER: another build's server (an earlier commit's, to compare with); nothing is built then
const serverEntry = resolve(process.env.BENCH_SERVER ?? 'dist-server/main.mjs')
/** The Node flags `npm start` gives the server (package.json), so the figures are those of a real start. */
const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
  .scripts.start
const serverFlags =
  /node ((?:--\S+ )*)dist-server\/main\.mjs/.exec(startScript)?.[1]?.trim().split(' ').filter(Boolean) ?? []
// every server this bench starts (API and Lighthouse) is the one `npm start` builds
if (
  !process.env.BENCH_SERVER &&
  spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status !== 0
) {
  throw new Error('building the server failed')
}

/** where the server's event-loop probe writes (tests/bench/loop-delay.mjs) */
const loopFile = resolve(workDir, 'loop-delay.json')

/**
 * The longest stall of the server's event loop (and its p99) since the last time it was asked, in ms: the
 * server writes them to a file when it gets SIGUSR2.
 */
type LoopFigures = { asked: number; max: number; p99: number; heapMb: number; externalMb: number }

async function loopDelay(child: ChildProcess): Promise<LoopFigures> {
  const read = (): LoopFigures => {
    try {
      return JSON.parse(readFileSync(loopFile, 'utf8')) as LoopFigures
    } catch {
      return { asked: 0, max: Number.NaN, p99: Number.NaN, heapMb: Number.NaN, externalMb: Number.NaN }
    }
  }
  const before = read().asked
  child.kill('SIGUSR2')
  for (let tries = 0; tries < 100 && read().asked === before; tries++) await sleep(20)
  return read()
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; seededMs: number }> {
  const started = Date.now()
  // the server as `npm start` runs it: built to plain JavaScript (scripts/build-server.mjs); with the bench's
  // event-loop probe
  const probe = ['--import', resolve('tests/bench/loop-delay.mjs')]
  const child = spawn(process.execPath, [...serverFlags, ...probe, serverEntry], {
    env: { ...process.env, BENCH_LOOP_FILE: loopFile, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolvePromise, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      process.stdout.write(`    server: ${text}`)
      if (text.includes('ready at')) resolvePromise({ child, seededMs: Date.now() - started })
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

function seed(env: Record<string, string>): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/db/cli.ts', 'seed', '--products', String(products)],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  return new Promise((resolvePromise, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`seed exited with ${code}`)),
    )
  })
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = process.env.DATABASE_URL as string
  const name = `${process.env.BENCH_DB_PREFIX ?? 'haat_bench_'}${Date.now().toString(36)}`
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await query(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  try {
    return await run(url.toString())
  } finally {
    await query(`drop database if exists ${name} with (force)`)
  }
}

async function benchTarget(kind: 'pglite' | 'postgres', databaseUrl: string): Promise<Row[]> {
  const dataDir = resolve(workDir, kind)
  rmSync(dataDir, { recursive: true, force: true })
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_PRODUCTS: String(products),
    MEDIA_CACHE_DIR: resolve(workDir, 'media-cache'),
    // the built app when there is one: a product's page is then answered as the server renders it
    STATIC_DIR: existsSync(resolve(distDir, 'index.html')) ? distDir : resolve(workDir, 'no-site'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // production on a shared database wants the sealing key every instance shares: one per run here
    SECRETS_KEY: randomBytes(32).toString('hex'),
  }
  // seeding runs in its own process so the server's memory is what serving costs
  console.log(`\n== ${kind}: seeding ${products} products`)
  const seedStart = Date.now()
  await seed(env)
  console.log(
    `   seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; starting the server on 127.0.0.1:${port}`,
  )
  const { child, seededMs } = await startServer(env)
  console.log(`   ready after ${(seededMs / 1000).toFixed(1)} s`)
  const url = `http://127.0.0.1:${port}`
  const pages = productRequests(products, uncachedCount, 21)
  const hasSite = env.STATIC_DIR === distDir
  let server = child
  try {
    // first the requests no answer kept can serve: drawn from the live facets, each asked once
    const live = await liveCatalogue(url, headers)
    const listings = uncachedListings(live, uncachedCount * 2, 11)
    const typing = typingSequences(live, uncachedCount * 2, 12)
    const passes: [string, Ask[], number][] = [
      ['listing with facets', listings.slice(0, uncachedCount), 1],
      ['search-as-you-type', typing.slice(0, uncachedCount), 1],
      ['listing with facets', listings.slice(uncachedCount), 10],
      ['search-as-you-type', typing.slice(uncachedCount), 10],
      ['product page (JSON)', pages.pages, 1],
      ...(hasSite ? [['product page (HTML)', pages.html, 1] as [string, Ask[], number]] : []),
      ['get-by-ids (20)', pages.byIds, 1],
    ]
    const measure = async (name: string, asks: Ask[], connections: number) => {
      await loopDelay(server)
      const { latency: figures, failures } = await askOnce(url, asks, connections, headers)
      const stall = await loopDelay(server)
      uncachedRows.push({
        target: kind,
        scenario: name,
        'at once': connections,
        ...figures,
        'loop max': stall.max,
        'rss MB': rssMb(server.pid as number).rss,
      })
      console.log(
        `   ${name}, uncached, ${connections} at a time (${figures.requests}): p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, event loop stalled ≤ ${stall.max} ms` +
          (failures.size > 0
            ? `; failed: ${[...failures].map(([status, n]) => `${n} × ${status}`).join(', ')}`
            : ''),
      )
    }
    for (const [name, asks, connections] of passes) await measure(name, asks, connections)
    // right after a restart: the database's cache cold (the embedded one's wholly, PostgreSQL's own buffers
    // kept), and the server's facet index still loading while the first requests arrive
    await stopServer(server)
    server = (await startServer(env)).child
    const fresh = uncachedListings(live, uncachedCount, 13)
    await measure('listing, right after a restart', fresh, 1)
    const get = (path: string) => ({ method: 'GET', path })
    const scenarios: [string, { method: string; path: string; body?: string }[]][] = [
      ['listing (24, 2 filters + sort)', listingPaths(300).map(get)],
      ['search-as-you-type', searchPaths().map(get)],
      [
        'get-by-ids (20)',
        idBodies(300, products).map((body) => ({
          method: 'POST',
          path: '/api/v1/product/storefront/get-by-ids?perPage=100',
          body,
        })),
      ],
    ]
    const rows: Row[] = []
    for (const [name, requests] of scenarios) {
      // every distinct request once first (from the database), then the measured run, which finds the
      // server's caches warm, as a busy shop does
      const first = await firstTime(url, requests)
      answerBytes.set(name, Math.max(answerBytes.get(name) ?? 0, first.bytes))
      console.log(
        `   ${name}, first time each (${requests.length}, 10 at a time): p50 ${first.p50.toFixed(1)} ms, ` +
          `p95 ${first.p95.toFixed(1)} ms, p99 ${first.p99.toFixed(1)} ms`,
      )
      const share = await keptShare(url, requests)
      const measure = await load(url, requests)
      rows.push({
        target: kind,
        scenario: name,
        ...measure,
        'kept %': share,
        'rss MB': rssMb(server.pid as number).rss,
      })
      console.log(`   ${name}: p99 ${measure.p99} ms, ${measure.rps.toFixed(0)} req/s`)
    }
    const memory = rssMb(server.pid as number)
    const { heapMb, externalMb } = await loopDelay(server)
    console.log(
      `   server RSS now ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (JavaScript heap ${heapMb} MB, buffers ${externalMb} MB)`,
    )
    return rows
  } finally {
    await stopServer(server)
  }
}

async function baseline(bytes: number): Promise<Row> {
  const body = JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 11)) })
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    response.end(body)
  })
  await new Promise<void>((r) => server.listen(basePort, '127.0.0.1', r))
  try {
    const measure = await load(`http://127.0.0.1:${basePort}`, [{ method: 'GET', path: '/' }])
    return {
      target: 'node:http',
      scenario: `fixed JSON (${bytes} B)`,
      ...measure,
      // the baseline runs inside this process: its memory is not a server's
      'rss MB': '',
    }
  } finally {
    server.close()
  }
}

// `--only=admin`: the back office's products list instead (tests/bench/admin.ts)
if (values.only === 'admin')
  await (await import('./admin'))
    .benchAdmin({ products, port, workDir, seed, startServer, stopServer, withPostgresDatabase })
    .then(() => process.exit(0))
// `--only=import-load`: what a catalogue import does to the storefront while it runs (tests/bench/import-load.ts)
if (values.only === 'import-load')
  await (await import('./import-load'))
    .benchImportLoad({ products, port, workDir, seed, startServer, stopServer, withPostgresDatabase })
    .then(() => process.exit(0))
// `--only=orders`: the back office's orders list at 100,000 orders instead (tests/bench/orders.ts)
if (values.only === 'orders') await (await import('./orders')).benchOrders().then(() => process.exit())
// `--only=customers`: the back office's customers list at 100,000 orders instead (tests/bench/customers.ts)
if (values.only === 'customers')
  await (await import('./customers')).benchCustomers().then(() => process.exit())
// `--only=feeds`: the product feeds at 100,000 products instead (tests/bench/feeds.ts)
if (values.only === 'feeds') await (await import('./feeds')).benchFeeds().then(() => process.exit())
// `--only=import`: the catalogue's CSV import of 10,000 rows instead (tests/bench/import.ts)
if (values.only === 'import') await (await import('./import')).benchImport().then(() => process.exit())
/** The median answer size of each scenario, for baselines answering as much */
const answerBytes = new Map<string, number>()
if (values.only !== 'web' && values.only !== 'spotty') {
  const rows: Row[] = []
  if (values.only !== 'postgres') rows.push(...(await benchTarget('pglite', '')))
  if (process.env.DATABASE_URL && values.only !== 'pglite') {
    rows.push(...(await withPostgresDatabase((url) => benchTarget('postgres', url))))
  }
  // the baselines answer a fixed body as large as each scenario's answers
  for (const bytes of new Set(answerBytes.values())) rows.push(await baseline(bytes))

  console.log(
    `\nCatalogue of ${products} products, never-repeated requests drawn from the live facets (uncached; latency in ms)\n`,
  )
  console.log(table(uncachedRows))
  console.log(
    `\nThe same catalogue, a fixed pool replayed (warm: the server keeps its answers), autocannon 10 connections, ${seconds} s per scenario (latency in ms)\n`,
  )
  console.log(table(rows))
}
const js = homeJsGzip(resolve(process.env.BENCH_DIST ?? 'dist'))
if (js) {
  console.log(
    `\nJS the home page loads (gzip -9): ${(js.total / 1024).toFixed(1)} KiB in ${js.files.length} files (budget 140 KiB)`,
  )
  console.log(table(js.files.map((f) => ({ file: f.path, 'gzip KiB': f.gzip / 1024 }))))
} else {
  console.log('\nNo built app found (run `npm run build`, or set BENCH_DIST): JS size not measured')
}
// Lighthouse: first visits of the main pages and the warm repeat visit (built app needed); not when
// only one database is measured
if (js && (values.only === undefined || values.only === 'web'))
  await benchLighthouse({
    port: basePort + 1,
    staticDir: resolve(process.env.BENCH_DIST ?? 'dist'),
    serverArgs: [...serverFlags, serverEntry],
  })
// a link that answers nothing: shell and slow-state times, and orders recovered after a reload
if (js && (values.only === undefined || values.only === 'web' || values.only === 'spotty'))
  await benchSpottyLink({
    port: basePort + 3,
    staticDir: resolve(process.env.BENCH_DIST ?? 'dist'),
    serverArgs: [...serverFlags, serverEntry],
  })
