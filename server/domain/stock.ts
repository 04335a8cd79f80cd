import type { StockFilter } from '../../src/contract/admin-products'

/** At most this many left (and some): the back office shows a product's stock as low. */
export const LOW_STOCK_THRESHOLD = 5

/** A product's stock as the back office's out / low / in filter reads it. */
export function stockLevel(quantity: number): StockFilter {
  if (quantity <= 0) return 'out'
  return quantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in'
}

/**
 * A discount of `percent` on a price, in whole TK, never above the price itself (a price with paisa
 * rounds down to it).
 */
export function discountedBy(price: number, percent: number): number {
  return Math.min(price, Math.round(price * (1 - percent / 100)))
}
