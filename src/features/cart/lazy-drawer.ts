import { lazy } from 'react'

/** The cart drawer, its code loaded when the cart first opens (render it inside Suspense). */
export const CartDrawer = lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer })))
