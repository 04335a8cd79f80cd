import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Config } from '../config'
import type { Db, DbKind } from '../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    dbKind: DbKind
    /** present when REDIS_URL is set */
    redis: Redis | null
  }
}

export type ContextOptions = { config: Config; db: Db; dbKind: DbKind }

/** Decorates the app with its configuration, the database and (when configured) Redis. */
export default fp(async function context(app: FastifyInstance, options: ContextOptions) {
  app.decorate('config', options.config)
  app.decorate('db', options.db)
  app.decorate('dbKind', options.dbKind)
  let redis: Redis | null = null
  if (options.config.REDIS_URL) {
    redis = new Redis(options.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    await redis.connect()
    app.addHook('onClose', async () => {
      await redis?.quit()
    })
  }
  app.decorate('redis', redis)
})
