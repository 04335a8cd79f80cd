import { Link } from '@tanstack/react-router'
import { t } from '../i18n'
import { setCartDrawer, setNavbarOpen, setSearchOverlay, setWishlistDrawer } from '../state/ui'
import { useCartCount, useWishlistCount } from '../state/use-list-lines'
import { CartIcon, GridIcon, HeartIcon, HomeIcon, SearchIcon } from '../ui/icons'
import { CountBadge } from './header'

/** storefront §2 mobile bottom bar: Home, Category, Search, Cart, Wishlist. */
export function BottomBar() {
  const cartCount = useCartCount()
  const wishlistCount = useWishlistCount()
  return (
    <nav className="bottom-bar" aria-label={t('shell.shortcuts')}>
      <Link to="/" className="bottom-bar__item">
        <HomeIcon />
        <span>{t('shell.home')}</span>
      </Link>
      <button type="button" className="bottom-bar__item" onClick={() => setNavbarOpen(true)}>
        <GridIcon />
        <span>{t('shell.category')}</span>
      </button>
      <button type="button" className="bottom-bar__item" onClick={() => setSearchOverlay(true)}>
        <SearchIcon />
        <span>{t('shell.search')}</span>
      </button>
      <button
        type="button"
        className="bottom-bar__item"
        aria-label={t('shell.cart-count', { count: cartCount })}
        onClick={() => setCartDrawer(true)}
      >
        <CartIcon />
        <CountBadge count={cartCount} />
        <span aria-hidden="true">{t('shell.cart')}</span>
      </button>
      <button
        type="button"
        className="bottom-bar__item"
        aria-label={t('shell.wishlist-count-short', { count: wishlistCount })}
        onClick={() => setWishlistDrawer(true)}
      >
        <HeartIcon />
        <CountBadge count={wishlistCount} />
        <span aria-hidden="true">{t('shell.wishlist')}</span>
      </button>
    </nav>
  )
}
