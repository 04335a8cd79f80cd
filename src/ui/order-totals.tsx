import type { Totals } from '../contract/cart'
import { formatTaka } from '../lib/money'

type Props = { totals: Totals; deliveryLabel?: string; className?: string }

/** Subtotal, discounts, coupon, VAT (included in prices), delivery and the total. */
export function OrderTotals({ totals, deliveryLabel = 'Delivery charge', className }: Props) {
  return (
    <dl className={`order-totals${className ? ` ${className}` : ''}`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatTaka(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 && (
        <div>
          <dt>Discount</dt>
          <dd>-{formatTaka(totals.discount)}</dd>
        </div>
      )}
      {totals.couponDiscount > 0 && (
        <div>
          <dt>Coupon {totals.couponCode}</dt>
          <dd>-{formatTaka(totals.couponDiscount)}</dd>
        </div>
      )}
      <div>
        <dt>VAT (included)</dt>
        <dd>{formatTaka(totals.vat)}</dd>
      </div>
      <div>
        <dt>{deliveryLabel}</dt>
        <dd>{formatTaka(totals.deliveryCharge)}</dd>
      </div>
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatTaka(totals.total)}</dd>
      </div>
    </dl>
  )
}
