import { Link } from '@tanstack/react-router'
import { t } from '../i18n'
import './offline-state.css'

type OfflineStateProps = {
  /** what could not be shown, in the shop's words and the current language: "This product", "This category" */
  subject?: string
  /** h2 when the page around it already has its h1 (a listing's title) */
  heading?: 'h1' | 'h2'
}

/**
 * Shown instead of a page that was never opened on this device while the network is gone: says
 * what happened and offers the way back, never a browser error page.
 */
export function OfflineState({ subject, heading: Heading = 'h1' }: OfflineStateProps) {
  return (
    <section className="offline-state" aria-labelledby="offline-state-title">
      <svg className="offline-state__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M2 8.8a15 15 0 0 1 20 0M5.5 12.4a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M12 20h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <Heading id="offline-state-title">{t('offline.title')}</Heading>
      <p>{t('offline.not-saved', { subject: subject ?? t('offline.this-page') })}</p>
      <p>{t('offline.still-works')}</p>
      <div className="offline-state__actions">
        <button type="button" className="button button--ghost" onClick={() => window.history.back()}>
          {t('offline.go-back')}
        </button>
        <Link to="/" className="button">
          {t('offline.go-home')}
        </Link>
      </div>
    </section>
  )
}
