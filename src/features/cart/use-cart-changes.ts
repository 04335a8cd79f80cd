import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { ListItem } from '../../lib/local-list'
import { cartList } from '../../state/cart'
import { type CartLine, productIdsOf } from '../../state/list-lines'
import { productKeys } from '../../state/products'
import { cartPriceChanges, type StockShortfall, stockShortfalls } from './cart-changes'
import { type PriceChange, withCurrentPrices } from './price-changes'

export type CartChanges = {
  priceChanges: PriceChange[]
  priceChangeOf: (sku: string) => PriceChange | undefined
  shortfallOf: (sku: string) => StockShortfall | undefined
}

/** What changed on the server since the shopper filled the cart: prices, and stock below the quantity. */
export function useCartChanges(cart: {
  items: readonly ListItem[]
  lines: readonly CartLine[]
}): CartChanges {
  const { items, lines } = cart
  return useMemo(() => {
    const priceChanges = cartPriceChanges(items, lines)
    const shortfalls = stockShortfalls(items, lines)
    return {
      priceChanges,
      priceChangeOf: (sku) => priceChanges.find((change) => change.sku === sku),
      shortfallOf: (sku) => shortfalls.find((shortfall) => shortfall.sku === sku),
    }
  }, [items, lines])
}

/**
 * The shopper has seen the changed prices (dismissed the notice or went on to checkout): the stored
 * prices become the current ones, which clears the flags.
 */
export function acknowledgePriceChanges(changes: readonly PriceChange[]) {
  if (changes.length === 0) return
  cartList.update((items) => withCurrentPrices(items, changes))
}

/**
 * Each time the cart becomes visible (drawer opened, cart page shown) while online, its products are
 * asked for again, so prices and stock are checked against the server before checkout.
 */
export function useRecheckCartOnView(visible: boolean, items: readonly ListItem[]) {
  const queryClient = useQueryClient()
  const hasItems = items.length > 0
  useEffect(() => {
    if (!visible || !hasItems || !navigator.onLine) return
    const ids = productIdsOf(cartList.read().items)
    void queryClient.invalidateQueries(
      { queryKey: productKeys.byIds(ids), exact: true, refetchType: 'active' },
      { cancelRefetch: false },
    )
  }, [visible, hasItems, queryClient])
}
