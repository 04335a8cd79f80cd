import { useSyncExternalStore } from 'react'

const KEY = 'haat_coupon'
const listeners = new Set<() => void>()

function read(): string {
  try {
    return sessionStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

/** The coupon the shopper applied on the cart page, carried to checkout for this visit. */
export function setCouponCode(code: string) {
  try {
    if (code) sessionStorage.setItem(KEY, code)
    else sessionStorage.removeItem(KEY)
  } catch {
    // without storage the coupon lasts until the page closes
  }
  for (const listener of listeners) listener()
}

export function useCouponCode(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read,
    () => '',
  )
}
