import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { orderStatusHistory, orders, users } from '../../db/schema'
import { conflict, notFound } from '../../domain/errors'
import { changedByMessage } from '../../domain/order-workflow'
import type { OrderRow } from '../orders'

export const staffName = (person: {
  firstName: string | null
  lastName: string | null
  phone: string | null
}) => [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.phone || null

/** The order, locked for a change; null when there is none. */
export async function lockedOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  return row
}

/** The order, locked for the change; 404 when there is none. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const row = await lockedOrder(tx, id)
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
