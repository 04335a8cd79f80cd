// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  addToWishlist,
  clearWishlist,
  isWishlisted,
  removeFromWishlist,
  WISHLIST_KEY,
  wishlistList,
} from '../../src/state/wishlist'

const stored = () => JSON.parse(localStorage.getItem(WISHLIST_KEY) ?? 'null')

beforeEach(() => {
  localStorage.clear()
  clearWishlist()
})

describe('local wish list', () => {
  it('stores one entry per product under its own key, with quantity 1', () => {
    addToWishlist({ product_id: 4, sku: 'A', price: 300 })
    addToWishlist({ product_id: 4, sku: 'B', price: 320 })
    addToWishlist({ product_id: 5, price: 100 })
    expect(stored().items).toEqual([
      { product_id: 4, sku: 'B', quantity: 1, price: 320 },
      { product_id: 5, sku: '', quantity: 1, price: 100 },
    ])
    expect(localStorage.getItem('haat_cart')).toBeNull()
  })

  it.each([
    { ids: [1, 2], productId: 2, saved: true },
    { ids: [1, 2], productId: 3, saved: false },
    { ids: [], productId: 1, saved: false },
  ])('with $ids saved, product $productId saved=$saved', ({ ids, productId, saved }) => {
    for (const id of ids) addToWishlist({ product_id: id, price: 1 })
    expect(isWishlisted(wishlistList.read().items, productId)).toBe(saved)
  })

  it('removes a product', () => {
    addToWishlist({ product_id: 1, price: 1 })
    addToWishlist({ product_id: 2, price: 1 })
    removeFromWishlist(1)
    expect(wishlistList.read().items.map((i) => i.product_id)).toEqual([2])
  })
})
