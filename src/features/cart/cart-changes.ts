import { figure, t, taka } from '../../i18n'
import type { ListItem } from '../../lib/local-list'
import type { CartLine } from '../../state/list-lines'
import { findPriceChanges, type PriceChange } from './price-changes'

/** A line whose sku has less stock now than the quantity the shopper put in the cart. */
export type StockShortfall = { sku: string; wanted: number; available: number }

/**
 * The cart lines whose current price (from the latest get-by-ids answer) differs from the price
 * stored with the item, which is the price the shopper added it at or last acknowledged.
 */
export function cartPriceChanges(
  items: readonly Pick<ListItem, 'sku' | 'price'>[],
  lines: readonly Pick<CartLine, 'sku' | 'unit_discounted_price'>[],
): PriceChange[] {
  return findPriceChanges(items, lines)
}

/** Stored quantities above the sku's stock now (the displayed line is already lowered to the stock). */
export function stockShortfalls(
  items: readonly Pick<ListItem, 'sku' | 'quantity'>[],
  lines: readonly Pick<CartLine, 'sku' | 'available_quantity'>[],
): StockShortfall[] {
  const wanted = new Map(items.map((item) => [item.sku, item.quantity]))
  const shortfalls: StockShortfall[] = []
  for (const line of lines) {
    const quantity = wanted.get(line.sku)
    const available = Math.max(0, line.available_quantity)
    if (quantity !== undefined && quantity > available) {
      shortfalls.push({ sku: line.sku, wanted: quantity, available })
    }
  }
  return shortfalls
}

/** The flag shown on a line whose price changed. */
export function priceChangeText(change: Pick<PriceChange, 'was' | 'now'>): string {
  return t('cart.price-changed', { was: taka(change.was), now: taka(change.now) })
}

/** The flag shown on a line whose stock fell below its quantity. */
export function stockShortfallText(shortfall: Pick<StockShortfall, 'available'>): string {
  if (shortfall.available <= 0) return t('cart.out-of-stock')
  return t('cart.stock-lowered', { count: figure(shortfall.available) })
}
