/// <reference lib="webworker" />
import {
  CACHE_NAMES,
  isPageToWorkerMessage,
  PRIVATE_CACHE_PREFIX,
  type WorkerToPageMessage,
} from './protocol/messages'

declare const self: ServiceWorkerGlobalScope

/**
 * Deletes everything that could belong to the shopper who is logging out: whole private caches,
 * plus any /api/ entry found in a shared runtime cache (none should exist, the worker never caches
 * the API; this is the belt to that braces).
 */
async function clearPrivate(): Promise<number> {
  let deleted = 0
  for (const name of await caches.keys()) {
    if (name.startsWith(PRIVATE_CACHE_PREFIX)) {
      const cache = await caches.open(name)
      deleted += (await cache.keys()).length
      await caches.delete(name)
    }
  }
  for (const name of Object.values(CACHE_NAMES)) {
    if (!(await caches.has(name))) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/api/') && (await cache.delete(request))) deleted += 1
    }
  }
  return deleted
}

function reply(event: ExtendableMessageEvent, message: WorkerToPageMessage) {
  event.ports[0]?.postMessage(message)
}

export function setUpMessages(buildId: string): void {
  self.addEventListener('message', (event) => {
    const message: unknown = event.data
    if (!isPageToWorkerMessage(message)) return
    switch (message.type) {
      case 'SKIP_WAITING':
        // Only ever on the shopper's request ("Update"): activating on our own would swap the
        // worker under open tabs mid-session.
        void self.skipWaiting()
        break
      case 'CLEAR_PRIVATE':
        event.waitUntil(
          clearPrivate().then((deletedEntries) => reply(event, { type: 'PRIVATE_CLEARED', deletedEntries })),
        )
        break
      case 'GET_VERSION':
        reply(event, { type: 'VERSION', buildId })
        break
    }
  })
}
