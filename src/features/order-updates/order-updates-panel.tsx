import { useEffect, useState } from 'react'
import { t } from '../../i18n'
import {
  currentSubscription,
  type GuestOrder,
  subscribeToOrderUpdates,
  unsubscribeFromOrderUpdates,
} from './push-subscription'
import './order-updates.css'

type State = 'checking' | 'off' | 'asking' | 'on' | 'blocked' | 'failed'

/** iPhone/iPad Safari, not opened from the home screen: web push reaches only a home-screen app there. */
function iosOutsideHomeScreen(): boolean {
  const ios =
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches
  return ios && !standalone
}

const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/**
 * "Get order updates on this phone", offered after an order and on the account page, never by itself: the
 * browser asks for permission only when the shopper taps (docs/decisions/0039). A browser without web push is
 * offered nothing, except iOS Safari outside the home screen, which is told where updates work. A guest's
 * updates are for the order they name (its number and mobile number).
 */
export function OrderUpdatesOffer({ guestOrder }: { guestOrder?: GuestOrder | undefined }) {
  const ios = iosOutsideHomeScreen()
  if (!ios && !pushSupported()) return null
  return <OrderUpdatesPanel guestOrder={guestOrder} ios={ios} />
}

/** The offer itself: what it does, the one button, and what came of it. */
function OrderUpdatesPanel({ guestOrder, ios }: { guestOrder: GuestOrder | undefined; ios: boolean }) {
  const [state, setState] = useState<State>('checking')
  useEffect(() => {
    if (ios) return
    let live = true
    const blocked = Notification.permission === 'denied'
    currentSubscription()
      .then((subscription) => live && setState(blocked ? 'blocked' : subscription ? 'on' : 'off'))
      .catch(() => live && setState('off'))
    return () => {
      live = false
    }
  }, [ios])

  const allow = async () => {
    setState('asking')
    try {
      const permission = await subscribeToOrderUpdates(guestOrder)
      setState(permission === 'granted' ? 'on' : permission === 'denied' ? 'blocked' : 'off')
    } catch {
      setState('failed')
    }
  }
  const stop = async () => {
    try {
      await unsubscribeFromOrderUpdates()
      setState('off')
    } catch {
      setState('failed')
    }
  }

  return (
    <section className="order-updates" aria-labelledby="order-updates-title">
      <h2 id="order-updates-title">{t('orders.updates-title')}</h2>
      {ios ? (
        <p>{t('orders.updates-ios')}</p>
      ) : state === 'on' ? (
        <>
          <p role="status">{t('orders.updates-on')}</p>
          <button type="button" className="button button--ghost" onClick={() => void stop()}>
            {t('orders.updates-stop')}
          </button>
        </>
      ) : state === 'blocked' ? (
        <p role="alert">{t('orders.updates-blocked')}</p>
      ) : (
        <>
          <p>{t('orders.updates-explain')}</p>
          {state === 'failed' && <p role="alert">{t('orders.updates-failed')}</p>}
          <button
            type="button"
            className="button"
            disabled={state === 'checking' || state === 'asking'}
            aria-busy={state === 'asking'}
            onClick={() => void allow()}
          >
            {t('orders.updates-allow')}
          </button>
        </>
      )}
    </section>
  )
}
