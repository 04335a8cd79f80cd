import { Link } from '@tanstack/react-router'
import type { QuoteLine, QuoteResponse } from '../../contract/cart'
import { figure, t, taka } from '../../i18n'
import { setCouponCode } from '../../state/coupon'
import { stillTryingText } from '../../state/order-outbox'
import { OrderTotals } from '../../ui/order-totals'
import type { FieldErrors } from './use-place-order'

/** What the summary shows of a cart line as stored on this device. */
export type SummaryCartLine = {
  sku: string
  skuId: number
  title: string
  size: string | null
  colour: string | null
  quantity: number
  unit_discounted_price: number
}

type Props = {
  lines: readonly SummaryCartLine[]
  quote: QuoteResponse['data'] | undefined
  errors: FieldErrors
  problem: string | null
  submitting: boolean
  /** no answer for a while: the order is kept on the device and sent again */
  stillTrying: boolean
  onCancel: () => void
  blocked: boolean
  /** the coupon carried from the cart ('' for none) */
  coupon: string
}

/** The lines at the server's prices, the totals with the coupon applied, and Place Order. */
export function OrderSummary({
  lines,
  quote,
  errors,
  problem,
  submitting,
  stillTrying,
  onCancel,
  blocked,
  coupon,
}: Props) {
  return (
    <aside className="summary-card" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{t('checkout.summary')}</h2>
      <ul className="summary-lines">
        {lines.map((line, index) => (
          <SummaryLine
            key={line.sku}
            line={line}
            quoted={quote?.lines.find((q) => q.skuId === line.skuId)}
            serverProblem={errors[`lines.${index}`]?.[0]}
          />
        ))}
      </ul>
      {quote && <OrderTotals totals={quote.totals} />}
      {coupon && quote?.couponError && (
        // a coupon the order no longer meets (below its minimum, used up): said here, and taken off here
        <div className="notice notice--warning" role="alert" data-testid="checkout-coupon">
          <p>{t('checkout.coupon-not-applied', { code: coupon, reason: quote.couponError })}</p>
          <button type="button" className="button button--link" onClick={() => setCouponCode('')}>
            {t('checkout.coupon-remove')}
          </button>
        </div>
      )}
      {problem && (
        <div className="notice notice--error" role="alert" data-testid="checkout-problem">
          {problem}
        </div>
      )}
      <button
        type="submit"
        className="button button--block"
        disabled={submitting || blocked}
        aria-busy={submitting}
      >
        {submitting ? t('checkout.placing') : t('checkout.place-order')}
      </button>
      {stillTrying && (
        <div className="notice notice--warning" role="status" data-testid="still-trying">
          <p>{stillTryingText()}</p>
          <button type="button" className="button button--link" onClick={onCancel}>
            {t('checkout.cancel-order')}
          </button>
        </div>
      )}
      <Link to="/cart" className="button button--ghost button--block">
        {t('checkout.back-to-cart')}
      </Link>
    </aside>
  )
}

type LineProps = {
  line: SummaryCartLine
  quoted: QuoteLine | undefined
  /** what the server said about this line when the order was refused */
  serverProblem: string | undefined
}

function SummaryLine({ line, quoted, serverProblem }: LineProps) {
  const lineProblem = serverProblem ?? quoted?.problem
  return (
    <li>
      <span>
        {line.title}
        {line.size ? ` · ${line.size}` : ''}
        {line.colour ? ` · ${line.colour}` : ''} × {figure(line.quantity)}
      </span>
      <span>{taka(quoted?.lineTotal ?? line.unit_discounted_price * line.quantity)}</span>
      {lineProblem && (
        <p className="field-error" data-testid="line-problem">
          {lineProblem}
        </p>
      )}
    </li>
  )
}
