// Public face of the cart feature. (Placeholders until the cart work lands.)
import type { ReactNode } from 'react'

/** Cart drawer (SPEC §2), mounted once by the shell; open state is `ui.cartDrawerOpen`. */
export function CartDrawer(): ReactNode {
  return null
}
/** Floating cart button for large screens (SPEC §2). */
export function FloatingCart(): ReactNode {
  return null
}
/** Number of items in the local cart, for badges. */
export function useCartCount(): number {
  return 0
}
