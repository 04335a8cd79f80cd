// Public face of the cart feature: the local cart (SPEC §3), its drawer and the floating cart.
import { useCart } from './use-cart-lines'

export { setListOwner } from '../../lib/local-list'
export { pushViewCart } from './analytics'
export {
  priceChangeText,
  type StockShortfall,
  stockShortfalls,
  stockShortfallText,
} from './cart-changes'
export { CartDrawer } from './cart-drawer'
export { CartLineItem, xsImage } from './cart-line-item'
export {
  buildCartLines,
  type CartLine,
  canDecrease,
  canIncrease,
  cartTotal,
  clampQuantity,
  maxQuantity,
} from './cart-lines'
export { cartKeys, cartProductsQuery } from './cart-queries'
export {
  addToCart,
  CART_KEY,
  cartList,
  clearCart,
  forgetDeviceCart,
  removeFromCart,
  setCartQuantity,
  useCartDocument,
} from './cart-store'
export { FloatingCart } from './floating-cart'
export { QuantityStepper } from './quantity-stepper'
export { SideDrawer } from './side-drawer'
export {
  acknowledgePriceChanges,
  type CartChanges,
  useCartChanges,
  useRecheckCartOnView,
} from './use-cart-changes'
export { type LinesState, useCart, useListLines } from './use-cart-lines'
export { useViewCartEvent } from './use-view-cart'

/** Number of items in the local cart, for badges (lines whose product is gone are not counted). */
export function useCartCount(): number {
  return useCart().count
}
