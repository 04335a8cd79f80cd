// `npm run bench -- --only=admin [--products N]`: the back office's products list on a seeded catalogue (PGlite,
// and PostgreSQL too when DATABASE_URL is set), as a signed-in owner asks it: one connection, every request a
// filter / sort / search / page combination never asked before (nothing kept answers it), p50/p95/p99.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../../server/db/client'
import { staffSessions, users } from '../../server/db/schema'
import { createRng } from '../../server/db/seed/prng'
import { hashSessionToken, newSessionToken } from '../../server/domain/session'
import { LIST_DEPTH } from '../../src/contract/admin-products'
import { STAFF_COOKIE, STAFF_MAX_MS } from '../../src/contract/staff'
import { percentile, type Row, table } from './stats'

/** What run.ts lends: its seeding, its server start and stop, its throwaway PostgreSQL database. */
export type BenchTools = {
  products: number
  port: number
  workDir: string
  seed: (env: Record<string, string>) => Promise<void>
  startServer: (env: Record<string, string>) => Promise<{ child: ChildProcess; seededMs: number }>
  stopServer: (child: ChildProcess) => Promise<void>
  withPostgresDatabase: <T>(run: (url: string) => Promise<T>) => Promise<T>
}

const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 600)
const BUDGET_P95_MS = 100
const apiKey = process.env.API_KEY ?? 'haat-demo-key'

type Pools = {
  categories: number[]
  brands: number[]
  campaigns: number[]
  words: string[]
  skus: string[]
  slugs: string[]
}
type Kind = 'browse' | 'filters' | 'search' | 'deep page'

/** An owner and a live session for them, written before the server starts; the cookie's token. */
export async function prepare(
  databaseUrl: string,
  dataDir: string,
): Promise<{ token: string; pools: Pools }> {
  const database = await openDatabase({ DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir })
  try {
    const [owner] = await database.db
      .insert(users)
      .values({
        phone: '01799990000',
        firstName: 'Bench',
        lastName: 'Owner',
        adminType: 'owner',
        status: 'active',
      })
      .returning({ id: users.id })
    const token = newSessionToken()
    await database.db.insert(staffSessions).values({
      tokenHash: hashSessionToken(token),
      userId: owner?.id as number,
      expiresAt: new Date(Date.now() + STAFF_MAX_MS),
      userAgent: 'bench',
      ip: '127.0.0.1',
    })
    const ids = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ v: number | string }>(database.db, query)).map((row) => row.v)
    const pools: Pools = {
      categories: (await ids(sql`select id as v from categories order by id`)) as number[],
      brands: (await ids(sql`select id as v from brands order by id`)) as number[],
      campaigns: (await ids(sql`select id as v from campaigns order by id`)) as number[],
      words: [
        ...new Set(
          ((await ids(sql`select name as v from products order by id limit 400`)) as string[])
            .flatMap((name) => name.toLowerCase().split(/\s+/))
            .filter((word) => word.length >= 3),
        ),
      ],
      skus: (await ids(sql`select sku as v from skus order by id desc limit 200`)) as string[],
      slugs: (await ids(sql`select slug as v from products order by id limit 200 offset 5000`)) as string[],
    }
    return { token, pools }
  } finally {
    await database.close()
  }
}

/** `count` list requests, each one different from every other, with what kind of request each is. */
export function requests(pools: Pools, count: number): { path: string; kind: Kind }[] {
  const rng = createRng(20261125)
  const seen = new Set<string>()
  const out: { path: string; kind: Kind }[] = []
  const sorts = ['updated', 'created', 'name', 'price', 'stock']
  while (out.length < count) {
    const kind = rng.pick<Kind>([
      'browse',
      'browse',
      'filters',
      'filters',
      'filters',
      'search',
      'search',
      'deep page',
    ])
    const query: Record<string, string | number> = {}
    if (kind === 'filters') {
      if (rng.chance(0.5)) query.status = rng.pick(['draft', 'active', 'archived'])
      if (rng.chance(0.5)) query.categoryId = rng.pick(pools.categories)
      if (rng.chance(0.3)) query.brandId = rng.pick(pools.brands)
      if (rng.chance(0.2) && pools.campaigns.length) query.campaignId = rng.pick(pools.campaigns)
      if (rng.chance(0.4)) query.stock = rng.pick(['out', 'low', 'in'])
    }
    if (kind === 'search') {
      const which = rng.int(0, 9)
      query.q =
        which < 6
          ? rng.sample(pools.words, rng.int(1, 2)).join(' ')
          : which < 8
            ? rng.pick(pools.skus)
            : rng.pick(pools.slugs)
    }
    query.sort = rng.pick(sorts)
    query.dir = rng.pick(['asc', 'desc'])
    query.perPage = rng.pick([25, 25, 50, 100])
    // a deep page: anywhere the list reaches (LIST_DEPTH products in)
    query.page = kind === 'deep page' ? rng.int(10, LIST_DEPTH / Number(query.perPage)) : rng.int(1, 4)
    const path = `/api/v1/admin/products?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
    if (seen.has(path)) continue
    seen.add(path)
    out.push({ path, kind })
  }
  return out
}

async function measure(url: string, token: string, pools: Pools): Promise<Row[]> {
  const headers = { 'x-api-key': apiKey, cookie: `${STAFF_COOKIE}=${token}` }
  const all = requests(pools, REQUESTS + 20)
  // the first few warm the connection and the database's pages; they are not counted
  const times = new Map<Kind | 'all', number[]>()
  let failures = 0
  const slowest: { ms: number; path: string }[] = []
  for (const [index, request] of all.entries()) {
    const started = performance.now()
    const response = await fetch(`${url}${request.path}`, { headers })
    await response.arrayBuffer()
    const ms = performance.now() - started
    if (response.status !== 200) failures += 1
    if (index < 20) continue
    slowest.push({ ms, path: request.path })
    for (const key of ['all', request.kind] as const) times.set(key, [...(times.get(key) ?? []), ms])
  }
  if (failures) console.log(`   ${failures} answers were not 200`)
  slowest.sort((a, b) => b.ms - a.ms)
  for (const { ms, path } of slowest.slice(0, 8)) console.log(`   slowest: ${ms.toFixed(0)} ms ${path}`)
  return [...times.entries()].map(([scenario, list]) => {
    const sorted = [...list].sort((a, b) => a - b)
    return {
      scenario: `list: ${scenario}`,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      'p95 ≤ 100': percentile(sorted, 95) <= BUDGET_P95_MS ? 'yes' : 'NO',
    }
  })
}

async function benchAdminTarget(tools: BenchTools, kind: 'pglite' | 'postgres', databaseUrl: string) {
  const dataDir = resolve(tools.workDir, `admin-${kind}`)
  rmSync(dataDir, { recursive: true, force: true })
  const env = {
    HOST: '127.0.0.1',
    PORT: String(tools.port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_PRODUCTS: String(tools.products),
    MEDIA_CACHE_DIR: resolve(tools.workDir, 'media-cache'),
    STATIC_DIR: resolve(tools.workDir, 'no-site'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // production on a shared database wants the sealing key every instance shares: one per run here
    SECRETS_KEY: randomBytes(32).toString('hex'),
  }
  console.log(`\n== admin list, ${kind}: seeding ${tools.products} products`)
  await tools.seed(env)
  const { token, pools } = await prepare(databaseUrl, dataDir)
  const { child } = await tools.startServer(env)
  try {
    const rows = await measure(`http://127.0.0.1:${tools.port}`, token, pools)
    return rows.map((row) => ({ target: kind, ...row }))
  } finally {
    await tools.stopServer(child)
  }
}

export async function benchAdmin(tools: BenchTools) {
  const rows: Row[] = []
  rows.push(...(await benchAdminTarget(tools, 'pglite', '')))
  if (process.env.DATABASE_URL) {
    rows.push(...(await tools.withPostgresDatabase((url) => benchAdminTarget(tools, 'postgres', url))))
  }
  console.log(
    `\nBack office products list, ${tools.products} products, 1 connection, ${REQUESTS} distinct requests per target (latency in ms)\n`,
  )
  console.log(table(rows))
}
