import type { Query } from '@tanstack/react-query'

type PersistMeta = { persist?: boolean } | undefined

/**
 * Whether a query outlives a reload in IndexedDB. Each query factory opts in with `meta: { persist: true }`
 * (catalogue data, the same for every shopper, and the remembered session); anything else (profile,
 * orders, addresses, reviews) stays in memory only.
 */
export function shouldPersistQuery(query: Pick<Query, 'state' | 'meta'>): boolean {
  // Data, not status: a background refetch that failed offline marks the query `error` but keeps
  // its data, and dropping it then would lose the page at the next save.
  if (query.state.data === undefined) return false
  return (query.meta as PersistMeta)?.persist === true
}
