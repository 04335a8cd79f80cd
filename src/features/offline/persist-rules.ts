import type { Query } from '@tanstack/react-query'

/**
 * First segments of the query keys holding catalogue data: the same for every shopper, so they may
 * live in IndexedDB for a week and be shown offline. Anything else (profile, orders, addresses,
 * session) stays in memory only, unless its owner marks it `meta: { persist: true }`; a query marked
 * `meta: { private: true }` is never persisted.
 */
export const CATALOGUE_KEY_ROOTS: ReadonlySet<string> = new Set([
  'products',
  'product',
  'catalog',
  'details',
  'related',
  'search',
  'menus',
  'pages',
  'quick-view',
  // the products behind the local cart and wish list: public catalogue data fetched by id
  'cart',
  'wishlist',
])

type PersistMeta = { persist?: boolean; private?: boolean } | undefined

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state' | 'meta'>): boolean {
  // Data, not status: a background refetch that failed offline marks the query `error` but keeps
  // its data, and dropping it then would lose the page at the next save.
  if (query.state.data === undefined) return false
  const meta = query.meta as PersistMeta
  if (meta?.private) return false
  if (meta?.persist) return true
  const root = query.queryKey[0]
  return typeof root === 'string' && CATALOGUE_KEY_ROOTS.has(root)
}
