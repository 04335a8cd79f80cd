import { lazy } from 'react'

/** The wish list drawer, its code loaded when the wish list first opens (render it inside Suspense). */
export const WishlistDrawer = lazy(() =>
  import('./wishlist-drawer').then((m) => ({ default: m.WishlistDrawer })),
)
