import { Link } from '@tanstack/react-router'
import { setCartDrawer, setNavbarOpen, setSearchOverlay, setWishlistDrawer } from '../state/ui'
import { useCartCount, useWishlistCount } from '../state/use-list-lines'
import { CartIcon, GridIcon, HeartIcon, HomeIcon, SearchIcon } from '../ui/icons'
import { CountBadge } from './header'

/** SPEC §2 mobile bottom bar: Home, Category, Search, Cart, Wishlist. */
export function BottomBar() {
  const cartCount = useCartCount()
  const wishlistCount = useWishlistCount()
  return (
    <nav className="bottom-bar" aria-label="Shortcuts">
      <Link to="/" className="bottom-bar__item">
        <HomeIcon />
        <span>Home</span>
      </Link>
      <button type="button" className="bottom-bar__item" onClick={() => setNavbarOpen(true)}>
        <GridIcon />
        <span>Category</span>
      </button>
      <button type="button" className="bottom-bar__item" onClick={() => setSearchOverlay(true)}>
        <SearchIcon />
        <span>Search</span>
      </button>
      <button
        type="button"
        className="bottom-bar__item"
        aria-label={`Cart, ${cartCount} items`}
        onClick={() => setCartDrawer(true)}
      >
        <CartIcon />
        <CountBadge count={cartCount} />
        <span aria-hidden="true">Cart</span>
      </button>
      <button
        type="button"
        className="bottom-bar__item"
        aria-label={`Wishlist, ${wishlistCount} items`}
        onClick={() => setWishlistDrawer(true)}
      >
        <HeartIcon />
        <CountBadge count={wishlistCount} />
        <span aria-hidden="true">Wishlist</span>
      </button>
    </nav>
  )
}
