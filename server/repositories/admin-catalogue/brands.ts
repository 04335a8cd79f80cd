import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AdminBrand } from '../../../src/contract/admin-catalogue'
import { type Db, queryRows, type Tx } from '../../db/client'
import { brands } from '../../db/schema'
import { notFound } from '../../domain/errors'
import { refreshSearchText } from '../catalogue/product-cards'
import type { AdminCatalogueRepository } from './index'
import {
  type BrandInput,
  CatalogueRefusal,
  type CatalogueTable,
  changed,
  createAudited,
  deleteAudited,
  slugOf,
  updateAudited,
} from './shared'

/** a brand's columns as its form gives them */
const brandColumns = (input: BrandInput) => ({
  slug: slugOf(input),
  name: input.name,
  nameBn: input.nameBn,
  logo: input.logo || null,
})

async function brandRows(where: Db | Tx, id?: number): Promise<AdminBrand[]> {
  const rows = await queryRows<{
    id: number
    slug: string
    name: string
    name_bn: string
    logo: string | null
    products: number
  }>(
    where,
    sql`select b.id, b.slug, b.name, b.name_bn, b.logo,
          (select count(*)::int from products p where p.brand_id = b.id) as products
        from brands b ${id === undefined ? sql`` : sql`where b.id = ${id}`}
        order by lower(b.name), b.id`,
  )
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    nameBn: row.name_bn,
    logo: row.logo ?? '',
    products: Number(row.products),
  }))
}

async function oneBrand(where: Db | Tx, id: number): Promise<AdminBrand> {
  const [row] = await brandRows(where, id)
  if (!row) throw notFound('id', 'Brand not found')
  return row
}

const brandTable: CatalogueTable<AdminBrand> = { type: 'brand', table: brands, one: oneBrand }

type BrandWrites = Pick<AdminCatalogueRepository, 'brands' | 'createBrand' | 'updateBrand' | 'deleteBrand'>

/** The brands: their rows with their product counts, and each write audited in its own transaction. */
export function brandRepository(app: FastifyInstance): BrandWrites {
  const db = app.db
  return {
    brands: () => brandRows(db),

    createBrand(input, actor) {
      return createAudited(app, brandTable, actor, (tx) =>
        tx.insert(brands).values(brandColumns(input)).returning({ id: brands.id }),
      )
    },

    updateBrand(id, change, actor) {
      return updateAudited(app, brandTable, id, actor, async (tx, before) => {
        const { slug, name, nameBn, logo } = before
        const input = changed({ slug, name, nameBn, logo }, change)
        await tx.update(brands).set(brandColumns(input)).where(eq(brands.id, id))
        if (before.name !== input.name || before.nameBn !== input.nameBn) {
          await refreshSearchText(tx, { brandId: id })
        }
      })
    },

    deleteBrand(id, actor) {
      return deleteAudited(app, brandTable, id, actor, (before) =>
        before.products > 0
          ? new CatalogueRefusal(
              { id: ['This brand still has products'] },
              { counts: { products: before.products, children: 0 } },
            )
          : null,
      )
    },
  }
}
