import { asc, desc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AdminRefs } from '../../src/contract/admin-refs'
import { brands, campaigns, categories } from '../db/schema'

/** The catalogue's categories, brands and campaigns as the back office's pickers list them. */
export type AdminRefsRepository = {
  /** read from the database each time (never a kept copy): what was just saved is there */
  list(): Promise<AdminRefs>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminRefs: AdminRefsRepository
  }
}

export function createAdminRefsRepository(app: FastifyInstance): AdminRefsRepository {
  const named = {
    id: sql<number>`id`,
    slug: sql<string>`slug`,
    name: sql<string>`name`,
    nameBn: sql<string>`name_bn`,
  }
  return {
    async list() {
      const [categoryRows, brandRows, campaignRows, settings] = await Promise.all([
        app.db
          .select({ ...named, parentId: categories.parentId, position: categories.position })
          .from(categories)
          // a parent, then its children in their order
          .orderBy(
            sql`coalesce(${categories.parentId}, ${categories.id})`,
            sql`${categories.parentId} is not null`,
            asc(categories.position),
            asc(categories.id),
          ),
        app.db.select(named).from(brands).orderBy(asc(brands.name), asc(brands.id)),
        app.db
          .select({ ...named, startsAt: campaigns.startsAt, endsAt: campaigns.endsAt })
          .from(campaigns)
          .orderBy(desc(campaigns.startsAt), desc(campaigns.id)),
        app.settings.current(),
      ])
      return {
        categories: categoryRows,
        brands: brandRows,
        campaigns: campaignRows.map((row) => ({
          ...row,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
        })),
        defaultVatPercent: settings.settings.vatPercent,
      }
    },
  }
}

export default fp(
  async function adminRefsRepository(app: FastifyInstance) {
    app.decorate('adminRefs', createAdminRefsRepository(app))
  },
  { name: 'admin-refs-repository', dependencies: ['context'] },
)
