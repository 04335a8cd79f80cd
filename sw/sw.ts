/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { setUpBackgroundSync } from './background-sync'
import { setUpMessages } from './messages'
import { setUpNavigation } from './navigation'
import { setUpPrecache } from './precache'
import { setUpRuntimeCaches } from './runtime-caches'

declare const self: ServiceWorkerGlobalScope
declare const __BUILD_ID__: string

// Order matters: workbox-routing tries routes in registration order, so the precache (exact URLs
// of this build) answers first, then the navigation fallback, then the runtime caches.
setUpPrecache(self.__WB_MANIFEST)
setUpNavigation()
setUpRuntimeCaches()
setUpMessages(__BUILD_ID__)
setUpBackgroundSync()

// The first worker takes control of the page that installed it, so a shopper who loses the
// network right after the first visit still has the cached shell. Updates do not skip waiting:
// they wait for the shopper's "Update" (SKIP_WAITING message).
clientsClaim()
