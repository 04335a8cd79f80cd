import type { OrderLimits } from '../../src/contract/settings'

/**
 * How much of the stock one order, and one shopper, may take before the shop has the money or its word for
 * it (the shop's `orderLimits` settings): what the shopper is told when an order goes over them.
 */

/** A line asking more pieces of one item than an order may take; null when it fits. */
export function lineOverLimit(line: { requested: number; name: string | null }, limits: OrderLimits) {
  return line.requested > limits.perLine ? `At most ${limits.perLine} of ${line.name} in one order` : null
}

/** An order over the pieces an order may take, or (without an account) over the largest total; null when it fits. */
export function orderOverLimit(
  order: { pieces: number; total: number; guest: boolean },
  limits: OrderLimits,
): string | null {
  if (order.pieces > limits.perOrder) return `At most ${limits.perOrder} pieces in one order`
  if (order.guest && limits.guestTotal > 0 && order.total > limits.guestTotal) {
    return `An order without an account is for up to TK ${limits.guestTotal}: log in, or order less`
  }
  return null
}

/** Who holds the pieces an order would add to: the order's mobile number, or the client address it comes from. */
export type Holder = 'number' | 'address'

/** What a shopper is told when the orders of their number or address not yet paid or confirmed hold too much. */
export function heldTooMuch(holder: Holder, held: number, max: number): string {
  return holder === 'number'
    ? `This number already has ${held} pieces in orders not yet paid or confirmed, and at most ${max} can wait at once. Please order fewer, or wait for the shop to confirm them`
    : `Orders from this connection not yet paid or confirmed already hold ${held} pieces, and at most ${max} can wait at once. Please try again later`
}
