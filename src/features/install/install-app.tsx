import { useState } from 'react'
import { t } from '../../i18n'
import type { InstallOffer } from './install-rules'
import { dismissInstallBanner, promptInstall, useInstallOffer } from './install-state'
import './install.css'

/** "Install app" for the account menu; on iOS Safari it explains Add to Home Screen instead. */
export function InstallAppButton({ className = 'button button--ghost' }: { className?: string }) {
  const offer = useInstallOffer()
  const [hint, setHint] = useState(false)
  if (offer === null) return null
  if (offer === 'ios-hint') {
    return (
      <>
        <button type="button" className={className} aria-expanded={hint} onClick={() => setHint(!hint)}>
          {t('offline.install-app')}
        </button>
        {hint ? <p role="note">{t('offline.ios-hint')}</p> : null}
      </>
    )
  }
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      {t('offline.install-app')}
    </button>
  )
}

/** The install banner's card (loaded once it is offered: see install-banner.tsx). */
export default function InstallCard({ offer }: { offer: Exclude<InstallOffer, null> }) {
  return (
    <aside className="install-banner" aria-label={t('offline.install-app')}>
      <span>{offer === 'ios-hint' ? t('offline.ios-hint') : t('offline.install-pitch')}</span>
      <span className="install-banner__actions">
        {offer === 'prompt' ? (
          <button
            type="button"
            className="button"
            onClick={() => void promptInstall().then(dismissInstallBanner)}
          >
            {t('offline.install-app')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={dismissInstallBanner}>
          {t('offline.not-now')}
        </button>
      </span>
    </aside>
  )
}
