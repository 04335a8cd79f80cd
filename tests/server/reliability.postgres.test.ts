import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { databaseTimeouts, openDatabase } from '../../server/db/client'
import { isServiceUnavailable } from '../../server/db/unavailable'
import { eventually, type FaultProxy, tcpProxy, timed } from './fault-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// PostgreSQL only (the server-postgres project): a real PostgreSQL that stops answering while the API runs,
// through a proxy in front of it. Statements and transactions fail as "unavailable" within their timeouts,
// and every connection of the pool works again once the database answers.

describe('a PostgreSQL that stops answering while in use', () => {
  let t: TestApp
  let proxy: FaultProxy
  let database: Awaited<ReturnType<typeof openDatabase>>
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    t = await createTestApp({ products: 5 })
    const url = new URL(t.config.DATABASE_URL ?? '')
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    const config = { ...t.config, DATABASE_URL: url.toString() }
    database = await openDatabase(config, { forRequests: true, poolSize: 2 })
    app = await buildApp(config, { database })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await proxy?.close()
    // a second end of the pool is refused; one left waiting (a failed test) must not hold up the rest
    await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]).catch(
      () => {},
    )
    await t?.close()
  })

  it('cancels a statement that runs past the statement timeout, as a service unavailable', async () => {
    const { value: error, ms } = await timed(() =>
      database.db.execute(sql`select pg_sleep(${databaseTimeouts.statementMs / 1000 + 5})`).catch((e) => e),
    )
    expect(isServiceUnavailable(error)).toBe(true)
    expect(ms).toBeLessThan(databaseTimeouts.statementMs + 2_000)
  })

  it('fails a transaction on a frozen connection in one answer timeout, and the pool recovers', async () => {
    await database.db.execute(sql`select 1`)
    proxy.freeze()
    const { value: error, ms } = await timed(() =>
      database.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((e) => e),
    )
    expect(isServiceUnavailable(error)).toBe(true)
    expect(ms).toBeLessThan(databaseTimeouts.answerMs + 2_000)
    const listing = await timed(() =>
      app.inject({ url: '/api/v2/product/storefront?currentPage=1&perPage=5', headers: apiHeaders }),
    )
    expect(listing.value.statusCode).toBe(503)
    expect(listing.ms).toBeLessThan(5_000 + 2_000)
    proxy.restore()
    const recovered = await eventually(
      async () => (await app.inject({ url: '/readyz' })).statusCode === 200,
      10_000,
    )
    // every connection of the pool answers again: none was left behind a query that never finished
    for (let i = 0; i < 4; i++) {
      await database.db.transaction(async (tx) => tx.execute(sql`select 1`))
    }
    // and none is still checked out by the transaction that failed: the pool closes at once
    const closing = await timed(() =>
      Promise.race([
        database.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
      ]),
    )
    expect(closing.value).toBe('closed')
    console.info(
      `frozen PostgreSQL: transaction failed after ${ms} ms, request 503 after ${listing.ms} ms, ready again ${recovered} ms after restore`,
    )
  })
})
