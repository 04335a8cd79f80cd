import { useSyncExternalStore } from 'react'
import { createLocalList, type ListDocument, type ListItem } from '../lib/local-list'
import { addOrSum, setItemQuantity } from './list-lines'

/** storefront §3: the local cart, its own key in localStorage. */
export const CART_KEY = 'haat_cart'
export const cartList = createLocalList(CART_KEY)

const emptyServerDocument: ListDocument = { user_id: 0, items: [] }

/** The stored cart document, re-rendering on every change (this tab or another). */
export function useCartDocument(): ListDocument {
  return useSyncExternalStore(cartList.subscribe, cartList.read, () => emptyServerDocument)
}

/** Adds a sku to the cart; an existing line gains the quantity, never going past `max` (the stock). */
export function addToCart(item: ListItem, max = Number.POSITIVE_INFINITY) {
  cartList.update((items) => addOrSum(items, item, max))
}

export function setCartQuantity(sku: string, quantity: number) {
  cartList.update((items) => setItemQuantity(items, sku, quantity))
}

export function removeFromCart(sku: string) {
  cartList.update((items) => items.filter((item) => item.sku !== sku))
}

export function clearCart() {
  cartList.clear()
}

/**
 * At logout the cart leaves this device: the shopper's cart stays on the server and comes back at
 * their next login, and whoever uses this browser next starts with an empty cart. Every other
 * `haat_cart_…` key (what the server cart sync remembers of the shopper: whose guest cart was merged
 * here, the last synced lines) goes too, so the next login starts from the server cart instead of
 * taking the emptied cart for the shopper's own edit.
 */
export function forgetDeviceCart() {
  clearCart()
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index))
    for (const key of keys) if (key?.startsWith(`${CART_KEY}_`)) localStorage.removeItem(key)
  } catch {
    // storage refused: nothing was kept there either
  }
}
