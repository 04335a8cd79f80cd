import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { roundMoney } from '../../src/lib/money'
import type { Tx } from '../db/client'
import { products, skus } from '../db/schema'
import { DomainError, invalid, notFound } from '../domain/errors'
import { priceForCampaigns } from './catalogue/campaign-prices'

export type SkuChanges = { price?: number; discountedPrice?: number; stockQuantity?: number }
/** Runs inside the change's transaction with the sku before and after (the audit log's entry). */
export type SkuChanged = (tx: Tx, before: SkuRow, after: SkuRow) => Promise<void>

const skuFields = {
  id: skus.id,
  productId: skus.productId,
  sku: skus.sku,
  price: skus.price,
  discountedPrice: skus.discountedPrice,
  discountedValue: skus.discountedValue,
  stockQuantity: skus.stockQuantity,
  vat: skus.vat,
  attributes: skus.attributes,
  regularDiscountedPrice: skus.regularDiscountedPrice,
}

type SkuRow = Pick<typeof skus.$inferSelect, keyof typeof skuFields>

/** One figure (or several) for many skus of a product: `skuIds` of its skus, or all of them. */
export type ProductSkusChange = SkuChanges & { skuIds?: readonly number[] }
/** A sku's code and the figures a change named, before and after: the audit entry's. */
export type SkuFigures = Record<string, Partial<Record<keyof SkuChanges, number>>>
/** Runs inside the change's transaction with what changed (nothing when no figure moved). */
export type ProductSkusChanged = (tx: Tx, before: SkuFigures, after: SkuFigures) => Promise<void>

/** The shop's own changes to skus: prices and stock, with the product's card figures kept in step. */
export type SkusRepository = {
  /**
   * Changes a sku's price, discounted price or stock, locked; its product's card figures (the cheapest
   * sku, whether anything is in stock) follow in the same transaction.
   */
  change(id: number, changes: SkuChanges, changed?: SkuChanged): Promise<SkuRow>
  /**
   * Writes the same figures into the product's chosen skus (all when none are named), locked, all or none:
   * a sku that is not the product's, or a discounted price left above a price, refuses the whole change. The
   * product's card figures follow and its version moves on (an editor open on it must reload); 404 when
   * there is no such product.
   */
  changeMany(
    productId: number,
    change: ProductSkusChange,
    staffId: number | null,
    changed: ProductSkusChanged,
  ): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    skus: SkusRepository
  }
}

const FIGURES = ['stockQuantity', 'price', 'discountedPrice'] as const

export function createSkusRepository(app: FastifyInstance): SkusRepository {
  return {
    changeMany(productId, change, staffId, changed) {
      return app.db.transaction(async (tx) => {
        // skus before their product, as every writer of both locks them
        const rows = await tx
          .select(skuFields)
          .from(skus)
          .where(eq(skus.productId, productId))
          .orderBy(asc(skus.id))
          .for('update')
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId))
          .for('update')
        if (!product) throw notFound('id', 'Product not found')
        const own = new Set(rows.map((row) => row.id))
        if (change.skuIds?.some((id) => !own.has(id))) {
          throw invalid('skuIds', "This sku is not this product's")
        }
        const chosen = change.skuIds ? rows.filter((row) => change.skuIds?.includes(row.id)) : rows
        const named = FIGURES.filter((figure) => change[figure] !== undefined)
        const before: SkuFigures = {}
        const after: SkuFigures = {}
        const updates: { id: number; price: number; discountedPrice: number; stockQuantity: number }[] = []
        const problems: Record<string, string[]> = {}
        for (const row of chosen) {
          const was = {
            stockQuantity: row.stockQuantity,
            price: row.price,
            // the shop's own discounted price: a running campaign's goes back on top of it below
            discountedPrice: row.regularDiscountedPrice ?? row.discountedPrice,
          }
          const next = {
            stockQuantity: change.stockQuantity ?? was.stockQuantity,
            price: change.price ?? was.price,
            discountedPrice: change.discountedPrice ?? was.discountedPrice,
          }
          if (next.discountedPrice > next.price) {
            const field = change.discountedPrice !== undefined ? 'discountedPrice' : 'price'
            problems[field] = [`The discounted price of ${row.sku} would be above its price`]
          }
          const moved = named.filter((figure) => next[figure] !== was[figure])
          if (moved.length === 0) continue
          before[row.sku] = Object.fromEntries(moved.map((figure) => [figure, was[figure]]))
          after[row.sku] = Object.fromEntries(moved.map((figure) => [figure, next[figure]]))
          updates.push({ id: row.id, ...next })
        }
        if (Object.keys(problems).length > 0) throw new DomainError('invalid', problems)
        if (updates.length === 0) return
        for (const update of updates) {
          await tx
            .update(skus)
            .set({
              price: update.price,
              discountedPrice: update.discountedPrice,
              discountedValue: roundMoney(update.price - update.discountedPrice),
              regularDiscountedPrice: null,
              stockQuantity: update.stockQuantity,
            })
            .where(eq(skus.id, update.id))
        }
        await priceForCampaigns(tx, [productId], app.clock.now())
        await tx
          .update(products)
          .set({ version: sql`${products.version} + 1`, updatedAt: app.clock.now(), updatedBy: staffId })
          .where(eq(products.id, productId))
        await changed(tx, before, after)
      })
    },

    change(id, changes, changed) {
      return app.db.transaction(async (tx) => {
        const [current] = await tx.select(skuFields).from(skus).where(eq(skus.id, id)).for('update')
        if (!current) throw notFound('id', 'Sku not found')
        const price = changes.price ?? current.price
        // the shop's own discounted price: a running campaign's is put back on top of it below
        const discountedPrice =
          changes.discountedPrice ?? current.regularDiscountedPrice ?? current.discountedPrice
        if (discountedPrice > price) {
          throw invalid('discountedPrice', 'The discounted price cannot be above the price')
        }
        await tx
          .update(skus)
          .set({
            price,
            discountedPrice,
            discountedValue: roundMoney(price - discountedPrice),
            regularDiscountedPrice: null,
            stockQuantity: changes.stockQuantity ?? current.stockQuantity,
          })
          .where(eq(skus.id, current.id))
        await priceForCampaigns(tx, [current.productId], app.clock.now())
        const [row] = await tx.select(skuFields).from(skus).where(eq(skus.id, current.id))
        if (!row) throw notFound('id', 'Sku not found')
        await changed?.(tx, current, row)
        return row
      })
    },
  }
}

export default fp(
  async function skusRepository(app: FastifyInstance) {
    app.decorate('skus', createSkusRepository(app))
  },
  { name: 'skus-repository', dependencies: ['context'] },
)
