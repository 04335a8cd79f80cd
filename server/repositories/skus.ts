import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { roundMoney } from '../../src/lib/money'
import type { Tx } from '../db/client'
import { skus } from '../db/schema'
import { badRequest, notFound } from '../plugins/errors'
import { refreshProductCards } from './catalogue/product-cards'

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
        const discountedPrice = changes.discountedPrice ?? current.discountedPrice
        if (discountedPrice > price) {
          throw badRequest('discountedPrice', 'The discounted price cannot be above the price')
        }
        const [row] = await tx
          .update(skus)
          .set({
            price,
            discountedPrice,
            discountedValue: roundMoney(price - discountedPrice),
            stockQuantity: changes.stockQuantity ?? current.stockQuantity,
          })
          .where(eq(skus.id, current.id))
          .returning(skuFields)
        if (!row) throw notFound('id', 'Sku not found')
        await refreshProductCards(tx, [current.productId])
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
