import { Outlet, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { applyTheme, storedTheme } from '../../lib/theme'
import { setMobileFilter, ui } from '../../state/ui'
import { ProgressBar } from '../../ui/progress-bar'
import { LoginModal } from '../auth'
import { CartDrawer, FloatingCart } from '../cart'
import { ServerCartSync } from '../cart-sync'
import { InstallBanner } from '../install'
import { OfflineBanner } from '../offline'
import { QuickViewModal } from '../quick-view'
import { SearchOverlay } from '../search'
import { WishlistDrawer } from '../wishlist'
import { BottomBar } from './bottom-bar'
import { Footer } from './footer'
import { Header } from './header'
import { MenuDrawer } from './menu-drawer'
import { watchViewport } from './viewport'

applyTheme(storedTheme())
watchViewport()

function PopupHost() {
  const { popup } = useSnapshot(ui)
  return <>{popup}</>
}

/** The page frame around every route (SPEC §2 shell elements). */
export function AppShell() {
  const router = useRouter()
  const { isMobile } = useSnapshot(ui)

  useEffect(
    () =>
      // the filter modal belongs to one listing: leaving the page closes it (menu links close the drawer)
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) setMobileFilter(false)
      }),
    [router],
  )

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ProgressBar />
      <OfflineBanner />
      <Header />
      <main id="main" className="site-main container" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {isMobile ? <BottomBar /> : <FloatingCart />}
      <MenuDrawer />
      <SearchOverlay />
      <CartDrawer />
      <ServerCartSync />
      <WishlistDrawer />
      <QuickViewModal />
      <LoginModal />
      <InstallBanner />
      <PopupHost />
    </>
  )
}
