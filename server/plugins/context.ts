import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Command, Redis, type RedisOptions } from 'ioredis'
import type { Config } from '../config'
import type { Db, DbKind } from '../db/client'
import { oneLineReason, serviceAddress } from '../db/unavailable'
import { type SealingKey, sealingKey } from '../domain/sealed'

declare module 'fastify' {
  interface FastifyInstance {
    /** the time every limit and expiry is measured against; tests move it */
    clock: { now: () => Date }
    config: Config
    db: Db
    dbKind: DbKind
    /** present when REDIS_URL is set */
    redis: Redis | null
    /** seals the secrets the server reads back (server/domain/sealed.ts) */
    sealingKey: SealingKey
  }
}

/**
 * SECRETS_KEY, or else the key file in DATA_DIR: made once with random bytes, readable by this user only,
 * and never replaced (a second process starting at the same moment reads the first one's). A server in
 * production on PostgreSQL refuses to start without SECRETS_KEY: its instances share the database, not
 * a disk, and each would seal with a key of its own.
 */
export function loadSealingKey(
  config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR' | 'NODE_ENV' | 'DATABASE_URL'>,
): SealingKey {
  if (config.SECRETS_KEY) return sealingKey(config.SECRETS_KEY)
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: with DATABASE_URL in production, set SECRETS_KEY (at least 32 random characters, the same on every instance): it seals the staff’s authenticator secrets',
    )
  }
  mkdirSync(config.DATA_DIR, { recursive: true })
  const file = join(config.DATA_DIR, 'secrets.key')
  // written whole under another name, then linked into place: a link never replaces a file, and a reader
  // never sees half a key
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 })
  try {
    linkSync(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(draft)
  }
  return sealingKey(readFileSync(file, 'utf8').trim())
}

export type ContextOptions = { config: Config; db: Db; dbKind: DbKind }

/**
 * How the API waits on Redis: a command fails within a second when Redis is down or silent (its caller
 * answers 503), nothing queues up while it is away, and the connection is opened again in the background
 * until it is back.
 */
export const redisOptions = {
  lazyConnect: true,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // closing a connection to a silent server does not wait for its goodbye
  disconnectTimeout: 500,
  // while disconnected, commands fail at once rather than wait in a queue for a Redis that may not return
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // a command cut off by a lost connection has already failed its request: it is not sent again later
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  disableClientInfo: true,
} satisfies RedisOptions

/**
 * A Redis client that drops a connection on which a command timed out: a server that stopped answering,
 * or a network that swallows packets, would otherwise leave every later command waiting on the same dead
 * socket. The reconnection then goes through `retryStrategy` like any other.
 */
class ReconnectingRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const connection = this.stream
    const sent = super.sendCommand(command, stream)
    command.promise.catch((error: unknown) => {
      const timedOut = error instanceof Error && error.message === 'Command timed out'
      // only the connection the command went out on, and only while it is still the one in use
      if (timedOut && this.stream === connection && this.status === 'ready') this.disconnect(true)
    })
    return sent
  }
}

/** Connects to REDIS_URL, or fails within seconds with one line saying where and why. */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new ReconnectingRedis(url, redisOptions)
  let lastError: Error | undefined
  let down = false
  redis.on('error', (error: Error) => {
    lastError = error
    // one warning per outage, not one per reconnection attempt
    if (!down) app.log.warn(`Redis unavailable: ${error.message}`)
    down = true
  })
  redis.on('ready', () => {
    if (down) app.log.info('Redis is back')
    down = false
  })
  try {
    await redis.connect()
  } catch (error) {
    // stop the reconnection attempts: the start has failed
    redis.disconnect()
    const reason = oneLineReason(lastError ?? error)
    throw new Error(`Redis at ${serviceAddress(url, 6379)} is not reachable: ${reason}`, {
      cause: lastError ?? error,
    })
  }
  return redis
}

/**
 * Decorates the app with its configuration, the clock every expiry is measured against, the database and
 * (when configured) Redis.
 */
export default fp(
  async function context(app: FastifyInstance, options: ContextOptions) {
    app.decorate('config', options.config)
    app.decorate('clock', { now: () => new Date() })
    app.decorate('db', options.db)
    app.decorate('dbKind', options.dbKind)
    app.decorate('sealingKey', loadSealingKey(options.config))
    let redis: Redis | null = null
    if (options.config.REDIS_URL) {
      const client = await connectRedis(app, options.config.REDIS_URL)
      redis = client
      app.addHook('onClose', async () => {
        // QUIT needs an answer; without one (Redis away), close the socket
        await client.quit().catch(() => client.disconnect())
      })
    }
    app.decorate('redis', redis)
  },
  { name: 'context' },
)
