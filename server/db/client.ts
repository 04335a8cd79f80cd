import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Pool, PoolClient } from 'pg'
import type { Config } from '../config'
import { CATALOGUE_CHANNEL } from './catalogue-changes'
import { startEmbedded } from './embedded'
import * as schema from './schema'

/** One database type for PGlite and PostgreSQL: write queries against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction's handle, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DbKind
  close: () => Promise<void>
  /** PGlite only: a tar of its data folder */
  dump?: () => Promise<Uint8Array>
  /** what this pool's own transactions announced on the catalogue channel */
  announced: OwnAnnouncements
}

/**
 * Every connection of the pool listens on the catalogue channel, so PostgreSQL hands a session the news of its
 * own transaction after the commit and before the commit's answer (it delivers a session's notifications
 * ahead of its ReadyForQuery): a write through this process has been heard here by the time it returns, and
 * what this process reads next is never what the write replaced. PGlite has one session and behaves the same.
 */
export type OwnAnnouncements = {
  /**
   * Runs `listener` with the text of each announcement a transaction of this pool made, once it committed;
   * gives back what stops it.
   */
  subscribe(listener: (payload: string) => void): () => void
  /** The PostgreSQL session of this process id is a connection of this pool: its news is heard here already. */
  isOwn(processId: number): boolean
}

export type OpenOptions = {
  /** PGlite only: keep the data in memory (tests) instead of DATA_DIR */
  memory?: boolean
  /** PGlite in memory only: start from this dump of a data folder (tests: one already migrated) */
  pgliteDump?: Blob
  /** PostgreSQL: the pool's size (the embedded database has one session, so one connection) */
  poolSize?: number
  /**
   * PostgreSQL only: bound every statement by what a request can wait (`databaseTimeouts`). Off for
   * migrations and seeding, whose statements may run long; opening a connection is bounded either way.
   */
  forRequests?: boolean
}

/**
 * How long the API waits on PostgreSQL, so that a database that is down, overloaded or silent fails a
 * request in under 5 s (503) and a start in seconds, instead of leaving them hanging.
 */
export const databaseTimeouts = {
  /** opening a connection, or waiting for a free one when the pool is busy */
  connectMs: 3_000,
  /** requests: the server cancels a statement that runs longer (SQLSTATE 57014) */
  statementMs: 3_000,
  /** requests: the client stops waiting for an answer (a server or network gone silent) and drops the connection */
  answerMs: 4_000,
  /** requests: the server ends a session left idle inside a transaction, releasing its locks */
  idleInTransactionMs: 10_000,
  /** an unused pooled connection is closed */
  idleMs: 30_000,
} as const

/** node-postgres's error when `query_timeout` passes without an answer */
const ANSWER_TIMEOUT = 'Query read timeout'

/**
 * PGlite runs inside this process (in its own thread): its buffer cache is this process's memory. Postgres's default
 * 128 MB would be most of the server's footprint; the file pages stay in the operating system's
 * cache anyway, so a small pool costs little speed (the catalogue's listings are answered from the facet index;
 * a product read by id is a page of its own whatever the pool).
 */
const PGLITE_CONF = 'shared_buffers = 8MB\n'

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in `${DATA_DIR}/pglite` (pg_trgm loaded), in a thread
 * of its own behind a wire-protocol socket: both are reached through node-postgres, and a long query on the
 * embedded database does not stall the server's event loop.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: OpenOptions = {},
): Promise<Database> {
  // the driver loads only when a database is opened
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  // numeric and bigint arrive as strings from node-postgres; drizzle maps the typed columns itself
  const drizzleOf = (pool: Pool) => drizzleNodePg(pool, { schema }) as unknown as Db
  if (config.DATABASE_URL) {
    const bounded = options.forRequests === true
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: databaseTimeouts.connectMs,
      idleTimeoutMillis: databaseTimeouts.idleMs,
      // the operating system notices a peer that vanished without closing the connection
      keepAlive: true,
      ...(bounded && {
        statement_timeout: databaseTimeouts.statementMs,
        query_timeout: databaseTimeouts.answerMs,
        idle_in_transaction_session_timeout: databaseTimeouts.idleInTransactionMs,
      }),
    })
    // an idle connection dropped by the server (a restart, a failover) must not take the process down:
    // the pool opens a new one for the next query
    pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`))
    if (bounded) dropWhenSilent(pool)
    const announced = hearOwnAnnouncements(pool, false)
    return { db: drizzleOf(pool), kind: 'postgres', close: () => pool.end(), announced }
  }
  let dataDir: string | undefined
  if (!options.memory) {
    dataDir = join(config.DATA_DIR, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  const embedded = await startEmbedded({
    dataDir,
    dump:
      options.memory && options.pgliteDump
        ? new Uint8Array(await options.pgliteDump.arrayBuffer())
        : undefined,
    conf: PGLITE_CONF,
  })
  // PGlite has one session: one connection, kept open; requests wait their turn for it as they did for
  // PGlite itself (no statement timeout: the embedded database cannot cancel a running statement)
  const pool = new pg.Pool({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 0,
  })
  pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`))
  // the one session is this process's: whatever it announces was written here
  const announced = hearOwnAnnouncements(pool, true)
  const db = drizzleOf(pool)
  oneSessionGuard(db, pool)
  return {
    db,
    kind: 'pglite',
    dump: embedded.dump,
    announced,
    close: async () => {
      await pool.end()
      await embedded.close()
    },
  }
}

/**
 * On the embedded database a query sent past an open transaction (through `db` instead of the transaction's
 * `tx`) waits for the one connection that transaction holds, which waits for the query: the process stops
 * answering for good. Such a query is refused at once instead, naming where it was sent from.
 */
function oneSessionGuard(db: Db, pool: Pool) {
  const open = new AsyncLocalStorage<{ open: boolean }>()
  const transaction = db.transaction.bind(db)
  ;(db as { transaction: unknown }).transaction = (async (run, config) => {
    const state = { open: true }
    try {
      return await transaction((tx) => open.run(state, () => run(tx)), config)
    } finally {
      state.open = false
    }
  }) as Db['transaction']
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown
  ;(pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (open.getStore()?.open) {
      const refused = new Error('a query went past the open transaction: send it through the transaction')
      const callback = args[0]
      if (typeof callback === 'function') return void callback(refused)
      return Promise.reject(refused)
    }
    return connect(...args)
  }
}

/** A pooled connection's PostgreSQL process id (node-postgres keeps it; its types do not say so). */
const processIdOf = (client: PoolClient) => (client as PoolClient & { processID: number | null }).processID

/**
 * Makes every connection of the pool listen on the catalogue channel and passes on what its own session
 * announced (`everySession`: whatever any session announced, on the embedded database, which has one).
 */
function hearOwnAnnouncements(pool: Pool, everySession: boolean): OwnAnnouncements {
  const listeners = new Set<(payload: string) => void>()
  const sessions = new Set<number>()
  pool.on('connect', (client) => {
    const session = processIdOf(client)
    if (session !== null) sessions.add(session)
    client.on('notification', ({ channel, payload, processId }) => {
      if (channel !== CATALOGUE_CHANNEL || payload === undefined) return
      if (!everySession && processId !== session) return
      for (const listener of listeners) listener(payload)
    })
    // queued ahead of the first query the pool hands this connection to
    client.query(`listen ${CATALOGUE_CHANNEL}`).catch(() => {
      // a connection deaf to its own news would let this process read what it has just replaced
      void client.end()
    })
  })
  pool.on('remove', (client) => {
    const session = processIdOf(client)
    if (session !== null) sessions.delete(session)
  })
  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isOwn: (processId) => sessions.has(processId),
  }
}

/**
 * A connection whose answer did not come within `query_timeout` still has that query on the wire, and every
 * later query on it would wait behind it: inside a transaction, the rollback and the queries of the next
 * request to check it out. Ending it fails them at once, and giving it back to the pool with the error
 * removes it there: a transaction whose BEGIN never came back is never given back by drizzle (it releases
 * only after BEGIN), and would otherwise hold a pool slot for good. A later release of the same checkout
 * does nothing.
 */
function dropWhenSilent(pool: Pool) {
  const checkedOut = new WeakSet<PoolClient>()
  pool.on('acquire', (client) => checkedOut.add(client))
  pool.on('release', (_error, client) => checkedOut.delete(client))
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as { query: unknown }).query = (...args: unknown[]) => {
      const answer = send(...args)
      if (answer instanceof Promise) {
        answer.catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== ANSWER_TIMEOUT) return
          void client.end()
          if (!checkedOut.has(client)) return
          const release = client.release
          let released = false
          client.release = (reason?: Error | boolean) => {
            if (released) return
            released = true
            release(reason)
          }
          client.release(error)
        })
      }
      return answer
    }
  })
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** One round trip to the database: what the readiness probe waits for. */
export const ping = (db: Db) => db.execute(sql`select 1`)
