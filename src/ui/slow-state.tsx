import { t } from '../i18n'
import './offline-state.css'

type SlowStateProps = {
  /** what could not be loaded, in the shop's words: "Couldn't load this product." */
  message: string
  onRetry: () => void
}

/**
 * Shown where a page's data did not come back in time: a calm line and a Retry button, next to whatever
 * this device already has. The page retries by itself once the server answers again.
 */
export function SlowState({ message, onRetry }: SlowStateProps) {
  return (
    <div className="slow-state" role="status">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('offline.retry')}
      </button>
    </div>
  )
}
