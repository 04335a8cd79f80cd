import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import type { Config } from '../config'
import type { Db, DbKind } from '../db/client'
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
      // the client (a few MB of memory) loads only when Redis is configured
      const { connectRedis } = await import('./redis-client')
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
