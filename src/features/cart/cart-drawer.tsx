import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { t, taka } from '../../i18n'
import { removeFromCart, setCartQuantity } from '../../state/cart'
import { setCartDrawer, ui } from '../../state/ui'
import { useCart } from '../../state/use-list-lines'
import { ListDrawer } from '../../ui/list-drawer'
import { CartLineItem } from './cart-line-item'
import { PriceChangeNotice } from './price-change-notice'
import { acknowledgePriceChanges, useCartChanges, useRecheckCartOnView } from './use-cart-changes'
import { useViewCartEvent } from './use-view-cart'

const closeCart = () => setCartDrawer(false)

/** Cart drawer (storefront §2), mounted once by the shell; open state is `ui.cartDrawerOpen`. */
export function CartDrawer() {
  const { cartDrawerOpen } = useSnapshot(ui)
  const cart = useCart()
  const { lines, total, loading, error, items, count } = cart

  useViewCartEvent(cartDrawerOpen, cart)
  useRecheckCartOnView(cartDrawerOpen, items)
  const changes = useCartChanges(cart)
  const { priceChanges } = changes

  return (
    <ListDrawer
      open={cartDrawerOpen}
      onClose={closeCart}
      title={t('cart.drawer-title')}
      titleId="cart-drawer-title"
      className="cart-drawer"
      shown={lines.length}
      count={count}
      loading={loading}
      errorText={error && t('cart.load-error')}
      emptyText={t('cart.empty')}
      listLabel={t('cart.items-label')}
      notice={
        <PriceChangeNotice changes={priceChanges} onDismiss={() => acknowledgePriceChanges(priceChanges)} />
      }
      footer={
        <>
          <p className="side-drawer__total">
            <span>{t('cart.total')}</span> <strong data-testid="cart-total">{taka(total)}</strong>
          </p>
          <Link
            to="/checkout"
            className="button button--block"
            onClick={() => {
              // going on to checkout with the changed prices in view counts as having seen them
              acknowledgePriceChanges(priceChanges)
              closeCart()
            }}
          >
            {t('cart.place-order')}
          </Link>
        </>
      }
    >
      {lines.map((line) => (
        <CartLineItem
          key={line.sku}
          line={line}
          onQuantity={(quantity) => setCartQuantity(line.sku, quantity)}
          onRemove={() => removeFromCart(line.sku)}
          priceChange={changes.priceChangeOf(line.sku)}
          shortfall={changes.shortfallOf(line.sku)}
        />
      ))}
    </ListDrawer>
  )
}
