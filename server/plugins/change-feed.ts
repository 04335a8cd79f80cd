import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import { z } from 'zod'
import {
  announceChange,
  CATALOGUE_CHANNEL,
  type CatalogueChange,
  MAX_CHANGED_PRODUCTS,
} from '../db/catalogue-changes'
import { databaseTimeouts, type OwnAnnouncements, ping } from '../db/client'

export type { CatalogueChange }

/** `from`: the instance that published it; none: the database's own triggers (migration 0025) */
const changeMessage = z.object({
  from: z.string().max(64).optional(),
  products: z.array(z.int().positive()).max(MAX_CHANGED_PRODUCTS).optional(),
  listings: z.boolean().optional(),
  refs: z.boolean().optional(),
  all: z.boolean().optional(),
  settings: z.boolean().optional(),
})

/** A message of the channel: who published it, and the change (anything unreadable: everything changed). */
function readMessage(payload: string): { from?: string; change: CatalogueChange } {
  try {
    const { from, ...change } = changeMessage.parse(JSON.parse(payload))
    return { from, change }
  } catch {
    // not ours, or from another version: the safe reading is "anything may have changed"
    return { change: { all: true } }
  }
}

/** How often the listening connection is checked (a silent network ends no socket by itself). */
const CHECK_EVERY_MS = 5_000

export type ChangeFeed = {
  /**
   * Applies a change the database cannot see for itself (the settings) in this instance at once and tells the
   * others (PostgreSQL NOTIFY). Catalogue writes need nothing: the database announces them.
   */
  publish(change: CatalogueChange): void
  /** Runs `listener` for every change, this instance's own and the others'. */
  subscribe(listener: (change: CatalogueChange) => void): void
  /** whether changes made by other instances reach this one now (always, on the embedded database) */
  listening(): boolean
  /**
   * Asks PostgreSQL over the listening connection, which no request waits in line for: readiness says
   * whether the database answers, not whether the request pool is busy. On the embedded database, asks it.
   */
  ping: () => Promise<unknown>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** catalogue changes, shared between the shop's instances */
    changeFeed: ChangeFeed
  }
}

/**
 * Keeps every instance's kept catalogue answers true to the database within a moment of a write, whoever made
 * it: triggers on the catalogue's tables announce each committed change on PostgreSQL's `LISTEN/NOTIFY` channel
 * (it needs no Redis; migration 0025), and every instance drops what it names. A write through this instance is
 * heard on its own connection before the write returns (`OwnAnnouncements`), so the next read here never
 * answers what it replaced; the others hear it on a listening connection of their own. While that connection
 * is down an instance may miss news, so after every reconnection it drops everything it keeps. The embedded
 * database has one process: its own connection hears everything.
 */
export type ChangeFeedOptions = { announced: OwnAnnouncements }

export default fp(
  async function changeFeed(app: FastifyInstance, { announced }: ChangeFeedOptions) {
    const me = randomUUID()
    const listeners: ((change: CatalogueChange) => void)[] = []
    const deliver = (change: CatalogueChange) => {
      for (const listener of listeners) {
        try {
          listener(change)
        } catch (error) {
          app.log.error(error, 'a catalogue change could not be applied')
        }
      }
    }
    const url = app.dbKind === 'postgres' ? app.config.DATABASE_URL : undefined
    let connected = false
    let stopped = false
    let client: pg.Client | null = null

    if (url) {
      let tried = false
      let retry: NodeJS.Timeout | undefined
      let check: NodeJS.Timeout | undefined
      let attempt = 0

      const drop = (reason: string) => {
        if (!client) return
        const gone = client
        client = null
        connected = false
        clearInterval(check)
        gone.removeAllListeners()
        gone.on('error', () => {})
        gone.end().catch(() => {})
        if (stopped) return
        app.log.warn(`catalogue change feed: ${reason}; listening again`)
        schedule()
      }
      const schedule = () => {
        clearTimeout(retry)
        attempt += 1
        retry = setTimeout(() => void listen(), Math.min(attempt * 250, 2_000))
        retry.unref()
      }
      const listen = async () => {
        if (stopped) return
        const first = !tried
        tried = true
        const next = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: databaseTimeouts.connectMs,
          query_timeout: databaseTimeouts.answerMs,
          keepAlive: true,
          // how an operator tells this connection in pg_stat_activity
          application_name: 'haat-change-feed',
        })
        next.on('error', (error) => drop(error.message))
        next.on('end', () => drop('connection ended'))
        next.on('notification', (message) => {
          if (message.channel !== CATALOGUE_CHANNEL || !message.payload) return
          const { from, change } = readMessage(message.payload)
          // this instance's own news was applied already: by `publish`, or by the connection that wrote it
          if (from === me || (from === undefined && announced.isOwn(message.processId))) return
          deliver(change)
        })
        client = next
        try {
          await next.connect()
          await next.query(`listen ${CATALOGUE_CHANNEL}`)
        } catch (error) {
          if (client === next) drop(`could not listen (${(error as Error).message})`)
          return
        }
        if (client !== next || stopped) return
        connected = true
        attempt = 0
        // news may have gone by while nobody listened
        if (!first) deliver({ all: true })
        check = setInterval(() => {
          next.query('select 1').catch((error: Error) => {
            if (client === next) drop(`connection check failed (${error.message})`)
          })
        }, CHECK_EVERY_MS)
        check.unref()
      }

      await listen()
      app.addHook('onClose', async () => {
        stopped = true
        clearTimeout(retry)
        clearInterval(check)
        const last = client
        client = null
        connected = false
        if (last) {
          last.removeAllListeners()
          last.on('error', () => {})
          await last.end().catch(() => {})
        }
      })
    }

    // what this instance's own transactions changed, heard before they return; what `publish` sends is
    // applied by `publish` itself
    const unsubscribe = announced.subscribe((payload) => {
      const { from, change } = readMessage(payload)
      if (from === undefined) deliver(change)
    })
    // the database may outlive the app (tests build several apps over one)
    app.addHook('onClose', async () => unsubscribe())

    app.decorate('changeFeed', {
      publish(change) {
        deliver(change)
        if (!url) return
        announceChange(app.db, change, me).catch((error: Error) => {
          // the write itself succeeded; the other instances' kept answers expire on their own
          app.log.warn(`catalogue change not announced: ${error.message}`)
        })
      },
      subscribe(listener) {
        listeners.push(listener)
      },
      listening: () => !url || connected,
      ping: url
        ? async () => {
            if (!connected || !client) throw new Error('the change feed is not connected')
            await client.query('select 1')
          }
        : () => ping(app.db),
    } satisfies ChangeFeed)
  },
  { name: 'change-feed', dependencies: ['context'] },
)
