import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { formatTaka } from '../../lib/money'
import { removeFromCart, setCartQuantity } from '../../state/cart'
import { setCartDrawer, ui } from '../../state/ui'
import { useCart } from '../../state/use-list-lines'
import { SideDrawer } from '../../ui/side-drawer'
import { CartLineItem } from './cart-line-item'
import { PriceChangeNotice } from './price-change-notice'
import { acknowledgePriceChanges, useCartChanges, useRecheckCartOnView } from './use-cart-changes'
import { useViewCartEvent } from './use-view-cart'

const closeCart = () => setCartDrawer(false)

/** Cart drawer (SPEC §2), mounted once by the shell; open state is `ui.cartDrawerOpen`. */
export function CartDrawer() {
  const { cartDrawerOpen } = useSnapshot(ui)
  const cart = useCart()
  const { lines, total, loading, error, items, count } = cart

  // SPEC §4: removing the last item closes the drawer; the items counted are the lines shown
  const previousCount = useRef(count)
  useEffect(() => {
    if (previousCount.current > 0 && count === 0 && ui.cartDrawerOpen) closeCart()
    previousCount.current = count
  }, [count])

  useViewCartEvent(cartDrawerOpen, cart)
  useRecheckCartOnView(cartDrawerOpen, items)
  const changes = useCartChanges(cart)
  const { priceChanges } = changes

  return (
    <SideDrawer
      open={cartDrawerOpen}
      onClose={closeCart}
      labelledBy="cart-drawer-title"
      className="cart-drawer"
    >
      <header className="side-drawer__header">
        <h2 id="cart-drawer-title" className="side-drawer__title">
          Shopping Cart <span className="side-drawer__count">({lines.length})</span>
        </h2>
        <button type="button" className="side-drawer__close" onClick={closeCart}>
          Close
        </button>
      </header>
      <div className="side-drawer__content">
        {loading ? (
          <p className="side-drawer__status" role="status">
            Loading…
          </p>
        ) : error ? (
          <p className="side-drawer__status" role="alert">
            The items in your cart could not be loaded. Check your connection and try again.
          </p>
        ) : lines.length === 0 ? (
          <p className="side-drawer__empty">Empty Cart</p>
        ) : (
          <>
            <PriceChangeNotice
              changes={priceChanges}
              onDismiss={() => acknowledgePriceChanges(priceChanges)}
            />
            <ul className="drawer-lines" aria-label="Items in your cart">
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
            </ul>
          </>
        )}
      </div>
      {lines.length > 0 && (
        <footer className="side-drawer__footer">
          <p className="side-drawer__total">
            <span>Total</span> <strong data-testid="cart-total">{formatTaka(total)}</strong>
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
            Place Order
          </Link>
        </footer>
      )}
    </SideDrawer>
  )
}
