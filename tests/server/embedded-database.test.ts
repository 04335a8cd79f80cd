import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../../server/db/client'
import { type Embedded, startEmbedded } from '../../server/db/embedded'

// The embedded database's thread and its socket (server/db/pglite-worker.mjs), reached as the server reaches it.
let embedded: Embedded

beforeAll(async () => {
  embedded = await startEmbedded({ conf: 'shared_buffers = 16MB\n', setup: 'select 1' })
}, 60_000)
afterAll(() => embedded?.close())

const connect = async () => {
  const client = new pg.Client({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
  })
  client.on('error', () => {})
  await client.connect()
  return client
}

describe('the embedded database in its own thread', () => {
  it("answers a long query while this thread's timers keep running", async () => {
    const client = await connect()
    try {
      let ticks = 0
      const timer = setInterval(() => {
        ticks += 1
      }, 10)
      const started = Date.now()
      const { rows } = await client.query('select count(*)::int as n from generate_series(1, 4000000)')
      const took = Date.now() - started
      clearInterval(timer)
      expect(rows[0]).toEqual({ n: 4_000_000 })
      // on the server's own thread, no timer could have run until the query ended
      expect(took).toBeGreaterThan(100)
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 10 / 4))
    } finally {
      await client.end()
    }
  })

  it('lets connections take turns, and rolls back what a connection that vanished left open', async () => {
    const first = await connect()
    await first.query('create table if not exists turns (n int)')
    await first.query('begin')
    await first.query('insert into turns values (1)')
    // a second connection waits for the first to close before its startup is even answered
    const second = connect()
    let secondReady = false
    void second.then(() => {
      secondReady = true
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(secondReady).toBe(false)
    ;(first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    const client = await second
    try {
      const { rows } = await client.query('select count(*)::int as n from turns')
      expect(rows[0]).toEqual({ n: 0 })
      await client.query('insert into turns values (2)')
      const { rows: after } = await client.query('select n from turns')
      expect(after).toEqual([{ n: 2 }])
    } finally {
      await client.end()
    }
  })

  it('gives its data folder as a tar that another start loads', async () => {
    const tar = await embedded.dump()
    expect(tar.byteLength).toBeGreaterThan(1_000_000)
    const restored = await startEmbedded({ dump: tar, conf: '', setup: 'select 1' })
    try {
      const client = new pg.Client({
        host: restored.socketDir,
        port: restored.port,
        user: 'postgres',
        database: 'postgres',
      })
      await client.connect()
      const { rows } = await client.query('select n from turns')
      expect(rows).toEqual([{ n: 2 }])
      await client.end()
    } finally {
      await restored.close()
    }
  })
})

describe('a query sent past an open transaction on the one session', () => {
  it('is refused at once instead of waiting for good, and the database answers after', async () => {
    const database = await openDatabase(
      { DATABASE_URL: undefined, DATA_DIR: '.tmp/unused' },
      { memory: true },
    )
    try {
      const outcome = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        return database.db.execute(sql`select 2`).then(
          () => 'answered',
          // drizzle names the query and keeps the driver's reason as the cause
          (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message}`,
        )
      })
      expect(outcome).toMatch(/went past the open transaction/)
      expect(await queryRows(database.db, sql`select 3 as n`)).toEqual([{ n: 3 }])
    } finally {
      await database.close()
    }
  }, 60_000)
})
