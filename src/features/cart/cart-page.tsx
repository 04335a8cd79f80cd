import { useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { figure, t, taka } from '../../i18n'
import { removeFromCart, setCartQuantity } from '../../state/cart'
import { setCouponCode, useCouponCode } from '../../state/coupon'
import { useQuotedCart } from '../../state/quote'
import { useDeliveryBaseKg, useDeliveryQuotes } from '../../state/shop-delivery'
import { EmptyCart } from '../../ui/empty-cart'
import { OrderTotals } from '../../ui/order-totals'
import { PendingOrderNotice, useFollowPlacedOrder } from '../../ui/pending-order-notice'
import { pushViewCart } from './analytics'
import { CartLineItem } from './cart-line-item'
import { CouponField } from './coupon-field'
import { PriceChangeNotice } from './price-change-notice'
import { RestoreFromLink } from './restore-from-link'
import { acknowledgePriceChanges, useCartChanges, useRecheckCartOnView } from './use-cart-changes'
import '../../styles/commerce.css'

/**
 * The full cart (storefront §2 /cart): the drawer's rules, the server's prices and totals, a coupon. Opened by a
 * reminder's restore link (`?restore=<token>`), it first takes the cart left behind.
 */
export function CartPage() {
  // read without a search schema on the route: the first visit carries nothing for it
  const restore = useLocation({ select: (location) => (location.search as { restore?: unknown }).restore })
  if (typeof restore === 'string' && restore !== '') return <RestoreFromLink key={restore} token={restore} />
  return <CartContents />
}

function CartContents() {
  const coupon = useCouponCode()
  const { cart, quote, quoteLoading, notices, blocked } = useQuotedCart(coupon)
  const navigate = useNavigate()
  const changes = useCartChanges(cart)
  // the zones' charges as the shop set them (the built-in ones until it has answered once)
  const zones = useDeliveryQuotes()
  const baseKg = useDeliveryBaseKg()
  useRecheckCartOnView(true, cart.items)
  useFollowPlacedOrder()

  const viewed = useRef(false)
  useEffect(() => {
    if (viewed.current || cart.lines.length === 0) return
    viewed.current = true
    pushViewCart(cart.lines, cart.total)
  }, [cart.lines, cart.total])

  if (cart.items.length === 0) return <EmptyCart title={t('cart.title')} />

  return (
    <section className="commerce-page cart-page">
      <h1>{t('cart.title')}</h1>
      <PendingOrderNotice />
      <div className="commerce-columns">
        <div>
          {notices.length > 0 && (
            <div className="notice notice--warning" role="status" data-testid="cart-notices">
              <p>{t('cart.items-changed')}</p>
              <ul>
                {notices.map((notice) => (
                  <li key={notice.skuId}>{notice.message}</li>
                ))}
              </ul>
            </div>
          )}
          <PriceChangeNotice
            changes={changes.priceChanges}
            onDismiss={() => acknowledgePriceChanges(changes.priceChanges)}
          />
          {cart.loading && <p aria-busy="true">{t('cart.loading')}</p>}
          <ul className="cart-page__lines">
            {cart.lines.map((line) => {
              const quoted = quote?.lines.find((q) => q.skuId === line.skuId)
              const current =
                quoted && quoted.problem === null ? quoted.unitDiscountedPrice : line.unit_discounted_price
              return (
                <li key={line.sku} className="cart-page__line">
                  <ul className="cart-page__item">
                    <CartLineItem
                      line={{
                        ...line,
                        unit_discounted_price: current,
                        unit_price: quoted?.unitPrice ?? line.unit_price,
                      }}
                      onQuantity={(quantity) => setCartQuantity(line.sku, quantity)}
                      onRemove={() => removeFromCart(line.sku)}
                      priceChange={changes.priceChangeOf(line.sku)}
                    />
                  </ul>
                  <p className="cart-page__line-total">
                    <span className="visually-hidden">{t('cart.line-total')} </span>
                    {taka(current * line.quantity)}
                  </p>
                  {quoted?.problem && (
                    <p className="field-error" data-testid="line-problem">
                      {quoted.problem}
                    </p>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
        <aside className="summary-card" aria-labelledby="cart-summary">
          <h2 id="cart-summary">{t('cart.summary')}</h2>
          <CouponField applied={coupon} error={quote?.couponError ?? null} onApply={setCouponCode} />
          {quote ? (
            <>
              <OrderTotals totals={quote.totals} deliveryLabel={t('cart.delivery-estimate-label')} />
              <p className="muted">
                {t('cart.delivery-charges', {
                  inside: figure(zones?.inside_dhaka.charge ?? 70),
                  suburbs: figure(zones?.dhaka_suburbs.charge ?? 110),
                  outside: figure(zones?.outside_dhaka.charge ?? 130),
                  estimate: quote.deliveryEstimate,
                })}
                {zones &&
                  Object.values(zones).some((zone) => zone.perKg > 0) &&
                  ` ${t('cart.delivery-per-kg', {
                    kg: figure(baseKg),
                    inside: figure(zones.inside_dhaka.perKg),
                    suburbs: figure(zones.dhaka_suburbs.perKg),
                    outside: figure(zones.outside_dhaka.perKg),
                  })}`}
              </p>
            </>
          ) : (
            <p aria-busy={quoteLoading}>
              {quoteLoading ? t('cart.checking-prices') : t('cart.prices-offline')}
            </p>
          )}
          <button
            type="button"
            className="button button--block"
            disabled={blocked}
            onClick={() => {
              acknowledgePriceChanges(changes.priceChanges)
              void navigate({ to: '/checkout' })
            }}
          >
            {t('cart.place-order')}
          </button>
          {blocked && <p className="field-error">{t('cart.blocked')}</p>}
        </aside>
      </div>
    </section>
  )
}
