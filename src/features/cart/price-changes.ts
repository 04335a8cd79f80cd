import { roundMoney } from '../../lib/money'

/** A stored cart item: the price it had when the shopper added it. */
export type PricedItem = { sku: string; price: number }
/** The same sku as the server prices it now. */
export type CurrentPrice = { sku: string; unit_discounted_price: number }

export type PriceChange = { sku: string; was: number; now: number }

/**
 * Lines whose current price differs from the price stored when they were added. Used after the
 * network returns (the cart's products are fetched again) to point changes out before checkout.
 * Lines the server no longer knows are not price changes (the cart skips them anyway).
 */
export function findPriceChanges(
  items: readonly PricedItem[],
  current: readonly CurrentPrice[],
): PriceChange[] {
  const now = new Map(current.map((line) => [line.sku, roundMoney(line.unit_discounted_price)]))
  const changes: PriceChange[] = []
  for (const item of items) {
    const price = now.get(item.sku)
    if (price === undefined) continue
    const was = roundMoney(item.price)
    if (was !== price) changes.push({ sku: item.sku, was, now: price })
  }
  return changes
}

/** The stored items with their prices brought up to date (after the shopper has seen the change). */
export function withCurrentPrices<T extends PricedItem>(
  items: readonly T[],
  changes: readonly PriceChange[],
): T[] {
  const now = new Map(changes.map((change) => [change.sku, change.now]))
  return items.map((item) => {
    const price = now.get(item.sku)
    return price === undefined ? item : { ...item, price }
  })
}
