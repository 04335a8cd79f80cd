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
import { databaseTimeouts } from '../db/client'

export type { CatalogueChange }

const changeMessage = z.object({
  from: z.string().max(64),
  products: z.array(z.int().positive()).max(MAX_CHANGED_PRODUCTS).optional(),
  listings: z.boolean().optional(),
  refs: z.boolean().optional(),
  all: z.boolean().optional(),
  settings: z.boolean().optional(),
})

/** How often the listening connection is checked (a silent network ends no socket by itself). */
const CHECK_EVERY_MS = 5_000

export type ChangeFeed = {
  /** Applies a change in this instance at once and tells the others (PostgreSQL NOTIFY). */
  publish(change: CatalogueChange): void
  /** Runs `listener` for every change, this instance's own and the others'. */
  subscribe(listener: (change: CatalogueChange) => void): void
  /** whether changes made by other instances reach this one now (always, on the embedded database) */
  listening(): boolean
  /**
   * Asks PostgreSQL over the listening connection, which no request waits in line for: readiness says
   * whether the database answers, not whether the request pool is busy. Null on the embedded database.
   */
  ping: (() => Promise<void>) | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** catalogue changes, shared between the shop's instances */
    changeFeed: ChangeFeed
  }
}

/**
 * Keeps every instance's kept catalogue answers true to the database within a moment of a write: each
 * catalogue write is published on PostgreSQL's `LISTEN/NOTIFY` channel (it needs no Redis) and every
 * instance drops what it names. While the listening connection is down an instance may miss news, so after
 * every reconnection it drops everything it keeps. The embedded database has one process: nothing to tell.
 */
export default fp(
  async function changeFeed(app: FastifyInstance) {
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
          let parsed: z.infer<typeof changeMessage>
          try {
            parsed = changeMessage.parse(JSON.parse(message.payload))
          } catch {
            // not ours, or from another version: the safe reading is "anything may have changed"
            deliver({ all: true })
            return
          }
          const { from, ...change } = parsed
          if (from !== me) deliver(change)
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
        : null,
    } satisfies ChangeFeed)
  },
  { name: 'change-feed', dependencies: ['context'] },
)
