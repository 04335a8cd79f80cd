// Two API instances behind a real HAProxy, over a fresh PostgreSQL database, Redis database 13 and an S3 bucket:
// what the cluster tests (tests/cluster/*.test.ts) and the cluster bench (bench.ts) stand on.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { type Balancer, startBalancer } from './balancer'
import { API_KEY, call } from './client'
import { createInstance, type Instance } from './instance'
import { findHaproxy } from './prerequisites'
import { freePort, waitUntil } from './processes'
import { createDatabase, emptyRedis, MEDIA_BUCKET, S3_CREDENTIALS, startS3 } from './services'

export const REPO = fileURLToPath(new URL('../../', import.meta.url))

export type ClusterOptions = {
  /** a server already built by scripts/build-server.mjs (main.mjs + migrations); built afresh when absent */
  serverDir?: string
  /** the demo catalogue instance a seeds into the empty database */
  seedProducts?: number
  /** how many instances start (1: only a; b stays configured in HAProxy, down, until b.start()) */
  instances?: 1 | 2
  /** more environment for both instances */
  env?: Record<string, string>
}

export type Cluster = {
  /** the balancer: what a shopper's phone talks to */
  lbUrl: string
  /** a and b, in that order */
  instances: [Instance, Instance]
  balancer: Balancer
  adminToken: string
  databaseUrl: string
  redisUrl: string
  s3: { endpoint: string; bucket: string }
  /** one statement on the cluster's database */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
  /** waits until the balancer has `name` up again (its health checks passed) and answers through it */
  waitUntilBalanced(name: string): Promise<void>
  /** the end of every log (instances and balancer), for a failure's report */
  tails(lines?: number): string
  close(): Promise<void>
}

/** The server as production runs it: plain JavaScript (never into dist-server/, which other work uses). */
export function buildServer(outDir: string) {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', outDir], {
    cwd: REPO,
    encoding: 'utf8',
  })
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}\n${built.stderr}`)
}

/** A folder for one run inside the repository, so that the built server finds node_modules. */
export function runFolder(prefix: string): string {
  const dir = join(
    REPO,
    '.tmp',
    'cluster',
    `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
  )
  mkdirSync(dir, { recursive: true })
  return dir
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const haproxy = findHaproxy()
  const adminUrl = process.env.DATABASE_URL
  const sharedRedis = process.env.REDIS_URL
  if (!haproxy || !adminUrl || !sharedRedis) {
    throw new Error('the cluster needs DATABASE_URL, REDIS_URL and haproxy (npm run test:cluster says which)')
  }
  const dir = runFolder('run')
  // what has started so far, stopped in reverse order by close() whatever happens
  const cleanups: [string, () => Promise<unknown>][] = []
  let closed = false
  async function close() {
    if (closed) return
    closed = true
    const failures: string[] = []
    for (const [what, cleanup] of cleanups.reverse()) {
      await cleanup().catch((error: Error) => failures.push(`${what}: ${error.message}`))
    }
    if (!process.env.HAAT_CLUSTER_KEEP) rmSync(dir, { recursive: true, force: true })
    if (failures.length) throw new Error(`closing the cluster: ${failures.join('; ')}`)
  }

  const instances: Instance[] = []
  let balancer: Balancer | undefined
  const tails = (lines = 40) =>
    [
      ...instances.map((i) => `----- instance ${i.name} (${i.logFile}) -----\n${i.tail(lines)}`),
      ...(balancer ? [`----- haproxy (${balancer.logFile}) -----\n${balancer.tail(lines)}`] : []),
    ].join('\n')

  try {
    const serverDir = options.serverDir ?? join(dir, 'server')
    if (!options.serverDir) buildServer(serverDir)

    const database = await createDatabase(adminUrl)
    cleanups.push(['dropping the database', database.drop])
    const redisUrl = await emptyRedis(sharedRedis)
    const s3 = await startS3(join(dir, 's3'))
    cleanups.push(['stopping s3rver', s3.close])
    const pool = new pg.Pool({ connectionString: database.url, max: 4 })
    cleanups.push(['closing the pool', () => pool.end()])

    const adminToken = randomBytes(24).toString('base64url').slice(0, 32)
    const sealingSecret = randomBytes(32).toString('base64url')
    const env = (name: string, port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      // nothing may be shared through the disk: each instance has its own, and the sealing key comes from
      // the environment, as it does in production
      DATA_DIR: join(dir, name),
      SECRETS_KEY: sealingSecret,
      STATIC_DIR: join(dir, 'no-site'),
      SEED_PRODUCTS: String(options.seedProducts ?? 120),
      MEDIA_CACHE_DIR: join(REPO, '.tmp', 'media-cache'),
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'console',
      DEV_OUTBOX: '1',
      API_KEY,
      ADMIN_TOKEN: adminToken,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1500',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: MEDIA_BUCKET,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...options.env,
    })
    for (const name of ['a', 'b'] as const) {
      const port = await freePort()
      const instance = createInstance({
        name,
        port,
        entry: join(serverDir, 'main.mjs'),
        env: env(name, port),
        logFile: join(dir, `${name}.log`),
      })
      instances.push(instance)
    }
    // both at once: each drains for SHUTDOWN_DRAIN_MS before it stops
    cleanups.push(['stopping the instances', () => Promise.all(instances.map((i) => i.stop('SIGTERM')))])
    const [a, b] = instances as [Instance, Instance]
    // a first: it migrates and seeds the empty database, b then finds it ready
    await a.start()
    if ((options.instances ?? 2) === 2) await b.start()

    const started = await startBalancer({
      binary: haproxy,
      dir,
      port: await freePort(),
      servers: { a: `127.0.0.1:${a.port}`, b: `127.0.0.1:${b.port}` },
    })
    balancer = started
    cleanups.push(['stopping haproxy', () => started.stop()])

    async function waitUntilBalanced(name: string) {
      await started.waitFor(name, 'UP')
      // and requests through it reach the instance (a few, since the other instance may answer first)
      await waitUntil(`instance ${name} answering through the balancer`, async () => {
        for (let i = 0; i < 4; i++) {
          if ((await call(started.url, 'GET', '/healthz')).instance === name) return true
        }
        return false
      })
    }
    for (const instance of instances) if (instance.running) await waitUntilBalanced(instance.name)

    return {
      lbUrl: started.url,
      instances: [a, b],
      balancer: started,
      adminToken,
      databaseUrl: database.url,
      redisUrl,
      s3: { endpoint: s3.endpoint, bucket: MEDIA_BUCKET },
      async query<Row>(sql: string, params: unknown[] = []) {
        return (await pool.query(sql, params)).rows as Row[]
      },
      waitUntilBalanced,
      tails,
      close,
    }
  } catch (error) {
    const report = tails()
    await close().catch(() => {})
    throw new Error(`the cluster did not start: ${(error as Error).message}\n${report}`, { cause: error })
  }
}
