/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { setUpBackgroundSync } from './background-sync'
import { setUpMessages } from './messages'
import { setUpCampaignLandings, setUpNavigation } from './navigation'
import { setUpPrecache } from './precache'
import { setUpPush } from './push'
import { setUpRuntimeCaches, setUpShopManifest } from './runtime-caches'

declare const self: ServiceWorkerGlobalScope
declare const __BUILD_ID__: string

// Order matters: workbox-routing tries routes in registration order, so the shop's manifest (named by the
// server, not the build) comes from the network, and so does a page opened from an ad or a campaign's link
// (the server keeps the landing), then the precache (exact URLs of this build) answers, then the navigation
// fallback, then the runtime caches.
setUpShopManifest()
setUpCampaignLandings()
setUpPrecache(self.__WB_MANIFEST)
setUpNavigation()
setUpRuntimeCaches()
setUpMessages(__BUILD_ID__)
setUpBackgroundSync()
setUpPush()

// The first worker takes control of the page that installed it, so a shopper who loses the
// network right after the first visit still has the cached shell. Updates do not skip waiting:
// they wait for the shopper's "Update" (SKIP_WAITING message).
clientsClaim()
