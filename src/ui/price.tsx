import { figure, t, taka } from '../i18n'

type PriceProps = { price: number; discountedPrice: number; discountPercent?: number; className?: string }

/** The selling price, and when discounted the original price struck through and the discount. */
export function Price({ price, discountedPrice, discountPercent, className }: PriceProps) {
  const discounted = discountedPrice < price
  const percent = discountPercent ?? (discounted ? Math.round(((price - discountedPrice) / price) * 100) : 0)
  return (
    <p className={`price ${className ?? ''}`}>
      <span className="price__now">{taka(discounted ? discountedPrice : price)}</span>
      {discounted && (
        <>
          {' '}
          <del className="price__was">
            <span className="visually-hidden">{t('product.regular-price')} </span>
            {taka(price)}
          </del>{' '}
          {percent > 0 && <span className="price__off">-{figure(percent)}%</span>}
        </>
      )}
    </p>
  )
}
