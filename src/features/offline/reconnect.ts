import type { QueryClient } from '@tanstack/react-query'
import { onLinkBack } from '../../lib/link'

/**
 * When the network returns (the browser's online event, or the server answering again after requests
 * timed out on a link that looked up): resume mutations paused while offline, then refresh every query on
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
  const stopLinkBack = onLinkBack(onOnline)
  return () => {
    window.removeEventListener('online', onOnline)
    stopLinkBack()
  }
}
