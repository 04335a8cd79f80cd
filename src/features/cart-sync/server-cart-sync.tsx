import { useEffect } from 'react'
import { safeLocalStorage } from '../../lib/guest-id'
import { cartList } from '../../state/cart'
import { useCurrentUser } from '../../state/session'
import { catalogueSkuFacts, serverCart } from './cart-sync-api'
import { createCartSync } from './cart-sync-engine'

/** One sync at a time across the shopper's tabs, where the browser can say so. */
function acrossTabs(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('haat-cart-sync', run).then(() => undefined) : run()
}

/**
 * Keeps a logged-in shopper's server cart (storefront §7) and the local cart in step: on app start, when
 * the tab comes back into view or the network comes back (the server cart is read again), and
 * after every change of the local cart. The first login on a device merges its guest cart.
 */
export function ServerCartSync() {
  const user = useCurrentUser()
  const userId = user?.id ?? null

  useEffect(() => {
    if (userId === null) return
    const engine = createCartSync({
      userId,
      server: serverCart,
      cart: cartList,
      storage: safeLocalStorage(),
      skuFacts: catalogueSkuFacts,
      exclusive: acrossTabs,
    })
    void engine.request('start')
    const resume = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void engine.request('resume')
    }
    window.addEventListener('focus', resume)
    window.addEventListener('online', resume)
    document.addEventListener('visibilitychange', resume)
    // this tab's changes and other tabs' (storage events)
    const unsubscribe = cartList.subscribe(() => {
      if (navigator.onLine) void engine.request('local')
    })
    return () => {
      engine.stop()
      unsubscribe()
      window.removeEventListener('focus', resume)
      window.removeEventListener('online', resume)
      document.removeEventListener('visibilitychange', resume)
    }
  }, [userId])

  return null
}
