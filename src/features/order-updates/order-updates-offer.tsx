import { lazy, Suspense } from 'react'
import type { GuestOrder } from './push-subscription'

// its texts, styles and the push code load only on the pages that offer it (never on a first visit)
const OrderUpdatesPanel = lazy(() => import('./order-updates-panel'))

/**
 * "Get order updates on this phone", offered after an order and on the account page, never by itself: the
 * browser asks for permission only when the shopper taps (docs/decisions/0039). A browser without web push
 * is offered nothing. A guest's updates are for the order they name (number and mobile number).
 */
export function OrderUpdatesOffer({ guestOrder }: { guestOrder?: GuestOrder }) {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('Notification' in window)) {
    // iOS Safari outside the home screen has no Notification: the panel explains where updates work
    if (!iosOutsideHomeScreen()) return null
  }
  return (
    <Suspense fallback={null}>
      <OrderUpdatesPanel guestOrder={guestOrder} />
    </Suspense>
  )
}

/** iPhone/iPad Safari, not opened from the home screen: web push reaches only a home-screen app there. */
export function iosOutsideHomeScreen(): boolean {
  if (typeof navigator === 'undefined') return false
  const ios =
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches
  return ios && !standalone
}
