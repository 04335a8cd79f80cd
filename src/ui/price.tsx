import { formatTaka } from '../lib/money'

type PriceProps = { price: number; discountedPrice: number; discountPercent?: number; className?: string }

/** The selling price, and when discounted the original price struck through and the discount. */
export function Price({ price, discountedPrice, discountPercent, className }: PriceProps) {
  const discounted = discountedPrice < price
  const percent = discountPercent ?? (discounted ? Math.round(((price - discountedPrice) / price) * 100) : 0)
  return (
    <p className={`price ${className ?? ''}`}>
      <span className="price__now">{formatTaka(discounted ? discountedPrice : price)}</span>
      {discounted && (
        <>
          {' '}
          <del className="price__was">
            <span className="visually-hidden">Regular price </span>
            {formatTaka(price)}
          </del>{' '}
          {percent > 0 && <span className="price__off">-{percent}%</span>}
        </>
      )}
    </p>
  )
}
