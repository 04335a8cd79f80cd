import { Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect, useLayoutEffect } from 'react'
import { useSnapshot } from 'valtio'
import { authState, LoginModal } from '../features/auth'
import { CartDrawer, FloatingCart } from '../features/cart'
import { InstallBanner } from '../features/install'
import { OfflineBanner } from '../features/offline'
import { QuickViewModal } from '../features/product'
import { SearchOverlay } from '../features/search'
import { WishlistDrawer } from '../features/wishlist'
import { t, useLanguage } from '../i18n'
import { applyTheme, storedTheme } from '../lib/theme'
import { useCurrentUser, useSessionCheckAtStart } from '../state/session'
import { shopTitle, useShop } from '../state/shop'
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

/**
 * The storefront's one writer of the document's title: the open page's own (a product's) while it is shown, else
 * the shop's as its settings say once they are read (index.html's is the first start's). One writer, so no order
 * of renders can leave a page under another's title.
 */
function useShopTitle(storefront: boolean) {
  const shops = shopTitle(useShop(), useLanguage())
  const { pageTitle } = useSnapshot(ui)
  const title = pageTitle ?? shops
  useLayoutEffect(() => {
    if (storefront && title) document.title = title
  }, [storefront, title])
}

/** The page frame around every route (storefront §2 shell elements); the back office (/admin) brings its own. */
export function AppShell() {
  const router = useRouter()
  const { isMobile } = useSnapshot(ui)
  const backOffice = useRouterState({ select: (state) => /^\/admin(\/|$)/.test(state.location.pathname) })
  useSessionCheckAtStart()
  useShopTitle(!backOffice)
  // the ad and analytics tags' code loads only where the shop switched one on (docs/marketing-pixels.md)
  const tags = useShop()?.track
  useEffect(() => {
    if (tags && !backOffice) void import('../features/tracking').then((t) => t.startTracking(tags, router))
  }, [tags, backOffice, router])

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
