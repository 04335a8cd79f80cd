import { t } from '../../i18n'
import type { PriceChange } from './price-changes'
import './cart.css'

type Props = {
  changes: readonly PriceChange[]
  /** the shopper has seen the new prices */
  onDismiss: () => void
}

/**
 * Says that prices in the cart changed since the items were added (each changed line carries its own
 * "from … to …" flag); shown above the cart lines until the shopper dismisses it or checks out.
 */
export function PriceChangeNotice({ changes, onDismiss }: Props) {
  if (changes.length === 0) return null
  return (
    <div role="status" className="price-change-notice" data-testid="price-change-notice">
      <p>
        <strong>{t('cart.price-change-heading', { count: changes.length })}</strong>{' '}
        {t('cart.price-change-text', { count: changes.length })}
      </p>
      <button type="button" className="button button--ghost price-change-notice__dismiss" onClick={onDismiss}>
        {t('cart.got-it')}
      </button>
    </div>
  )
}
