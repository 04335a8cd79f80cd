import { t } from '../../i18n'
import { useSlowLink } from '../../lib/link'
import { useOnline } from '../../lib/online'
import './offline.css'

/**
 * A thin notice under the header while the network is gone, or while requests time out on a link that
 * looks up (it goes away by itself once the server answers again). It is a live status region, so a
 * screen reader announces it once, without moving focus or covering anything.
 */
export function OfflineBanner() {
  const online = useOnline()
  const slow = useSlowLink()
  const text = !online ? t('offline.banner') : slow ? t('offline.slow-banner') : null
  return (
    <div role="status" aria-live="polite" className="offline-banner" data-offline={text ? '' : undefined}>
      {text}
    </div>
  )
}
