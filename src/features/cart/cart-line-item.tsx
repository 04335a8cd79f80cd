import { xsImage } from '../../lib/media'
import { formatTaka } from '../../lib/money'
import { type CartLine, canDecrease, canIncrease } from '../../state/list-lines'
import { QuantityStepper } from '../../ui/quantity-stepper'
import { priceChangeText, type StockShortfall, stockShortfallText } from './cart-changes'
import type { PriceChange } from './price-changes'

type Props = {
  line: CartLine
  onQuantity: (quantity: number) => void
  onRemove: () => void
  /** the price moved since the shopper added the line */
  priceChange?: PriceChange
  /** the stock fell below the quantity the shopper put in */
  shortfall?: StockShortfall
}

export function CartLineItem({ line, onQuantity, onRemove, priceChange, shortfall }: Props) {
  const discounted = line.unit_discounted_price < line.unit_price
  return (
    <li className="drawer-line">
      <img
        className="drawer-line__image"
        src={xsImage(line.image)}
        alt=""
        width={64}
        height={64}
        loading="lazy"
      />
      <div className="drawer-line__body">
        <p className="drawer-line__title">{line.title}</p>
        {line.size && <p className="drawer-line__meta">Size: {line.size}</p>}
        <p className="drawer-line__prices">
          {discounted && (
            <s className="drawer-line__price">
              <span className="visually-hidden">Unit price </span>
              {formatTaka(line.unit_price)}
            </s>
          )}
          <span className="drawer-line__discounted">{formatTaka(line.unit_discounted_price)}</span>
        </p>
        {priceChange && (
          <p className="drawer-line__flag" data-testid="price-change">
            {priceChangeText(priceChange)}
          </p>
        )}
        {shortfall && (
          <p className="drawer-line__flag" data-testid="stock-change">
            {stockShortfallText(shortfall)}
          </p>
        )}
        <QuantityStepper
          label={`Quantity of ${line.title}`}
          value={line.quantity}
          canDecrease={canDecrease(line)}
          canIncrease={canIncrease(line)}
          onChange={onQuantity}
          testId="line-quantity"
        />
      </div>
      <button
        type="button"
        className="drawer-line__remove"
        onClick={onRemove}
        aria-label={`Remove ${line.title}`}
      >
        ×
      </button>
    </li>
  )
}
