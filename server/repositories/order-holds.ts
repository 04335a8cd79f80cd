import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { orderLines, orders } from '../db/schema'
import type { Holder } from '../domain/order-limits'

/** the states of an order that holds its stock before the shop has its money or its word for it */
export const HOLDING_STATES = ['pending_payment', 'pending'] as const

/** At most this many pieces held at once by one mobile number, and by one client address (0: no limit). */
export type HoldLimits = { perNumber: number; perAddress: number }

/** The number's or the address's orders not yet paid or confirmed already hold too much: nothing written. */
export class HeldStockLimit extends Error {
  constructor(
    readonly holder: Holder,
    readonly held: number,
    readonly max: number,
  ) {
    super(`the ${holder} holds ${held} pieces`)
  }
}

/** the advisory locks an order takes before it counts, in one order for every transaction: none waits in a cycle */
export async function lockInOrder(tx: Tx, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
  }
}

/** the locks under which the pieces held by an order's number and address are counted and the order written */
export function holdLockKeys(order: { phone: string; clientAddress: string | null }, limits: HoldLimits) {
  return [
    ...(limits.perNumber > 0 ? [`held:number:${order.phone}`] : []),
    ...(limits.perAddress > 0 && order.clientAddress ? [`held:address:${order.clientAddress}`] : []),
  ]
}

/**
 * Refuses (HeldStockLimit) an order whose pieces, added to those its number's and its address's orders hold
 * unpaid and unconfirmed, go over the limits. Run under `holdLockKeys`' locks, so that parallel orders of one
 * number or address are counted one after another and cannot all fit.
 */
export async function assertRoomToHold(
  tx: Tx,
  order: { phone: string; clientAddress: string | null; pieces: number },
  limits: HoldLimits,
) {
  const address = limits.perAddress > 0 ? order.clientAddress : null
  if (limits.perNumber <= 0 && !address) return
  const whose: SQL[] = []
  if (limits.perNumber > 0) whose.push(eq(orders.phone, order.phone))
  if (address) whose.push(eq(orders.clientAddress, address))
  const [row] = await tx
    .select({
      byNumber: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.phone} = ${order.phone}), 0)::int`,
      byAddress: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.clientAddress} = ${address}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orders.status, [...HOLDING_STATES]), or(...whose)))
  const byNumber = Number(row?.byNumber ?? 0)
  const byAddress = Number(row?.byAddress ?? 0)
  if (limits.perNumber > 0 && byNumber + order.pieces > limits.perNumber) {
    throw new HeldStockLimit('number', byNumber, limits.perNumber)
  }
  if (address && byAddress + order.pieces > limits.perAddress) {
    throw new HeldStockLimit('address', byAddress, limits.perAddress)
  }
}
