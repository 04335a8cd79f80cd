import { formatTaka } from '../../lib/money'
import type { PriceChange } from './price-changes'

type Props = {
  changes: readonly PriceChange[]
  /** product title by sku, for the message */
  titleOf: (sku: string) => string
}

/** Lists the cart lines whose price changed since they were added; shown above the cart total. */
export function PriceChangeNotice({ changes, titleOf }: Props) {
  if (changes.length === 0) return null
  return (
    <div role="status" className="price-change-notice">
      <p>
        <strong>{changes.length === 1 ? 'A price has changed' : 'Some prices have changed'}</strong> since you
        added {changes.length === 1 ? 'this item' : 'these items'}:
      </p>
      <ul>
        {changes.map((change) => (
          <li key={change.sku} data-sku={change.sku}>
            {titleOf(change.sku)}: was {formatTaka(change.was)}, now {formatTaka(change.now)}
          </li>
        ))}
      </ul>
    </div>
  )
}
