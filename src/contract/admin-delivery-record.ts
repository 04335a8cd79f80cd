import { z } from 'zod/mini'

/**
 * A number's delivery record: how its orders ended, and how likely a cash-on-delivery parcel to it is to come
 * back. The order's page and the customer's page show the same record, worked out by the server.
 */

/**
 * Why the shop cancelled an order, as a code the delivery record reads: the customer asked; the shop could not reach them, or refused the order (fake, or refused on the call); the
 * shop itself could not fill it (stock, price, a mistake); the payment asked before delivery did not come.
 */
export const cancelCodes = ['customer_request', 'unreachable', 'refused', 'shop', 'unpaid'] as const
export type CancelCode = (typeof cancelCodes)[number]

/**
 * The cancellations a number's record holds against it: the shop's refusals. An order cancelled with no code
 * (before codes were kept, or by an API client that gave none) is held against it too, as it always was.
 */
export const CANCELS_AGAINST_NUMBER: readonly CancelCode[] = ['unreachable', 'refused']

/** How likely a cash-on-delivery parcel to this number is to come back, from how its earlier orders ended. */
export const riskLevels = ['new', 'low', 'medium', 'high'] as const
export type RiskLevel = (typeof riskLevels)[number]

/**
 * The number's orders at the shop's previous platform, as its export said (src/contract/admin-customer-import.ts):
 * the orders, how they ended and what the delivered ones came to. Its cancellations and returns count in the
 * risk as refusals, as the shop's own do: the old shop's export says nothing of who a cancellation was on.
 */
export const previousShop = z.object({
  orders: z.int(),
  delivered: z.int(),
  cancelled: z.int(),
  returned: z.int(),
  /** in TK */
  totalSpent: z.number(),
})
export type PreviousShop = z.infer<typeof previousShop>

export const deliveryRecord = z.object({
  orders: z.int(),
  delivered: z.int(),
  /** every cancelled order, whoever asked */
  cancelled: z.int(),
  returned: z.int(),
  /**
   * what the number is held to have refused: the cancellations counted against it (CANCELS_AGAINST_NUMBER and
   * those without a code) and the parcels that came back; a cancellation the customer asked for is not one
   */
  refusals: z.int(),
  /** how likely a parcel on delivery is to come back, from these orders and the previous shop's */
  risk: z.enum(riskLevels),
  /** the number's history at the shop's previous platform; absent when none was imported */
  previous: z.optional(previousShop),
})
export type DeliveryRecord = z.infer<typeof deliveryRecord>

/**
 * High when half or more of the ended orders were refused, medium from a quarter; new when none has ended. The
 * previous shop's delivered orders and its cancellations and returns count as the shop's own.
 */
export function riskOf(
  record: { delivered: number; refusals: number },
  previous?: Pick<PreviousShop, 'delivered' | 'cancelled' | 'returned'>,
): RiskLevel {
  const delivered = record.delivered + (previous?.delivered ?? 0)
  const refusals = record.refusals + (previous ? previous.cancelled + previous.returned : 0)
  const ended = delivered + refusals
  if (ended === 0) return 'new'
  if (refusals * 2 >= ended) return 'high'
  if (refusals * 4 >= ended) return 'medium'
  return 'low'
}
