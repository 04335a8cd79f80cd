/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { cacheNames } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { CACHE_NAMES } from './protocol/messages'

declare const self: ServiceWorkerGlobalScope

/** Vite puts every hashed build file here; the hash in the name makes each URL immutable. */
const isHashedAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/')

/**
 * Copies the hashed assets the current precache holds into the assets archive.
 *
 * Why: when a new build activates, workbox-precaching deletes from the precache every URL the new
 * manifest no longer lists, and the server no longer has the old files either (each deploy replaces
 * the static folder). A tab still running the previous build then asks for one of its own lazily
 * loaded route chunks, misses, and the route fails to load. Running this in the *new* worker's
 * install step, before its activation cleans up, keeps the previous build's chunks reachable
 * through the cache-first `/assets/` route below for as long as such a tab lives.
 */
async function archivePrecachedAssets(): Promise<void> {
  const precache = await caches.open(cacheNames.precache)
  const archive = await caches.open(CACHE_NAMES.assets)
  const requests = await precache.keys()
  await Promise.all(
    requests
      .filter((request) => isHashedAsset(new URL(request.url)))
      .map(async (request) => {
        if (await archive.match(request)) return
        const response = await precache.match(request)
        if (response?.ok) await archive.put(request, response)
      }),
  )
}

export function setUpPrecache(manifest: Array<PrecacheEntry | string>): void {
  // Registered before precacheAndRoute's own install listener: both run in the same install event,
  // and this one reads only what the *previous* build left in the precache, which is not touched
  // until activation.
  self.addEventListener('install', (event) => {
    event.waitUntil(archivePrecachedAssets().catch(() => undefined))
  })

  // The app shell: index.html, hashed JS/CSS, icons. Served from cache first; a new build brings a
  // new manifest and so a new worker, which is how updates reach the shopper.
  precacheAndRoute(manifest)
  // Precaches written by older workbox versions use other cache names; drop them.
  cleanupOutdatedCaches()

  // Requests for hashed assets the current precache does not list (chunks of an older build still
  // running in some tab). Hashed URLs never change content, so cache-first is always correct.
  // Only real 200 answers are kept: a server answering a missing chunk with its HTML fallback
  // would otherwise poison the archive (the content-type check guards that case).
  registerRoute(
    ({ url }) => isHashedAsset(url),
    new CacheFirst({
      cacheName: CACHE_NAMES.assets,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        {
          cacheWillUpdate: async ({ response }) =>
            response.headers.get('content-type')?.includes('text/html') ? null : response,
        },
        // Several builds' worth of chunks, dropped a month after they were last used.
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  )
}
