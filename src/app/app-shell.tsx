import { Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { authState, LoginModal } from '../features/auth'
import { CartDrawer, FloatingCart } from '../features/cart'
import { InstallBanner } from '../features/install'
import { OfflineBanner } from '../features/offline'
import { QuickViewModal } from '../features/product'
import { SearchOverlay } from '../features/search'
import { WishlistDrawer } from '../features/wishlist'
import { t } from '../i18n'
import { applyTheme, storedTheme } from '../lib/theme'
import { useCurrentUser, useSessionCheckAtStart } from '../state/session'
import { setMobileFilter, ui } from '../state/ui'
import { ProgressBar } from '../ui/progress-bar'
import { BottomBar } from './bottom-bar'
import { Header } from './header'
import { Footer, MenuDrawer, OnceOpened, ServerCartSync } from './overlays'
import { watchViewport } from './viewport'

applyTheme(storedTheme())
watchViewport()

function PopupHost() {
  const { popup } = useSnapshot(ui)
  return <>{popup}</>
}

/** Overlays load with their first opening; once there they stay, so closing can play its animation. */
function Overlays() {
  const { navbarOpen, searchOverlayOpen, cartDrawerOpen, wishlistDrawerOpen, quickView, logInModal } =
    useSnapshot(ui)
  const { otp } = useSnapshot(authState)
  const signedIn = useCurrentUser() !== null
  return (
    <>
      {/* the server cart only exists for a signed-in shopper */}
      <OnceOpened open={signedIn}>
        <ServerCartSync />
      </OnceOpened>
      <OnceOpened open={navbarOpen}>
        <MenuDrawer />
      </OnceOpened>
      <OnceOpened open={searchOverlayOpen}>
        <SearchOverlay />
      </OnceOpened>
      <OnceOpened open={cartDrawerOpen}>
        <CartDrawer />
      </OnceOpened>
      <OnceOpened open={wishlistDrawerOpen}>
        <WishlistDrawer />
      </OnceOpened>
      <OnceOpened open={quickView !== null}>
        <QuickViewModal />
      </OnceOpened>
      <OnceOpened open={logInModal || Boolean(otp)}>
        <LoginModal />
      </OnceOpened>
    </>
  )
}

/** The page frame around every route (storefront §2 shell elements); the back office (/admin) brings its own. */
export function AppShell() {
  const router = useRouter()
  const { isMobile } = useSnapshot(ui)
  const backOffice = useRouterState({ select: (state) => /^\/admin(\/|$)/.test(state.location.pathname) })
  useSessionCheckAtStart()

  useEffect(
    () =>
      // the filter modal belongs to one listing: leaving the page closes it (menu links close the drawer)
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) setMobileFilter(false)
      }),
    [router],
  )

  if (backOffice) return <Outlet />
  return (
    <>
      <a href="#main" className="skip-link">
        {t('shell.skip')}
      </a>
      <ProgressBar />
      <OfflineBanner />
      <Header />
      <main id="main" className="site-main container" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {isMobile ? <BottomBar /> : <FloatingCart />}
      <Overlays />
      <InstallBanner />
      <PopupHost />
    </>
  )
}
