import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type AdminProductRow,
  type BulkAction,
  type BulkResult,
  DEFAULT_DIRECTION,
  PRODUCT_COUNT_CAP,
  type ProductSort,
  type ProductStatus,
  type ProductStockSku,
  type SkipReason,
  type StockFilter,
} from '../../src/contract/admin-products'
import type { Tx } from '../db/client'
import { brands, campaigns, categories, products, skus } from '../db/schema'
import { notFound } from '../domain/errors'
import { stockLevel } from '../domain/stock'
import { foldBangla } from '../domain/synonyms'
import type { Actor, AuditRecord } from './audit'
import { priceForCampaigns } from './catalogue/campaign-prices'
import { refreshProductCards } from './catalogue/product-cards'

export type ProductListFilters = {
  q?: string
  status?: ProductStatus
  categoryId?: number
  brandId?: number
  campaignId?: number
  stock?: StockFilter
  sort: ProductSort
  dir?: 'asc' | 'desc'
  page: number
  perPage: number
}

export type ProductListPage = {
  rows: AdminProductRow[]
  total: number
  totalCapped: boolean
  hasNext: boolean
}

/** A stock change refused because these products' skus would go below 0; nothing was written. */
export class StockWouldGoNegative extends Error {
  constructor(readonly products: { id: number; name: string }[]) {
    super('Stock would go below 0')
    this.name = 'StockWouldGoNegative'
  }
}

/** The back office's view of many products at once: the list, and the changes made to a selection. */
export type AdminProductsRepository = {
  list(filters: ProductListFilters): Promise<ProductListPage>
  /** applies one action to each product (locked), with an audit entry per product changed */
  bulk(ids: readonly number[], action: BulkAction, actor: Actor): Promise<BulkResult>
  /** adds `by` to every sku of each product, or refuses it all (StockWouldGoNegative) */
  addStock(ids: readonly number[], by: number, actor: Actor): Promise<BulkResult>
  /** the product's skus in its matrix order; 404 when there is no such product */
  stock(productId: number): Promise<ProductStockSku[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminProducts: AdminProductsRepository
  }
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** The words of a search as the search text spells them: lower-cased English, folded Bangla. */
const searchWords = (q: string) => foldBangla(q.toLowerCase()).split(/\s+/).filter(Boolean).slice(0, 8)

/**
 * Each sort as its index reads it (ties broken by id), so a page is read off the index rather than sorted:
 * the updated and created indexes are `desc nulls last`, which a descending order must say to use them.
 * The sort indexes carry the filters' columns (migration 0017): a status, category, campaign, brand or
 * stock filter is checked on the index alone as it is walked, and the planner may still take a rare
 * category's or campaign's own index and sort its few products. With a search the order is written so
 * that no index serves it: the matches are found through the trigram index first and sorted, rather than
 * the whole catalogue walked in order looking for them.
 */
function orderOf(sort: ProductSort, dir: 'asc' | 'desc', byIndex: boolean): SQL[] {
  const column = {
    updated: products.updatedAt,
    created: products.createdAt,
    name: products.name,
    price: products.discountedPrice,
    stock: products.stockQuantity,
  }[sort]
  const descendingIndex = sort === 'updated' || sort === 'created'
  const way = dir === 'asc' ? sql`asc` : sql`desc`
  const nulls = !descendingIndex ? sql`` : dir === 'desc' ? sql` nulls last` : sql` nulls first`
  const key = byIndex ? sql`${column}` : sql`coalesce(${column}, ${column})`
  return [sql`${key} ${way}${nulls}`, sql`${products.id} ${way}${nulls}`]
}

type LockedProduct = {
  id: number
  name: string
  status: ProductStatus
  thumbnail: string
  campaignIds: number[]
}

export function createAdminProductsRepository(app: FastifyInstance): AdminProductsRepository {
  async function conditions(filters: ProductListFilters, lowStock: number): Promise<SQL | undefined> {
    const where: (SQL | undefined)[] = []
    if (filters.status) where.push(eq(products.status, filters.status))
    if (filters.categoryId) where.push(sql`${products.categoryPath} @> array[${filters.categoryId}::int]`)
    if (filters.campaignId) where.push(sql`${products.campaignIds} @> array[${filters.campaignId}::int]`)
    if (filters.brandId) where.push(eq(products.brandId, filters.brandId))
    if (filters.stock === 'out') where.push(eq(products.stockQuantity, 0))
    if (filters.stock === 'low') where.push(sql`${products.stockQuantity} between 1 and ${lowStock}`)
    if (filters.stock === 'in') where.push(sql`${products.stockQuantity} > ${lowStock}`)
    const q = filters.q?.trim()
    if (q) {
      const words = searchWords(q)
      // a sku's code is matched exactly (as written, or upper-cased as codes usually are): its unique index
      const skuMatches = await app.db
        .select({ productId: skus.productId })
        .from(skus)
        .where(inArray(skus.sku, [...new Set([q, q.toUpperCase()])]))
      where.push(
        or(
          words.length
            ? and(...words.map((word) => sql`${products.searchText} like ${`%${likeEscaped(word)}%`}`))
            : undefined,
          eq(products.slug, q.toLowerCase()),
          skuMatches.length
            ? inArray(
                products.id,
                skuMatches.map((match) => match.productId),
              )
            : undefined,
        ),
      )
    }
    return and(...where)
  }

  /** one audit entry per product, in the change's transaction */
  const recordEach = (tx: Tx, actor: Actor, entries: AuditRecord[]) =>
    Promise.all(entries.map((entry) => app.audit.record(actor, entry, tx)))

  /** the products of `ids` that exist, locked for the change (in id order, as every bulk writer locks) */
  async function lockProducts(tx: Tx, ids: readonly number[]) {
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        thumbnail: products.thumbnail,
        campaignIds: products.campaignIds,
      })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .orderBy(asc(products.id))
      .for('update')
    const found = new Set(rows.map((row) => row.id))
    const missing = [...new Set(ids)].filter((id) => !found.has(id))
    return { rows: rows as LockedProduct[], missing }
  }

  /** marks products as saved now by the actor: their version moves on (an editor open on them must reload) */
  async function touch(tx: Tx, ids: number[], actor: Actor, set: Record<string, unknown> = {}) {
    if (ids.length === 0) return
    await tx
      .update(products)
      .set({
        ...set,
        version: sql`${products.version} + 1`,
        updatedAt: app.clock.now(),
        updatedBy: actor.staffId,
      })
      .where(inArray(products.id, ids))
  }

  /** sku codes and ids of the products, in matrix order, locked (skus before their products, as the sku route does) */
  async function lockSkus(tx: Tx, ids: readonly number[]) {
    return tx
      .select({
        id: skus.id,
        productId: skus.productId,
        sku: skus.sku,
        price: skus.price,
        // the shop's own discounted price, not a running campaign's
        discountedPrice:
          sql<number>`coalesce(${skus.regularDiscountedPrice}, ${skus.discountedPrice})`.mapWith(Number),
        stockQuantity: skus.stockQuantity,
      })
      .from(skus)
      .where(inArray(skus.productId, [...ids]))
      .orderBy(asc(skus.id))
      .for('update')
  }

  const skipped = (ids: number[], reason: SkipReason) => ids.map((id) => ({ id, reason }))

  return {
    async list(filters) {
      const lowStock = (await app.settings.current()).settings.lowStockThreshold
      const where = await conditions(filters, lowStock)
      const byIndex = !filters.q?.trim()
      const order = orderOf(filters.sort, filters.dir ?? DEFAULT_DIRECTION[filters.sort], byIndex)
      const offset = (filters.page - 1) * filters.perPage
      // the page's ids first (off the index, skipping `offset` rows cheaply), then their details
      const page = app.db
        .select({ pageId: sql<number>`${products.id}`.as('page_id') })
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(filters.perPage + 1)
        .offset(offset)
        .as('page')
      const [rows, counted] = await Promise.all([
        app.db
          .select({
            id: products.id,
            slug: products.slug,
            name: products.name,
            nameBn: products.nameBn,
            image: sql<string>`split_part(${products.thumbnail}, ',', 1)`,
            status: products.status,
            categoryName: categories.name,
            brandName: brands.name,
            price: products.price,
            discountedPrice: products.discountedPrice,
            stockQuantity: products.stockQuantity,
            skuCount: sql<number>`(select count(*)::int from ${skus} where ${skus.productId} = ${products.id})`,
            updatedAt: products.updatedAt,
            version: products.version,
          })
          .from(page)
          .innerJoin(products, eq(products.id, page.pageId))
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .innerJoin(brands, eq(brands.id, products.brandId))
          .orderBy(...order),
        // counting stops at the cap: a large catalogue is never counted in full
        app.db.select({ total: sql<number>`count(*)::int` }).from(
          app.db
            .select({ one: sql`1` })
            .from(products)
            .where(where)
            .limit(PRODUCT_COUNT_CAP + 1)
            .as('matching'),
        ),
      ])
      const total = Number(counted[0]?.total ?? 0)
      return {
        rows: rows.slice(0, filters.perPage).map((row) => ({
          ...row,
          image: row.image.trim(),
          stockLevel: stockLevel(row.stockQuantity, lowStock),
          updatedAt: row.updatedAt.toISOString(),
        })),
        total: Math.min(total, PRODUCT_COUNT_CAP),
        totalCapped: total > PRODUCT_COUNT_CAP,
        hasNext: rows.length > filters.perPage,
      }
    },

    bulk(ids, action, actor) {
      return app.db.transaction(async (tx) => {
        const skuRows = action.type === 'discount' ? await lockSkus(tx, ids) : []
        const { rows, missing } = await lockProducts(tx, ids)
        const result = { skipped: skipped(missing, 'not-found'), changedIds: [] as number[] }
        const entries: AuditRecord[] = []
        const entry = (id: number, before: Record<string, unknown>, after: Record<string, unknown>) =>
          entries.push({
            action: `product.${action.type}`,
            objectType: 'product',
            objectId: id,
            before,
            after,
          })

        if (action.type === 'publish' || action.type === 'unpublish' || action.type === 'archive') {
          const status = ({ publish: 'active', unpublish: 'draft', archive: 'archived' } as const)[
            action.type
          ]
          let targets = rows.filter((row) => row.status !== status)
          if (action.type === 'publish' && targets.length) {
            const withSkus = new Set(
              (
                await tx
                  .selectDistinct({ productId: skus.productId })
                  .from(skus)
                  .where(
                    inArray(
                      skus.productId,
                      targets.map((row) => row.id),
                    ),
                  )
              ).map((row) => row.productId),
            )
            const noSku = targets.filter((row) => !withSkus.has(row.id))
            const noImage = targets.filter(
              (row) => withSkus.has(row.id) && !row.thumbnail.split(',')[0]?.trim(),
            )
            result.skipped.push(
              ...skipped(
                noSku.map((row) => row.id),
                'no-sku',
              ),
            )
            result.skipped.push(
              ...skipped(
                noImage.map((row) => row.id),
                'no-image',
              ),
            )
            targets = targets.filter((row) => withSkus.has(row.id) && row.thumbnail.split(',')[0]?.trim())
          }
          result.changedIds = targets.map((row) => row.id)
          await touch(tx, result.changedIds, actor, { status })
          for (const row of targets) entry(row.id, { status: row.status }, { status })
        } else if (action.type === 'add-campaign' || action.type === 'remove-campaign') {
          const { campaignId } = action
          const [campaign] = await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(eq(campaigns.id, campaignId))
          if (!campaign) throw notFound('campaignId', 'Campaign not found')
          const adding = action.type === 'add-campaign'
          const targets = rows.filter((row) => row.campaignIds.includes(campaignId) !== adding)
          result.changedIds = targets.map((row) => row.id)
          await touch(tx, result.changedIds, actor, {
            campaignIds: adding
              ? sql`array_append(${products.campaignIds}, ${campaignId}::int)`
              : sql`array_remove(${products.campaignIds}, ${campaignId}::int)`,
          })
          // in a running campaign or out of it: the skus' prices follow at once
          await priceForCampaigns(tx, result.changedIds, app.clock.now())
          for (const row of targets) {
            const after = adding
              ? [...row.campaignIds, campaignId]
              : row.campaignIds.filter((id) => id !== campaignId)
            entry(row.id, { campaignIds: row.campaignIds }, { campaignIds: after })
          }
        } else {
          const { percent } = action
          const found = new Set(rows.map((row) => row.id))
          const withSkus = new Set(skuRows.map((row) => row.productId))
          result.skipped.push(
            ...skipped(
              rows.filter((row) => !withSkus.has(row.id)).map((row) => row.id),
              'no-sku',
            ),
          )
          const next = sql`least(${skus.price}, round(${skus.price} * ${100 - percent} / 100.0))`
          // the shop's own discounted price; a running campaign's goes back on top of it below
          const changedSkus = await tx
            .update(skus)
            .set({
              discountedPrice: next,
              discountedValue: sql`${skus.price} - ${next}`,
              regularDiscountedPrice: null,
            })
            .where(
              and(
                inArray(
                  skus.productId,
                  [...withSkus].filter((id) => found.has(id)),
                ),
                sql`coalesce(${skus.regularDiscountedPrice}, ${skus.discountedPrice}) <> ${next}`,
              ),
            )
            .returning({ id: skus.id, productId: skus.productId, discountedPrice: skus.discountedPrice })
          const after = new Map(changedSkus.map((row) => [row.id, row.discountedPrice]))
          result.changedIds = [...new Set(changedSkus.map((row) => row.productId))].sort((a, b) => a - b)
          await priceForCampaigns(tx, result.changedIds, app.clock.now())
          await touch(tx, result.changedIds, actor)
          for (const id of result.changedIds) {
            const own = skuRows.filter((row) => row.productId === id && after.has(row.id))
            entry(
              id,
              { discountedPrices: Object.fromEntries(own.map((row) => [row.sku, row.discountedPrice])) },
              {
                discountPercent: percent,
                discountedPrices: Object.fromEntries(own.map((row) => [row.sku, after.get(row.id)])),
              },
            )
          }
        }
        await recordEach(tx, actor, entries)
        return { changed: result.changedIds.length, skipped: result.skipped }
      })
    },

    addStock(ids, by, actor) {
      return app.db.transaction(async (tx) => {
        const skuRows = await lockSkus(tx, ids)
        const { rows, missing } = await lockProducts(tx, ids)
        const short = new Set(skuRows.filter((row) => row.stockQuantity + by < 0).map((row) => row.productId))
        if (short.size) {
          throw new StockWouldGoNegative(
            rows.filter((row) => short.has(row.id)).map((row) => ({ id: row.id, name: row.name })),
          )
        }
        const withSkus = new Set(skuRows.map((row) => row.productId))
        const targets = rows.filter((row) => withSkus.has(row.id)).map((row) => row.id)
        if (targets.length) {
          await tx
            .update(skus)
            .set({ stockQuantity: sql`${skus.stockQuantity} + ${by}` })
            .where(inArray(skus.productId, targets))
          await refreshProductCards(tx, targets)
          await touch(tx, targets, actor)
        }
        const stockOf = (id: number) =>
          skuRows.filter((row) => row.productId === id).reduce((sum, row) => sum + row.stockQuantity, 0)
        const perSku = (id: number) => skuRows.filter((row) => row.productId === id).length
        await recordEach(
          tx,
          actor,
          targets.map((id) => ({
            action: 'product.stock',
            objectType: 'product',
            objectId: id,
            before: { stockQuantity: stockOf(id) },
            after: { stockQuantity: stockOf(id) + by * perSku(id), addedToEachSku: by },
          })),
        )
        return {
          changed: targets.length,
          skipped: [
            ...skipped(missing, 'not-found'),
            ...skipped(
              rows.filter((row) => !withSkus.has(row.id)).map((row) => row.id),
              'no-sku',
            ),
          ],
        }
      })
    },

    async stock(productId) {
      const [product] = await app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
      if (!product) throw notFound('id', 'Product not found')
      return app.db
        .select({
          id: skus.id,
          sku: skus.sku,
          size: skus.size,
          colour: skus.colour,
          attributes: skus.attributes,
          stockQuantity: skus.stockQuantity,
          price: skus.price,
          discountedPrice: skus.discountedPrice,
        })
        .from(skus)
        .where(eq(skus.productId, productId))
        .orderBy(asc(skus.position), asc(skus.id))
    },
  }
}

export default fp(
  async function adminProductsRepository(app: FastifyInstance) {
    app.decorate('adminProducts', createAdminProductsRepository(app))
  },
  { name: 'admin-products-repository', dependencies: ['context'] },
)
