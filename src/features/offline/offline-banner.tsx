import { useOnline } from '../../lib/online'
import './offline.css'

export const OFFLINE_BANNER_TEXT = 'You are offline. Showing what you have already seen.'

/**
 * A thin notice under the header while the network is gone. It is a live status region, so a
 * screen reader announces it once, without moving focus or covering anything.
 */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div role="status" aria-live="polite" className="offline-banner" data-offline={online ? undefined : ''}>
      {online ? null : OFFLINE_BANNER_TEXT}
    </div>
  )
}
