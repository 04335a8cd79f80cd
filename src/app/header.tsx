import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { SearchBox } from '../features/search'
import { figure, t } from '../i18n'
import { builtInShop, telHref } from '../lib/shop'
import { menuQuery } from '../state/menu'
import { useShop } from '../state/shop'
import { setNavbarOpen, setWishlistDrawer, ui } from '../state/ui'
import { useWishlistCount } from '../state/use-list-lines'
import { HeartIcon, MenuIcon, PhoneIcon } from '../ui/icons'
import { ThemeToggle } from '../ui/theme-toggle'
import { LanguageSwitch } from './language-switch'
import { Logo } from './logo'
import { MainMenu } from './main-menu'
import { UserButton } from './user-button'

export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span className="badge" aria-hidden="true">
      {count > 99 ? t('shell.many') : figure(count)}
    </span>
  )
}

function DesktopHeader() {
  const wishlistCount = useWishlistCount()
  const phone = (useShop() ?? builtInShop).phones[0] ?? ''
  return (
    <header className="site-header site-header--desktop">
      <div className="site-header__row container">
        <Logo />
        <SearchBox />
        <a className="site-header__phone" href={telHref(phone)}>
          <PhoneIcon /> <span>{phone}</span>
        </a>
        <LanguageSwitch />
        <ThemeToggle />
        <button
          type="button"
          className="icon-button"
          aria-label={t('shell.wishlist-count', { count: wishlistCount })}
          onClick={() => setWishlistDrawer(true)}
        >
          <HeartIcon />
          <CountBadge count={wishlistCount} />
        </button>
        <UserButton />
      </div>
      <div className="site-header__menu">
        <div className="container">
          <MainMenu />
        </div>
      </div>
    </header>
  )
}

function MobileHeader() {
  // the drawer's main menu is asked for (or taken from the early answer) with the page, as the desktop
  // header's is: the saved copy then opens the drawer offline, though it was never opened online
  useQuery({ ...menuQuery('main_menu'), notifyOnChangeProps: [] })
  return (
    <header className="site-header site-header--mobile">
      <div className="site-header__row container">
        <button
          type="button"
          className="icon-button"
          aria-label={t('shell.open-menu')}
          onClick={() => setNavbarOpen(true)}
        >
          <MenuIcon />
        </button>
        <Logo />
        <div className="site-header__end">
          <ThemeToggle />
          <UserButton />
        </div>
      </div>
    </header>
  )
}

/** storefront §2 header: the desktop layout, or below 768 px the phone layout. */
export function Header() {
  const { isMobile } = useSnapshot(ui)
  return isMobile ? <MobileHeader /> : <DesktopHeader />
}
