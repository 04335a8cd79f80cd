const STORAGE_KEY = 'haat_checkout_key'

function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/**
 * The key of the order being placed: made when checkout opens, kept (also across a reload) until
 * the server confirms an order, so a retry or a double tap can never make a second one.
 */
export function checkoutKey(): string {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY)
    if (stored && /^[A-Za-z0-9_-]{8,100}$/.test(stored)) return stored
    const key = newKey()
    sessionStorage.setItem(STORAGE_KEY, key)
    return key
  } catch {
    return newKey()
  }
}

/** After a confirmed order the next checkout is a new order. */
export function forgetCheckoutKey() {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // storage unavailable: the key lived only in memory
  }
}
