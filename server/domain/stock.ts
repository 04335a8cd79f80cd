import type { StockFilter } from '../../src/contract/admin-products'

/**
 * A product's stock as the back office's out / low / in filter reads it: low at `threshold` left or fewer
 * (the settings' lowStockThreshold, which the dashboard's low-stock list uses too).
 */
export function stockLevel(quantity: number, threshold: number): StockFilter {
  if (quantity <= 0) return 'out'
  return quantity <= threshold ? 'low' : 'in'
}

/**
 * A discount of `percent` on a price, in whole TK, never above the price itself (a price with paisa
 * rounds down to it).
 */
export function discountedBy(price: number, percent: number): number {
  return Math.min(price, Math.round(price * (1 - percent / 100)))
}
