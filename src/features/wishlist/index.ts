// Public face of the wish list feature: the local wish list (SPEC §3) and its drawer.
import { useListLines } from '../cart'
import { useWishlistDocument } from './wishlist-store'

export { AddToWishlistButton } from './add-to-wishlist-button'
export { WishlistDrawer } from './lazy-drawer'
export {
  addToWishlist,
  clearWishlist,
  isWishlisted,
  removeFromWishlist,
  useWishlistDocument,
  WISHLIST_KEY,
} from './wishlist-store'

/** Number of items in the local wish list, for badges (entries whose product is gone are not counted). */
export function useWishlistCount(): number {
  return useListLines(useWishlistDocument().items, { fallbackSku: true }).count
}
