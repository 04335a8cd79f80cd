import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orderLines, orders, products, skus } from '../../db/schema'

/** Not enough of a sku left when an order took its stock: the transaction is undone. */
export class StockShortage extends Error {
  constructor(
    readonly skuId: number,
    readonly left: number,
  ) {
    super(`only ${left} left of sku ${skuId}`)
  }
}

/** How much of a sku an order takes (`delta` > 0) or gives back (`delta` < 0). */
export type StockMove = { skuId: number; productId: number; delta: number }

/**
 * The one place an order's stock moves (placing, editing, cancelling, returning): every sku in sku order and
 * then every product in product order, as all of them take their locks, so that no two orders ever wait on
 * each other in a cycle. A take is a guarded update that refuses to go below zero (`StockShortage`); then
 * each product's sold count and in-stock flag follow.
 */
export async function moveStock(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  const sorted = [...moves].sort((a, b) => a.skuId - b.skuId)
  for (const move of sorted) {
    if (move.delta > 0) {
      const taken = await tx
        .update(skus)
        .set({ stockQuantity: sql`${skus.stockQuantity} - ${move.delta}` })
        .where(and(eq(skus.id, move.skuId), sql`${skus.stockQuantity} >= ${move.delta}`))
        .returning({ id: skus.id })
      if (taken.length === 0) {
        const [now] = await tx.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.id, move.skuId))
        throw new StockShortage(move.skuId, now?.stock ?? 0)
      }
    } else if (move.delta < 0) {
      await tx
        .update(skus)
        .set({ stockQuantity: sql`${skus.stockQuantity} + ${-move.delta}` })
        .where(eq(skus.id, move.skuId))
    }
  }
  for (const productId of [...new Set(sorted.map((move) => move.productId))].sort((a, b) => a - b)) {
    const sold = sorted.filter((m) => m.productId === productId).reduce((n, m) => n + m.delta, 0)
    await tx
      .update(products)
      .set({
        soldCount: sql`greatest(${products.soldCount} + ${sold}, 0)`,
        inStock: sql`exists (select 1 from ${skus} where ${skus.productId} = ${productId} and ${skus.stockQuantity} > 0)`,
      })
      .where(eq(products.id, productId))
  }
}

/** Lines taken (placing) or given back (a return), as stock moves. */
export const taken = (
  lines: readonly { skuId: number; productId: number; quantity: number }[],
  sign: 1 | -1,
) => lines.map((line) => ({ skuId: line.skuId, productId: line.productId, delta: sign * line.quantity }))

/**
 * Gives a cancelled order's stock back, once whatever the retries or races: only the call that marks the
 * order's stock as returned moves it.
 */
export async function releaseStockOnce(tx: Tx, orderId: number, at: Date): Promise<void> {
  const marked = await tx
    .update(orders)
    .set({ stockReturnedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id })
  if (marked.length === 0) return
  const lines = await tx
    .select({ skuId: orderLines.skuId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.skuId))
  await moveStock(tx, taken(lines, -1))
}
