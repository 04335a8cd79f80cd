import { asc, desc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminRefsAnswer } from '../../../src/contract/admin-refs'
import { brands, campaigns, categories } from '../../db/schema'
import { STOCK_ROLES } from '../../domain/staff'

/** The catalogue's categories, brands and campaigns for the back office's pickers (never a kept copy). */
export default async function refsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/admin/catalogue-refs',
    { config: { staffRoles: STOCK_ROLES }, schema: { tags: ['admin'], response: { 200: adminRefsAnswer } } },
    async (_request, reply) => {
      const named = {
        id: sql<number>`id`,
        slug: sql<string>`slug`,
        name: sql<string>`name`,
        nameBn: sql<string>`name_bn`,
      }
      const [categoryRows, brandRows, campaignRows] = await Promise.all([
        app.db
          .select({ ...named, parentId: categories.parentId, position: categories.position })
          .from(categories)
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
      ])
      reply.header('cache-control', 'no-store')
      return {
        data: {
          categories: categoryRows,
          brands: brandRows,
          campaigns: campaignRows.map((row) => ({
            ...row,
            startsAt: row.startsAt.toISOString(),
            endsAt: row.endsAt.toISOString(),
          })),
        },
      }
    },
  )
}
