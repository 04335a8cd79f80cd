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
  const one = changes.length === 1
  return (
    <div role="status" className="price-change-notice" data-testid="price-change-notice">
      <p>
        <strong>{one ? 'A price has changed' : 'Some prices have changed'}</strong> since you added{' '}
        {one ? 'this item' : 'these items'}. The cart shows the current {one ? 'price' : 'prices'}.
      </p>
      <button type="button" className="button button--ghost price-change-notice__dismiss" onClick={onDismiss}>
        Got it
      </button>
    </div>
  )
}
