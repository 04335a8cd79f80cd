import { createRoot } from 'react-dom/client'
import { t, useLanguage } from '../../i18n'
import type { Consent } from './consent'
import './tracking.css'

function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  useLanguage()
  return (
    <aside className="consent-banner" aria-label={t('tracking.banner-label')}>
      <p>{t('tracking.banner-text')}</p>
      <span className="consent-banner__actions">
        <button type="button" className="button" onClick={() => onAnswer('accepted')}>
          {t('tracking.accept')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onAnswer('declined')}>
          {t('tracking.decline')}
        </button>
      </span>
    </aside>
  )
}

/** Shows the small consent banner until the shopper answers; the answer goes to `onAnswer` and the banner goes. */
export function askConsent(onAnswer: (consent: Consent) => void): void {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  root.render(
    <ConsentBanner
      onAnswer={(consent) => {
        root.unmount()
        host.remove()
        onAnswer(consent)
      }}
    />,
  )
}
