/// <reference lib="webworker" />
import type { WorkerToPageMessage } from './protocol/messages'
import { ORDER_OUTBOX_SYNC_TAG, readOutbox, sendFromOutbox } from './protocol/order-outbox'

declare const self: ServiceWorkerGlobalScope

/** Background Sync's event (Chromium); not in TypeScript's worker types. */
type SyncEvent = ExtendableEvent & { tag: string }

/** How long one background attempt waits for the server before the browser schedules the next. */
const SEND_TIMEOUT_MS = 30_000

async function sendWaitingOrders(): Promise<void> {
  const waiting = (await readOutbox()).filter((entry) => entry.state === 'waiting')
  const results = await Promise.allSettled(waiting.map((entry) => sendFromOutbox(entry, SEND_TIMEOUT_MS)))
  const message: WorkerToPageMessage = { type: 'OUTBOX_CHANGED' }
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message)
  // an order still without an answer fails the sync, so the browser tries again later
  if (results.some((result) => result.status === 'rejected')) throw new Error('an order is still waiting')
}

/**
 * Orders placed on a link that answered nothing wait in the outbox; where the browser has Background
 * Sync, it wakes this worker once the connection is back, even with every tab of the shop closed.
 */
export function setUpBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent
    if (sync.tag === ORDER_OUTBOX_SYNC_TAG) sync.waitUntil(sendWaitingOrders())
  })
}
