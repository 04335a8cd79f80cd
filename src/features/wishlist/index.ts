// Public face of the wish list feature: its drawer (storefront §3). The list itself is src/state/wishlist.ts.
export { WishlistDrawer } from './lazy-drawer'
