import { useSyncExternalStore } from 'react'
import { createLocalList, type ListDocument, type ListItem } from '../lib/local-list'

/** storefront §3: the local wish list, its own key in localStorage. One entry per product. */
export const WISHLIST_KEY = 'haat_wishlist'
export const wishlistList = createLocalList(WISHLIST_KEY)

const emptyServerDocument: ListDocument = { user_id: 0, items: [] }

export function useWishlistDocument(): ListDocument {
  return useSyncExternalStore(wishlistList.subscribe, wishlistList.read, () => emptyServerDocument)
}

/** Puts a product on the wish list (a product already there takes the newer sku and price). */
export function addToWishlist(entry: { product_id: number; sku?: string; price: number }) {
  const item: ListItem = {
    product_id: entry.product_id,
    sku: entry.sku ?? '',
    quantity: 1,
    price: entry.price,
  }
  wishlistList.update((items) => [...items.filter((i) => i.product_id !== item.product_id), item])
}

export function removeFromWishlist(productId: number) {
  wishlistList.update((items) => items.filter((item) => item.product_id !== productId))
}

export function clearWishlist() {
  wishlistList.clear()
}

export function isWishlisted(items: readonly ListItem[], productId: number): boolean {
  return items.some((item) => item.product_id === productId)
}
