import { t } from '../../i18n'
import { type CartLine, canDecrease, canIncrease } from '../../state/list-lines'
import { DrawerLine } from '../../ui/list-drawer'
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
  return (
    <DrawerLine
      title={line.title}
      image={line.image}
      unitPrice={line.unit_price}
      unitDiscountedPrice={line.unit_discounted_price}
      meta={
        (line.size || line.colour) && (
          <p className="drawer-line__meta">
            {[
              line.size && t('cart.size', { size: line.size }),
              line.colour && t('cart.colour', { colour: line.colour }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )
      }
      onRemove={onRemove}
      removeLabel={t('cart.remove-line', { name: line.title })}
    >
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
        label={t('cart.quantity-of', { name: line.title })}
        value={line.quantity}
        canDecrease={canDecrease(line)}
        canIncrease={canIncrease(line)}
        onChange={onQuantity}
        testId="line-quantity"
      />
    </DrawerLine>
  )
}
