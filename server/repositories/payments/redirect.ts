import { ADVANCE_GATEWAY, paymentProvider } from '../../payments/providers'
import type { OrderRow } from '../orders'

/** The gateway an order waits for, when it waits for one this server takes. */
export function awaitedGateway(order: OrderRow) {
  if (order.status !== 'pending_payment') return null
  // cash on delivery waits for payment only for its delivery charge, paid by bKash
  return paymentProvider(order.advance > 0 ? ADVANCE_GATEWAY : order.paymentMethod) ?? null
}

/**
 * Where the shopper pays an order still waiting for payment (asked again when a request repeats); `fresh`:
 * a payment of its own, never the one already open.
 */
export async function paymentRedirect(
  order: OrderRow,
  origin: string,
  fresh = false,
): Promise<string | null> {
  const provider = awaitedGateway(order)
  if (!provider) return null
  const { id, number, phone } = order
  return provider.redirectUrl(
    { id, number, phone, amount: order.advance > 0 ? order.advance : order.total },
    { origin, fresh },
  )
}
