import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { ListItem, LocalList } from '../lib/local-list'
import { cartList, useCartDocument } from './cart'
import { buildCartLines, type CartLine, cartTotal, productIdsOf, unknownItems } from './list-lines'
import { productsByIdsQuery } from './products'
import { useWishlistDocument, wishlistList } from './wishlist'

const itemKey = (item: ListItem) => `${item.product_id}\u0000${item.sku}`

export type LinesState = {
  lines: CartLine[]
  total: number
  /** lines shown; the stored items while their products are not known yet (loading or offline) */
  count: number
  /** true while the first answer for a non-empty list is awaited */
  loading: boolean
  error: boolean
}

/**
 * Displayed lines for stored items: fetches the products by id and joins them with the items. Once the
 * shop has answered for exactly these items, entries it does not know are dropped from `list`.
 */
export function useListLines(
  items: readonly ListItem[],
  options: { fallbackSku?: boolean; list?: LocalList } = {},
): LinesState {
  const ids = useMemo(() => productIdsOf(items), [items])
  const query = useQuery({ ...productsByIdsQuery(ids), enabled: ids.length > 0 })
  const fallbackSku = options.fallbackSku ?? false
  const lines = useMemo(
    () => (ids.length === 0 ? [] : buildCartLines(items, query.data ?? [], { fallbackSku })),
    [items, ids, query.data, fallbackSku],
  )
  const { list } = options
  const answered = query.isSuccess && !query.isPlaceholderData ? query.data : undefined
  useEffect(() => {
    if (!list || !answered) return
    const unknown = new Set(unknownItems(items, answered, { fallbackSku }).map(itemKey))
    if (unknown.size > 0) list.update((stored) => stored.filter((item) => !unknown.has(itemKey(item))))
  }, [list, items, answered, fallbackSku])
  const loading = ids.length > 0 && query.data === undefined && query.isPending
  const error = query.isError && query.data === undefined
  return {
    lines,
    total: cartTotal(lines),
    count: loading || error ? items.length : lines.length,
    loading,
    error,
  }
}

/** The cart as displayed (storefront §3). */
export function useCart(): LinesState & { items: readonly ListItem[] } {
  const doc = useCartDocument()
  return { ...useListLines(doc.items, { list: cartList }), items: doc.items }
}

/** Number of items in the local cart, for badges (lines whose product is gone are not counted). */
export function useCartCount(): number {
  return useCart().count
}

/** Number of items in the local wish list, for badges (entries whose product is gone are not counted). */
export function useWishlistCount(): number {
  return useListLines(useWishlistDocument().items, { fallbackSku: true, list: wishlistList }).count
}
