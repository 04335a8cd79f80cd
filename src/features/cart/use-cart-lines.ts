import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { ListItem } from '../../lib/local-list'
import { buildCartLines, type CartLine, cartTotal, productIdsOf } from './cart-lines'
import { cartProductsQuery } from './cart-queries'
import { useCartDocument } from './cart-store'

export type LinesState = {
  lines: CartLine[]
  total: number
  /** lines shown; the stored items while their products are not known yet (loading or offline) */
  count: number
  /** true while the first answer for a non-empty list is awaited */
  loading: boolean
  error: boolean
}

/** Displayed lines for stored items: fetches the products by id and joins them with the items. */
export function useListLines(
  items: readonly ListItem[],
  options: { fallbackSku?: boolean } = {},
): LinesState {
  const ids = useMemo(() => productIdsOf(items), [items])
  const query = useQuery({ ...cartProductsQuery(ids), enabled: ids.length > 0 })
  const fallbackSku = options.fallbackSku ?? false
  const lines = useMemo(
    () => (ids.length === 0 ? [] : buildCartLines(items, query.data ?? [], { fallbackSku })),
    [items, ids, query.data, fallbackSku],
  )
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

/** The cart as displayed (SPEC §3). */
export function useCart(): LinesState & { items: readonly ListItem[] } {
  const doc = useCartDocument()
  return { ...useListLines(doc.items), items: doc.items }
}
