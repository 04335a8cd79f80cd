import { and, asc, eq, sql } from 'drizzle-orm'
import type { StatusChangeBody } from '../../../src/contract/admin-orders'
import type { OrderChange } from '../../../src/contract/orders'
import type { Tx } from '../../db/client'
import { orderLines } from '../../db/schema'
import { conflict } from '../../domain/errors'
import { type LineBack, returnPlan } from '../../domain/order-workflow'
import { moveStock, taken } from './stock'

export type PlannedReturn = {
  back: LineBack[]
  /** after it, every item of the order has come back */
  whole: boolean
  /** what came back, as the timeline names it */
  returned: OrderChange[]
}

/** The lines a return takes back, after checking it asks for no more than can come back. */
export async function planReturn(
  tx: Tx,
  orderId: number,
  change: Extract<StatusChangeBody, { to: 'returned' }>,
): Promise<PlannedReturn> {
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      skuId: orderLines.skuId,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      returnedQuantity: orderLines.returnedQuantity,
      name: orderLines.name,
      size: orderLines.size,
      colour: orderLines.colour,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.skuId))
  const plan = returnPlan(lines, change.lines)
  if (Object.keys(plan.problems).length) throw conflict(plan.problems)
  const returned = plan.back.map((back): OrderChange => {
    const line = lines.find((candidate) => candidate.id === back.lineId)
    return {
      kind: 'returned',
      line: { name: line?.name ?? back.sku, size: line?.size ?? null, colour: line?.colour ?? null },
      quantity: back.quantity,
    }
  })
  return { back: plan.back, whole: plan.whole, returned }
}

/** Counts the returned items on their lines (each at most its quantity) and puts them back in stock. */
export async function takeBack(tx: Tx, back: LineBack[]): Promise<void> {
  for (const line of back) {
    const counted = await tx
      .update(orderLines)
      .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${line.quantity}` })
      .where(
        and(
          eq(orderLines.id, line.lineId),
          sql`${orderLines.returnedQuantity} + ${line.quantity} <= ${orderLines.quantity}`,
        ),
      )
      .returning({ id: orderLines.id })
    if (counted.length === 0) throw conflict({ lines: [`${line.sku} has already come back`] })
  }
  await moveStock(tx, taken(back, -1))
}
