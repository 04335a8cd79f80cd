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
/** an order sent to a payment page: kept across a closed app until the shopper is back (a day at most) */
const AWAITING_KEY = 'haat_awaiting_payment'
const AWAITING_FOR_MS = 24 * 60 * 60_000

/**
 * The order just placed on this device: lets /confirm-order show it again after a reload, and after the
 * payment page sends the shopper back, even to an app that was closed meanwhile.
 */
export function rememberLastOrder(order: Pick<Order, 'number' | 'phone' | 'status'>) {
  const kept = JSON.stringify({ number: order.number, phone: order.phone, at: Date.now() })
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, kept)
    if (order.status === 'pending_payment') localStorage.setItem(AWAITING_KEY, kept)
  } catch {
    // without storage the confirmation still shows from memory
  }
}

/** At logout: the next shopper on this device must not reach the last order through /confirm-order. */
export function forgetLastOrder() {
  try {
    sessionStorage.removeItem(LAST_ORDER_KEY)
    localStorage.removeItem(AWAITING_KEY)
  } catch {
    // nothing stored
  }
}

function read(storage: Storage, key: string): { number: string; phone: string; at: number } | null {
  try {
    const kept = storage.getItem(key)
    if (kept === null) return null
    const parsed = JSON.parse(kept) as unknown
    if (parsed && typeof parsed === 'object' && 'number' in parsed && 'phone' in parsed) {
      const at = 'at' in parsed ? Number(parsed.at) : 0
      return { number: String(parsed.number), phone: String(parsed.phone), at }
    }
    // not ours: dropped, so the next read does not meet it again
    storage.removeItem(key)
  } catch {
    // unreadable: reset, as every corrupt key is (no storage at all: nothing to reset)
    try {
      storage.removeItem(key)
    } catch {
      // no storage
    }
  }
  return null
}

export function lastOrder(): { number: string; phone: string } | null {
  const inTab = read(sessionStorage, LAST_ORDER_KEY)
  if (inTab) return { number: inTab.number, phone: inTab.phone }
  const awaiting = read(localStorage, AWAITING_KEY)
  if (awaiting && Date.now() - awaiting.at < AWAITING_FOR_MS) {
    return { number: awaiting.number, phone: awaiting.phone }
  }
  return null
}

/**
 * The order is paid (or closed): the device no longer keeps it beyond this tab, which still shows it on a
 * reload.
 */
export function settleAwaitingPayment(number: string) {
  const awaiting = read(localStorage, AWAITING_KEY)
  if (awaiting?.number !== number) return
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(awaiting))
    localStorage.removeItem(AWAITING_KEY)
  } catch {
    // no storage
  }
}
