import type { Totals } from '../contract/cart'
import { figure, t, taka, useLanguage } from '../i18n'

type Props = { totals: Totals; deliveryLabel?: string; className?: string }

/** Subtotal, discounts, the shop's offers, coupon, the shop's own discount, VAT (included in prices), delivery and the total. */
export function OrderTotals({ totals, deliveryLabel = t('cart.delivery-charge'), className }: Props) {
  const bn = useLanguage() === 'bn'
  return (
    <dl className={`order-totals${className ? ` ${className}` : ''}`}>
      <div>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{taka(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 && (
        <div>
          <dt>{t('cart.discount')}</dt>
          <dd>-{taka(totals.discount)}</dd>
        </div>
      )}
      {totals.promotions?.map((offer) => (
        <div key={offer.id}>
          <dt>{t('cart.promotion', { name: bn && offer.nameBn ? offer.nameBn : offer.name })}</dt>
          <dd>-{taka(offer.discount)}</dd>
        </div>
      ))}
      {totals.couponDiscount > 0 && (
        <div>
          <dt>{t('cart.coupon', { code: totals.couponCode ?? '' })}</dt>
          <dd>-{taka(totals.couponDiscount)}</dd>
        </div>
      )}
      {(totals.manualDiscount ?? 0) > 0 && (
        <div>
          <dt>{t('cart.shop-discount')}</dt>
          <dd>-{taka(totals.manualDiscount ?? 0)}</dd>
        </div>
      )}
      {(totals.pointsDiscount ?? 0) > 0 && (
        <div data-testid="points-discount">
          <dt>{t('user-points.discount', { points: figure(totals.pointsUsed ?? 0) })}</dt>
          <dd>-{taka(totals.pointsDiscount ?? 0)}</dd>
        </div>
      )}
      <div>
        <dt>{t('cart.vat')}</dt>
        <dd>{taka(totals.vat)}</dd>
      </div>
      <div>
        <dt>{deliveryLabel}</dt>
        <dd>{taka(totals.deliveryCharge)}</dd>
      </div>
      <div className="order-totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="order-total">{taka(totals.total)}</dd>
      </div>
    </dl>
  )
}
