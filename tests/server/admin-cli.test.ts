import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { type Database, openDatabase } from '../../server/db/client'
import type { AuditEntry } from '../../src/contract/staff'
import { adminCall, createPerson, signInBySms } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

/**
 * `npm run admin:create` as an operator runs it: a separate process against the shop's database (the
 * PGlite folder in DATA_DIR, or PostgreSQL), then the link it printed, opened on the running shop.
 */

type Run = { code: number | null; stdout: string; stderr: string }

function adminCreate(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/admin-cli.ts', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
      stdio: 'pipe',
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

const linkIn = (run: Run) => /(https?:\/\/\S+\/admin\/setup\?token=([\w-]+))/.exec(run.stdout)
const postgres = process.env.TEST_DB === 'postgres'

/** Where the command writes, and the shop that reads it afterwards. */
let env: NodeJS.ProcessEnv
let app: App | undefined
let cleanUp: () => Promise<void>
/** PGlite keeps its folder to one process: the shop opens it once the commands are done. */
let openShop: () => Promise<App>

beforeAll(async () => {
  if (postgres) {
    const t: TestApp = await createTestApp({ products: 0 })
    env = { DATABASE_URL: t.config.DATABASE_URL, PUBLIC_URL: 'https://shop.example.com' }
    openShop = async () => t.app
    cleanUp = () => t.close()
    return
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-admin-cli-'))
  env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example.com' }
  let database: Database | undefined
  openShop = async () => {
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        DEV_OUTBOX: true,
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'none'),
      },
    )
    database = await openDatabase(config)
    const built = await buildApp(config, { database })
    await built.ready()
    return built
  }
  cleanUp = async () => {
    await app?.close()
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 120_000)
afterAll(() => cleanUp?.())

describe('npm run admin:create', () => {
  let first: Run
  let second: Run
  let other: Run

  it('refuses a number that is not a mobile number, and a missing one', async () => {
    for (const args of [['--phone', '12345'], []]) {
      const run = await adminCreate(args, env)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('Enter a valid mobile number, e.g. 01712345678')
      expect(run.stderr).toContain('usage: npm run admin:create')
    }
  }, 60_000)

  it('creates the owner and prints a one-time link on PUBLIC_URL; a second run replaces the link', async () => {
    first = await adminCreate(['--phone', '01712-345001', '--name', 'Abdul  Karim Mia'], env)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('Owner 01712345001 (Abdul Karim Mia): a new account')
    expect(linkIn(first)?.[1]).toMatch(/^https:\/\/shop\.example\.com\/admin\/setup\?token=[\w-]{43}$/)
    second = await adminCreate(['--phone', '01712345001'], env)
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('Owner 01712345001 (Abdul Karim Mia): was owner')
    other = await adminCreate(['--phone', '+8801712345002'], { ...env, PUBLIC_URL: '', PORT: '9090' })
    expect(linkIn(other)?.[1]).toMatch(/^http:\/\/localhost:9090\/admin\/setup\?token=/)
  }, 180_000)

  it('makes a customer of the number an owner again, active', async () => {
    const database = await openDatabase({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR ?? '' })
    await createPerson(database.db, { phone: '01712345004', role: 'customer', status: 'blocked' }).finally(
      () => database.close(),
    )
    const run = await adminCreate(['--phone', '01712345004'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Owner 01712345004 (Test customer): was customer')
  }, 60_000)

  it('prints a link that sets the password, once; the owner then signs in and runs the shop', async () => {
    app = await openShop()
    const setUp = (token: string, password: string) =>
      adminCall(app as App, 'POST', 'auth/setup', { body: { token, password } })
    // the first run's link was replaced by the second's
    expect((await setUp(linkIn(first)?.[2] ?? '', 'first-owner-pass')).status).toBe(400)
    const done = await setUp(linkIn(second)?.[2] ?? '', 'first-owner-pass')
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ data: { phone: '01712345001' } })
    expect((await setUp(linkIn(second)?.[2] ?? '', 'again-and-again')).status).toBe(400)

    const session = await signInBySms(app, '01712345001', 'first-owner-pass')
    expect(session.answer.body.data).toMatchObject({
      staff: { firstName: 'Abdul Karim', lastName: 'Mia', role: 'owner', mustChangePassword: false },
    })
    const invited = await adminCall(app, 'POST', 'staff', {
      as: session,
      body: { phone: '01712345003', firstName: 'Nila', role: 'manager' },
    })
    expect(invited.status).toBe(201)
    const log = await adminCall(app, 'GET', 'audit?objectType=staff', { as: session })
    const actions = (log.body.data as AuditEntry[]).map((entry) => [entry.action, entry.staff?.name ?? null])
    expect(actions).toEqual([
      ['staff.invite', 'Abdul Karim Mia'],
      ['staff.sign-in', 'Abdul Karim Mia'],
      ['staff.password', 'Abdul Karim Mia'],
      ['staff.invite', null],
      ['staff.invite', null],
      ['staff.invite', null],
      ['staff.invite', null],
    ])
    const staff = await adminCall(app, 'GET', 'staff', { as: session })
    expect(staff.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          phone: '01712345004',
          role: 'owner',
          status: 'active',
          mustChangePassword: true,
        }),
      ]),
    )
  }, 90_000)
})
