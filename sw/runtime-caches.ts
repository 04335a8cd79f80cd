/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { CACHE_NAMES } from './protocol/messages'

declare const self: ServiceWorkerGlobalScope
/** `/media`, or the CDN/bucket address the app was built with (MEDIA_PUBLIC_URL) */
declare const __MEDIA_URL__: string

const DAY = 24 * 60 * 60
const sameOrigin = (url: URL) => url.origin === self.location.origin

/**
 * Only complete same-origin 200 answers are stored. An opaque answer (status 0) is padded to
 * several MB in the storage quota and could be an error page; a 206 is a fragment of an image.
 */
const onlyOk = () => new CacheableResponsePlugin({ statuses: [200] })

const mediaBase = () => new URL(`${__MEDIA_URL__.replace(/\/+$/, '')}/`, self.location.origin)

/**
 * An image from a CDN or bucket is asked for with CORS (the bucket allows the shop's origin), so its
 * answer is a readable 200 that can be kept, not an opaque one.
 */
const readableAcrossOrigins = (base: URL) => ({
  requestWillFetch: async ({ request }: { request: Request }) =>
    base.origin === self.location.origin
      ? request
      : new Request(request.url, { mode: 'cors', credentials: 'omit' }),
})

/**
 * The web app manifest names the shop as its settings do now (the server writes the name into it): asked of
 * the network first, so a renamed shop reaches the install dialog and the home screen, and the last copy
 * offline. Registered before the precache, which also lists the build's own copy.
 */
export function setUpShopManifest(): void {
  registerRoute(
    ({ url, request }) =>
      sameOrigin(url) && request.method === 'GET' && url.pathname === '/manifest.webmanifest',
    new NetworkFirst({ cacheName: CACHE_NAMES.storage, networkTimeoutSeconds: 5, plugins: [onlyOk()] }),
  )
}

export function setUpRuntimeCaches(): void {
  // Menus and content pages (/storage/**): small JSON the header and footer need on every page.
  // Stale-while-revalidate shows the last copy at once (offline too) and refreshes it in the
  // background, so an edited menu appears on the next page view.
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/storage/'),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.storage,
      plugins: [onlyOk(), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY })],
    }),
  )

  // Product images (/media/** and the small variants under /media/xs/**). An image path never gets
  // new content (a new photo gets a new path), so cache-first is safe and keeps browsing fast on
  // slow data. The caps bound storage: ~500 images of typically 20-100 KB stay far below the
  // 50 MB budget after browsing 50 products; the least recently used are dropped first, and the
  // whole cache is given up if the browser reports a quota error.
  const media = mediaBase()
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.href.startsWith(media.href),
    new CacheFirst({
      cacheName: CACHE_NAMES.media,
      plugins: [
        readableAcrossOrigins(media),
        onlyOk(),
        new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  )

  // Deliberately no route for /api/**: the worker lets those requests pass untouched. Catalogue
  // data is persisted by the page's query cache (with its build-id buster and 7-day age), and
  // private answers (cart, orders, profile) must never land in a cache shared by every shopper
  // of this browser.
}
