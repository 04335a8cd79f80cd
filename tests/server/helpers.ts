import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type App, type BuildOptions, buildApp } from '../../server/app'
import { type Config, loadConfig } from '../../server/config'
import { type Database, type Db, openDatabase } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'
import { seedCatalogue } from '../../server/db/seed/index'

export type TestApp = { app: App; db: Db; database: Database; config: Config; close: () => Promise<void> }

export type TestAppOptions = {
  /** demo products to seed (default 40, 0 for an empty catalogue) */
  products?: number
  config?: Partial<Config>
  /** the app's logger (default: none): a test that reads the log lines passes its own stream */
  logger?: BuildOptions['logger']
}

const API_KEY = 'haat-demo-key'
export const apiHeaders = { 'x-api-key': API_KEY } as const

function adminUrl(): string {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL')
  return url
}

/** What the run's global set-up provides; nothing outside Vitest (the benches use these helpers too). */
function provided<K extends 'migratedPglite' | 'migratedTemplate'>(key: K): string | undefined {
  try {
    return inject(key)
  } catch {
    return undefined
  }
}

/** A new database, a copy of the run's migrated one (tests/server/global-setup.ts) when there is one. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `haat_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const template = provided('migratedTemplate')
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
        break
      } catch (error) {
        // a copy refused while another file's copy of the same template is starting: try again shortly
        if (!/being accessed by other users/.test(String(error)) || attempt >= 20) throw error
        await new Promise((done) => setTimeout(done, 100 * attempt))
      }
    }
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl() })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * A fresh app over a fresh database (in-memory PGlite, or a new PostgreSQL database when
 * TEST_DB=postgres), migrated and seeded with a small deterministic catalogue.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'))
  const usePostgres = process.env.TEST_DB === 'postgres'
  const created = usePostgres ? await createPostgresDatabase() : null
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DEV_OUTBOX: true,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-site'),
      API_KEY,
      // the tests run due jobs themselves (app.jobs.runDue()); one that wants the worker sets its own
      JOB_POLL_MS: 0,
      // instances sharing PostgreSQL share their sealing key, as deploy.md has it; PGlite makes its key file
      ...(usePostgres ? { SECRETS_KEY: 'test-sealing-key-test-sealing-key-0001' } : {}),
      ...options.config,
      DATABASE_URL: created?.url,
    },
  )
  const dump = usePostgres ? undefined : provided('migratedPglite')
  const database = await openDatabase(config, {
    memory: true,
    poolSize: 4,
    pgliteDump: dump ? new Blob([readFileSync(dump)]) : undefined,
  })
  await migrate(database)
  const products = options.products ?? 40
  if (products > 0) await seedCatalogue(database, { products, now: new Date() })
  const app = await buildApp(config, { database, logger: options.logger })
  await app.ready()
  let closed = false
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      if (closed) return
      closed = true
      await app.close()
      await database.close()
      await created?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Raw bytes over a real connection to `port`: what node's HTTP parser answers before Fastify sees a
 * request, read as status, head and JSON body.
 */
export function rawRequest(
  port: number,
  bytes: string,
): Promise<{ status: number; head: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      text += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])
      try {
        resolve({ status, head, body: JSON.parse(body) })
      } catch {
        reject(new Error(`not an HTTP answer with a JSON body: ${JSON.stringify(text)}`))
      }
    })
  })
}
