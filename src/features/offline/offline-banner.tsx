import { useSlowLink } from '../../lib/link'
import { useOnline } from '../../lib/online'
import './offline.css'

export const OFFLINE_BANNER_TEXT = 'You are offline. Showing what you have already seen.'
export const SLOW_BANNER_TEXT = 'Slow connection — showing what we have'

/**
 * A thin notice under the header while the network is gone, or while requests time out on a link that
 * looks up (it goes away by itself once the server answers again). It is a live status region, so a
 * screen reader announces it once, without moving focus or covering anything.
 */
export function OfflineBanner() {
  const online = useOnline()
  const slow = useSlowLink()
  const text = !online ? OFFLINE_BANNER_TEXT : slow ? SLOW_BANNER_TEXT : null
  return (
    <div role="status" aria-live="polite" className="offline-banner" data-offline={text ? '' : undefined}>
      {text}
    </div>
  )
}
