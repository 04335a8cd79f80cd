import { and, eq, inArray, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { uploads } from '../db/schema'
import type { Uploader } from '../plugins/uploader'

/** Shoppers' uploaded photos: who uploaded each, so that only they can attach it. */
export type UploadsRepository = {
  /** records a stored photo */
  record(upload: Uploader & { purpose: string; path: string; bytes: number }): Promise<void>
  /** those of `paths` that were uploaded by this shopper or with this guest key */
  ownedBy(uploader: Uploader, paths: string[]): Promise<Set<string>>
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsRepository
  }
}

export function createUploadsRepository(app: FastifyInstance): UploadsRepository {
  return {
    async record(upload) {
      await app.db.insert(uploads).values(upload)
    },
    async ownedBy({ userId, guestKeyHash }, paths) {
      const mine = [
        userId !== null ? eq(uploads.userId, userId) : undefined,
        guestKeyHash !== null ? eq(uploads.guestKeyHash, guestKeyHash) : undefined,
      ].filter((condition) => condition !== undefined)
      if (mine.length === 0 || paths.length === 0) return new Set()
      const rows = await app.db
        .select({ path: uploads.path })
        .from(uploads)
        .where(and(inArray(uploads.path, paths), or(...mine)))
      return new Set(rows.map((row) => row.path))
    },
  }
}

export default fp(
  async function uploadsRepository(app: FastifyInstance) {
    app.decorate('uploads', createUploadsRepository(app))
  },
  { name: 'uploads-repository', dependencies: ['context'] },
)
