import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { type Config, loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { isServiceUnavailable } from '../../server/db/unavailable'
import { openPreparedDatabase } from '../../server/prepare-database'
import {
  closedPort,
  eventually,
  type FaultProxy,
  silentListener,
  tcpProxy,
  timed,
  unavailableAnswer,
} from './fault-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// What the API does when PostgreSQL or Redis stops answering: requests fail fast with 503 in the error
// shape, readiness says so, and everything recovers by itself when the service returns.

const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')

function testConfig(dataDir: string, overrides: Partial<Config>): Config {
  return loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-site'),
      SEED_PRODUCTS: 0,
      ...overrides,
    },
  )
}

describe('a PostgreSQL that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof silentListener>>
  let dataDir: string
  let config: Config
  beforeAll(async () => {
    silent = await silentListener()
    dataDir = mkdtempSync(join(tmpdir(), 'haat-reliability-'))
    config = testConfig(dataDir, { DATABASE_URL: `postgres://haat@127.0.0.1:${silent.port}/haat` })
  })
  afterAll(async () => {
    await silent.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('fails a start within 15 s with one line naming the database and the reason', async () => {
    const { value: error, ms } = await timed(() => openPreparedDatabase(config).catch((e: Error) => e))
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toContain(`127.0.0.1:${silent.port}`)
    expect(message).toMatch(/timeout/)
    expect(message).not.toContain('\n')
    expect(isServiceUnavailable(error)).toBe(true)
    expect(ms).toBeLessThan(15_000)
    console.info(`silent PostgreSQL: start failed after ${ms} ms: ${message}`)
  })

  it('answers a request with 503 within 5 s, and readiness with 503 within about a second', async () => {
    const database = await openDatabase(config, { forRequests: true })
    const app = await buildApp(config, { database })
    await app.ready()
    try {
      const { value: listing, ms } = await timed(() =>
        app.inject({ url: '/api/v2/product/storefront?currentPage=1&perPage=5', headers: apiHeaders }),
      )
      expect(listing.statusCode).toBe(503)
      expect(listing.json()).toEqual(unavailableAnswer)
      expect(Number(listing.headers['retry-after'])).toBeGreaterThan(0)
      expect(ms).toBeLessThan(5_000 + 2_000)
      const { value: ready, ms: readyMs } = await timed(() => app.inject({ url: '/readyz' }))
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ error: { database: [expect.any(String)] } })
      expect(readyMs).toBeLessThan(1_000 + 1_500)
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
      console.info(`silent PostgreSQL: request 503 after ${ms} ms, readiness 503 after ${readyMs} ms`)
    } finally {
      await app.close()
      await silent.close()
      await database.close()
    }
  })
})

describe('Redis stopped while the API runs', () => {
  let proxy: FaultProxy
  let t: TestApp
  beforeAll(async () => {
    proxy = await tcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) })
    t = await createTestApp({ products: 5, config: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } })
  })
  afterAll(async () => {
    await t?.close()
    await proxy?.close()
  })

  const phone = () => `016${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
  const ip = () => `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`
  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      headers: apiHeaders,
      remoteAddress: ip(),
      payload: { phone: phone(), password: 'not-the-password' },
    })
  const sendOtp = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/send-otp',
      headers: apiHeaders,
      remoteAddress: ip(),
      payload: { phone: phone(), type: 'login' },
    })
  const lookup = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/lookup',
      headers: apiHeaders,
      remoteAddress: ip(),
      payload: { number: 'HT-250101-ZZZZZ', phone: phone() },
    })
  const listing = () =>
    t.app.inject({ url: '/api/v2/product/storefront?currentPage=1&perPage=5', headers: apiHeaders })
  const ready = () => t.app.inject({ url: '/readyz' })

  /** the slowest of the three refusals, in ms */
  async function expectUnavailable(): Promise<number> {
    let slowest = 0
    for (const [name, request] of [
      ['login', login],
      ['send-otp', sendOtp],
      ['order lookup', lookup],
    ] as const) {
      const { value: answer, ms } = await timed(request)
      expect(answer.statusCode, name).toBe(503)
      expect(answer.json(), name).toEqual(unavailableAnswer)
      expect(Number(answer.headers['retry-after']), name).toBeGreaterThan(0)
      expect(ms, name).toBeLessThan(2_000 + 1_000)
      slowest = Math.max(slowest, ms)
    }
    expect((await listing()).statusCode).toBe(200)
    const probe = await ready()
    expect(probe.statusCode).toBe(503)
    expect(probe.json()).toEqual({ error: { redis: [expect.any(String)] } })
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    return slowest
  }

  async function expectWorking() {
    expect((await login()).statusCode).toBe(401)
    expect((await sendOtp()).statusCode).toBe(200)
    expect((await lookup()).statusCode).toBe(404)
    expect((await listing()).statusCode).toBe(200)
  }

  it('answers login, one-time codes and order lookup with 503 while Redis is stopped, and recovers', async () => {
    await expectWorking()
    expect((await ready()).statusCode).toBe(200)
    proxy.cut()
    const slowest = await expectUnavailable()
    proxy.restore()
    const recovered = await eventually(async () => (await ready()).statusCode === 200, 10_000)
    await expectWorking()
    console.info(`stopped Redis: 503 within ${slowest} ms; ready again ${recovered} ms after it came back`)
  })

  it('answers with 503 within 2 s while Redis hangs, and recovers when it answers again', async () => {
    expect((await ready()).statusCode).toBe(200)
    proxy.freeze()
    const slowest = await expectUnavailable()
    proxy.restore()
    const recovered = await eventually(async () => (await ready()).statusCode === 200, 10_000)
    await expectWorking()
    console.info(`hung Redis: 503 within ${slowest} ms; ready again ${recovered} ms after it came back`)
  })
})

describe('a start with Redis out of reach', () => {
  it.each([
    ['refuses connections', async () => ({ port: await closedPort(), close: async () => {} })],
    ['accepts connections and never answers', silentListener],
  ])('fails within seconds, in one line, when Redis %s', async (_, listen) => {
    const listener = await listen()
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-reliability-'))
    const config = testConfig(dataDir, { REDIS_URL: `redis://127.0.0.1:${listener.port}` })
    const database = await openDatabase(config, { memory: true })
    try {
      const { value: error, ms } = await timed(() => buildApp(config, { database }).catch((e: Error) => e))
      expect(error).toBeInstanceOf(Error)
      const message = (error as Error).message
      expect(message).toMatch(new RegExp(`^Redis at 127\\.0\\.0\\.1:${listener.port} is not reachable: \\S`))
      expect(message).not.toContain('\n')
      expect(isServiceUnavailable(error)).toBe(true)
      expect(ms).toBeLessThan(5_000)
      console.info(`Redis that ${_}: start failed after ${ms} ms: ${message}`)
    } finally {
      await database.close()
      await listener.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
