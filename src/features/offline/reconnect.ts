import type { QueryClient } from '@tanstack/react-query'

/**
 * When the network returns: resume mutations paused while offline, then refresh every query on
 * screen (listings, products, the cart's products, so their prices are checked again) without a
 * reload. React Query's own reconnect refetch only covers stale queries; a price may have changed
 * within the stale time, so everything visible is marked stale.
 */
export function refreshOnReconnect(queryClient: QueryClient): () => void {
  const onOnline = () => {
    void queryClient
      .resumePausedMutations()
      .then(() => queryClient.invalidateQueries({ refetchType: 'active' }))
  }
  window.addEventListener('online', onOnline)
  return () => window.removeEventListener('online', onOnline)
}
