import { useRouterState } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { t, taka } from '../../i18n'
import { setCartDrawer, ui } from '../../state/ui'
import { useCart } from '../../state/use-list-lines'
import './cart.css'

/** storefront §2: the floating cart stays away from these pages. */
export const FLOATING_CART_HIDDEN_ON = ['/checkout', '/confirm-order']

export function floatingCartHidden(pathname: string, drawerOpen: boolean): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return drawerOpen || FLOATING_CART_HIDDEN_ON.includes(path)
}

/** Floating cart button for large screens (storefront §2): item count and total; opens the cart drawer. */
export function FloatingCart() {
  const { cartDrawerOpen } = useSnapshot(ui)
  const { count: cartCount, total: cartTotal } = useCart()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  if (floatingCartHidden(pathname, cartDrawerOpen)) return null
  const items = t('cart.item-count', { count: cartCount })
  return (
    <button
      type="button"
      className="floating-cart"
      onClick={() => setCartDrawer(true)}
      aria-label={t('cart.open-cart', { items, total: taka(cartTotal) })}
    >
      <span className="floating-cart__count">{items}</span>
      <span className="floating-cart__total">{taka(cartTotal)}</span>
    </button>
  )
}
