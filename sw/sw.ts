/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'

declare const self: ServiceWorkerGlobalScope

// The precache manifest is injected at build time: hashed app-shell assets.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
