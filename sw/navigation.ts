/// <reference lib="webworker" />
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/**
 * Server-owned paths a navigation may legitimately open (a JSON document, an image, the API docs,
 * the sitemap). Answering them with the app shell would show the storefront instead of the file.
 */
export const SERVER_PATHS: RegExp[] = [
  /^\/api\//,
  /^\/storage\//,
  /^\/media\//,
  /^\/docs(\/|$)/,
  /^\/sitemap[^/]*\.xml$/,
  /^\/robots\.txt$/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
  // the back office is not part of the shopper's offline app: its page always comes from the server, so a
  // release never leaves it asking for code the server no longer has
  /^\/admin(\/|$)/,
]

/**
 * Every other navigation (/, /product/x, /search?text=..., deep links typed or shared) gets the
 * precached index.html; the router then renders the page from the persisted query cache when the
 * network is gone. This is what makes a reload or a deep link work offline.
 */
export function setUpNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }))
}
