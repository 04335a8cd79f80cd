import type { Order } from '../contract/orders'

/** Query keys of the shopper's orders and reward points. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  byNumber: (number: string) => [...orderKeys.all, 'number', number] as const,
  rewardPoints: () => [...orderKeys.all, 'reward-points'] as const,
}

const LAST_ORDER_KEY = 'haat_last_order'

/** The order just placed on this device: lets /confirm-order show it again after a reload. */
export function rememberLastOrder(order: Pick<Order, 'number' | 'phone'>) {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ number: order.number, phone: order.phone }))
  } catch {
    // without storage the confirmation still shows from memory
  }
}

/** At logout: the next shopper in this tab must not reach the last order through /confirm-order. */
export function forgetLastOrder() {
  try {
    sessionStorage.removeItem(LAST_ORDER_KEY)
  } catch {
    // nothing stored
  }
}

export function lastOrder(): { number: string; phone: string } | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null') as unknown
    if (parsed && typeof parsed === 'object' && 'number' in parsed && 'phone' in parsed) {
      return { number: String(parsed.number), phone: String(parsed.phone) }
    }
  } catch {
    // unreadable: nothing remembered
  }
  return null
}
