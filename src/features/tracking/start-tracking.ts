import type { AnyRouter } from '@tanstack/react-router'
import type { TrackView } from '../../contract/shop'
import { trackTo } from '../../lib/track'
import { type Consent, saveConsent, savedConsent } from './consent'
import { loadTags } from './tags'

let started = false

const inBackOffice = () => /^\/admin(\/|$)/.test(location.pathname)

function load(view: TrackView, router: AnyRouter) {
  const tags = loadTags(view)
  if (!inBackOffice()) tags.pageView()
  router.subscribe('onResolved', (event) => {
    if (event.pathChanged && !inBackOffice()) tags.pageView()
  })
  trackTo((event, data, eventId) => tags.event(event, data, eventId))
}

/**
 * Starts the tags the shop switched on, once: at once, or, where the owner asks for consent, once the shopper
 * has accepted (now, in the banner, or on an earlier visit). Declined, nothing loads and events go nowhere.
 */
export function startTracking(view: TrackView, router: AnyRouter): void {
  if (started || (!view.meta && !view.ga)) return
  started = true
  const saved = savedConsent()
  if (!view.ask || saved === 'accepted') load(view, router)
  else if (saved === 'declined') trackTo(null)
  else
    void import('./consent-banner').then(({ askConsent }) =>
      askConsent((consent: Consent) => {
        saveConsent(consent)
        if (consent === 'accepted') load(view, router)
        else trackTo(null)
      }),
    )
}
