// Public face of the cart feature (storefront §3): the drawer, the floating cart and the /cart page. The
// local cart itself is src/state/cart.ts.

export { CartPage } from './cart-page'
export { FloatingCart } from './floating-cart'
export { CartDrawer } from './lazy-drawer'
