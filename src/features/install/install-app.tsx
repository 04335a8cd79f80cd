import { useState } from 'react'
import { dismissInstallBanner, promptInstall, useInstallBannerOffer, useInstallOffer } from './install-state'
import './install.css'

export const IOS_HINT = 'To install Haat, tap Share, then Add to Home Screen.'

/** "Install app" for the account menu; on iOS Safari it explains Add to Home Screen instead. */
export function InstallAppButton({ className = 'button button--ghost' }: { className?: string }) {
  const offer = useInstallOffer()
  const [hint, setHint] = useState(false)
  if (offer === null) return null
  if (offer === 'ios-hint') {
    return (
      <>
        <button type="button" className={className} aria-expanded={hint} onClick={() => setHint(!hint)}>
          Install app
        </button>
        {hint ? <p role="note">{IOS_HINT}</p> : null}
      </>
    )
  }
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      Install app
    </button>
  )
}

/** A small dismissible card from the second visit on, never covering the page's own controls for long. */
export function InstallBanner() {
  const offer = useInstallBannerOffer()
  if (offer === null) return null
  return (
    <aside className="install-banner" aria-label="Install app">
      <span>{offer === 'ios-hint' ? IOS_HINT : 'Install Haat for quick access, even offline.'}</span>
      <span className="install-banner__actions">
        {offer === 'prompt' ? (
          <button
            type="button"
            className="button"
            onClick={() => void promptInstall().then(dismissInstallBanner)}
          >
            Install app
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={dismissInstallBanner}>
          Not now
        </button>
      </span>
    </aside>
  )
}
