import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { StatusChangeBody } from '../../../src/contract/admin-orders'
import type { OrderChange, OrderStatus } from '../../../src/contract/orders'
import type { Tx } from '../../db/client'
import { orderLines, orderStatusHistory, orders, users } from '../../db/schema'
import { orderStatusText } from '../../domain/order-texts'
import {
  changedByMessage,
  type LineBack,
  moveColumns,
  moveProblem,
  returnPlan,
  timelineEntry,
} from '../../domain/order-workflow'
import { queueText } from '../../jobs/texts'
import { conflict, notFound } from '../../plugins/errors'
import type { Actor } from '../audit'
import { releaseCouponUseOnce } from '../coupon-uses'
import { giveStockBack, type OrderRow, releaseStockOnce } from '../orders'

/** What a move did: the products whose stock moved (their kept answers are out of date). */
export type Moved = { order: OrderRow; products: number[] }

export const staffName = (person: {
  firstName: string | null
  lastName: string | null
  phone: string | null
}) => [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.phone || null

/** The order, locked for the change; 404 when there is none. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  if (!row) throw notFound('order', 'Order not found')
  return row
}

/** 409 `version` when the order changed since the page read it: who changed it last, and when. */
export async function checkVersion(tx: Tx, row: OrderRow, version: number) {
  if (row.version === version) return
  const [last] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.staffId))
    .where(and(eq(orderStatusHistory.orderId, row.id), inArray(orderStatusHistory.kind, ['status', 'edit'])))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1)
  throw conflict({ version: [changedByMessage(last ? staffName(last) : null, row.updatedAt)] })
}

/** The lines a return takes back, after checking it asks for no more than can come back. */
async function planReturn(tx: Tx, row: OrderRow, change: Extract<StatusChangeBody, { to: 'returned' }>) {
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
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.skuId))
  const plan = returnPlan(lines, change.lines)
  if (Object.keys(plan.problems).length) throw conflict(plan.problems)
  // what came back, as the timeline names it
  const returned = plan.back.map((back): OrderChange => {
    const line = lines.find((candidate) => candidate.id === back.lineId)
    return {
      kind: 'returned',
      line: { name: line?.name ?? back.sku, size: line?.size ?? null, colour: line?.colour ?? null },
      quantity: back.quantity,
    }
  })
  return { ...plan, returned }
}

/** Counts the returned items on their lines (each at most its quantity) and puts them back in stock. */
async function takeBack(tx: Tx, back: LineBack[]): Promise<number[]> {
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
  return giveStockBack(tx, back)
}

const snapshot = (row: OrderRow) => ({
  status: row.status,
  version: row.version,
  courier: row.courier,
  trackingNumber: row.trackingNumber,
  cancelReason: row.cancelReason,
})

/**
 * Moves a locked order as `change` says, in the caller's transaction: its row (status, version, the move's
 * columns), a history entry, the stock (a cancel gives it all back once; a return the lines that came back),
 * the audit entry (staff moves) and the shopper's text, queued so that it goes only if all this commits.
 * A return of some of the order's items keeps its status and is recorded as an edit.
 */
export async function moveOrder(
  app: FastifyInstance,
  tx: Tx,
  row: OrderRow,
  change: StatusChangeBody,
  actor: Actor,
): Promise<Moved> {
  const from = row.status as OrderStatus
  const problem = moveProblem(from, change.to)
  if (problem) throw conflict({ status: [problem] })
  const now = app.clock.now()
  const plan = change.to === 'returned' ? await planReturn(tx, row, change) : null
  const partial = plan !== null && !plan.whole
  const status: OrderStatus = partial ? from : change.to

  const [order] = await tx
    .update(orders)
    .set({ status, ...moveColumns(change), version: sql`${orders.version} + 1`, updatedAt: now })
    .where(eq(orders.id, row.id))
    .returning()
  if (!order) throw notFound('order', 'Order not found')
  const [entry] = await tx
    .insert(orderStatusHistory)
    .values({
      orderId: row.id,
      status,
      kind: partial ? 'edit' : 'status',
      ...timelineEntry(change, plan?.returned),
      staffId: actor.staffId,
      createdAt: now,
    })
    .returning({ id: orderStatusHistory.id })

  let products: number[] = []
  if (change.to === 'cancelled') {
    // the coupon's row before the skus', as placing an order takes them: never a wait in a cycle
    await releaseCouponUseOnce(tx, row.id)
    products = await releaseStockOnce(tx, row.id, now)
  }
  if (plan) products = await takeBack(tx, plan.back)

  if (actor.staffId !== null || actor.ip !== null) {
    await app.audit.record(
      actor,
      {
        action: partial ? 'order.return' : 'order.status',
        objectType: 'order',
        objectId: row.id,
        before: snapshot(row),
        after: {
          ...snapshot(order),
          ...(plan ? { returned: plan.back.map(({ sku, quantity }) => ({ sku, quantity })) } : {}),
        },
      },
      tx,
    )
  }

  const itemsBack = partial ? plan.back.reduce((sum, line) => sum + line.quantity, 0) : undefined
  const text = orderStatusText(order, change.to, itemsBack)
  if (text) {
    const key = partial ? `order-text:${row.id}:returned:${entry?.id}` : `order-text:${row.id}:${change.to}`
    await queueText(app, { phone: order.phone, text, key, tx })
  }
  return { order, products }
}
