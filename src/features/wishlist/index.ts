// Public face of the wish list feature. (Placeholders until the wish list work lands.)
import type { ReactNode } from 'react'

/** Wish list drawer (SPEC §2), mounted once by the shell; open state is `ui.wishlistDrawerOpen`. */
export function WishlistDrawer(): ReactNode {
  return null
}
/** Number of items in the local wish list, for badges. */
export function useWishlistCount(): number {
  return 0
}
