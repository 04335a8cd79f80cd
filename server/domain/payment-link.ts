import { isSealed, type SealingKey, seal, unseal } from './sealed'

/**
 * The link an order lookup gives to pay an order still waiting for its payment. It names the order, sealed
 * under the shop's key, never a gateway's payment: whoever learns an order's number and phone learns no
 * payment another tab is paying, and following the link starts a payment of its own.
 */
export const PAYMENT_LINK_TTL_MS = 2 * 60 * 60 * 1000

const CONTEXT = 'order-payment-link'

export function paymentLinkToken(key: SealingKey, orderId: number, now: Date): string {
  return seal(key, `${orderId}:${now.getTime() + PAYMENT_LINK_TTL_MS}`, CONTEXT)
}

/** The order a link's token names, while it is good; null for one this shop did not make, or expired. */
export function paymentLinkOrder(key: SealingKey, token: string, now: Date): number | null {
  if (!isSealed(token)) return null
  const [id, until] = (unseal(key, token, CONTEXT) ?? '').split(':').map(Number)
  if (!Number.isSafeInteger(id) || !id || !Number.isFinite(until) || !until) return null
  return until > now.getTime() ? id : null
}
