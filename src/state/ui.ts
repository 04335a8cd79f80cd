import type { ReactNode } from 'react'
import { proxy, ref } from 'valtio'

/**
 * The one proxy of short-lived UI flags (storefront §3 "Global state" and "UI flags").
 * Server data never lives here: it belongs to TanStack Query. Read with `useSnapshot(ui)`,
 * change only through the actions below.
 */
export const ui = proxy({
  /** the shared popup's content; null when no popup is shown */
  popup: null as ReactNode | null,
  mobileFilterOpen: false,
  navbarOpen: false,
  searchOverlayOpen: false,
  isMobile: false,
  /** product slug -> whether the signed-in shopper has reviewed it */
  isUserReviewed: {} as Record<string, boolean>,
  /** product slug of the product shown in the quick view, null when closed */
  quickView: null as string | null,
  logInModal: false,
  /** where a successful login goes */
  backPath: '/user',
  cartDrawerOpen: false,
  wishlistDrawerOpen: false,
  /** the open page's own title (a product's); null when the page has none and the shop's title stands */
  pageTitle: null as string | null,
})

export const MOBILE_BREAKPOINT = 768

export function setPopup(element: ReactNode | null) {
  // a React element must stay as it is: `ref` keeps the proxy from wrapping it
  ui.popup = element !== null && typeof element === 'object' ? ref(element) : element
}
/** The open page names itself while it is shown (null again when it goes). */
export function setPageTitle(title: string | null) {
  ui.pageTitle = title
}
export function closePopup() {
  ui.popup = null
}
export function setMobileFilter(open: boolean) {
  ui.mobileFilterOpen = open
}
export function setNavbarOpen(open: boolean) {
  ui.navbarOpen = open
}
export function setSearchOverlay(open: boolean) {
  ui.searchOverlayOpen = open
}
export function setIsMobile(isMobile: boolean) {
  ui.isMobile = isMobile
}
export function setUserReviewed(slug: string, reviewed: boolean) {
  ui.isUserReviewed[slug] = reviewed
}
export function openQuickView(slug: string) {
  ui.quickView = slug
}
export function closeQuickView() {
  ui.quickView = null
}
/** Opens the login modal; a successful login then navigates to `backPath`. */
export function openLogInModal(backPath = '/user') {
  ui.backPath = backPath
  ui.logInModal = true
}
export function closeLogInModal() {
  ui.logInModal = false
}
export function setCartDrawer(open: boolean) {
  ui.cartDrawerOpen = open
  if (open) ui.wishlistDrawerOpen = false
}
export function setWishlistDrawer(open: boolean) {
  ui.wishlistDrawerOpen = open
  if (open) ui.cartDrawerOpen = false
}
