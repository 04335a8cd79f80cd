import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { roundMoney } from '../../src/lib/money'
import type { Tx } from '../db/client'
import { skus } from '../db/schema'
import { invalid, notFound } from '../domain/errors'
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

/** The shop's own changes to skus: prices and stock, with the product's card figures kept in step. */
export type SkusRepository = {
  /**
   * Changes a sku's price, discounted price or stock, locked; its product's card figures (the cheapest
   * sku, whether anything is in stock) follow in the same transaction.
   */
  change(id: number, changes: SkuChanges, changed?: SkuChanged): Promise<SkuRow>
}

declare module 'fastify' {
  interface FastifyInstance {
    skus: SkusRepository
  }
}

export function createSkusRepository(app: FastifyInstance): SkusRepository {
  return {
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
