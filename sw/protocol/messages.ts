/**
 * The messages the page and the service worker exchange. This file is compiled twice (the page's
 * tsconfig and the worker's), so it uses no DOM- or worker-only types.
 *
 * Page -> worker messages are posted with a MessageChannel; the worker answers on the port it was given.
 */

/** Activate the waiting worker now (the shopper accepted "Update"). Same shape workbox-window sends. */
export type SkipWaitingMessage = { type: 'SKIP_WAITING' }
/** Logout: drop every cache entry that could belong to the signed-in shopper. */
export type ClearPrivateMessage = { type: 'CLEAR_PRIVATE' }
/** Which build is the worker serving? Used by the update flow and by tests. */
export type GetVersionMessage = { type: 'GET_VERSION' }

export type PageToWorkerMessage = SkipWaitingMessage | ClearPrivateMessage | GetVersionMessage

export type VersionReply = { type: 'VERSION'; buildId: string }
export type PrivateClearedReply = { type: 'PRIVATE_CLEARED'; deletedEntries: number }

/** The worker's background sync sent what waited in the order outbox: open pages read it again. */
export type OutboxChangedMessage = { type: 'OUTBOX_CHANGED' }

export type WorkerToPageMessage = VersionReply | PrivateClearedReply | OutboxChangedMessage

const pageToWorkerTypes: ReadonlySet<string> = new Set<PageToWorkerMessage['type']>([
  'SKIP_WAITING',
  'CLEAR_PRIVATE',
  'GET_VERSION',
])

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value
}

/** Anything may arrive through postMessage (other scripts, extensions): accept only our own shapes. */
export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  return hasType(value) && typeof value.type === 'string' && pageToWorkerTypes.has(value.type)
}

export function isWorkerToPageMessage(value: unknown): value is WorkerToPageMessage {
  if (!hasType(value)) return false
  if (value.type === 'VERSION') return 'buildId' in value && typeof value.buildId === 'string'
  if (value.type === 'PRIVATE_CLEARED') {
    return 'deletedEntries' in value && typeof value.deletedEntries === 'number'
  }
  return value.type === 'OUTBOX_CHANGED'
}

/** Names of the worker's runtime caches; the page reads them too (storage checks, logout). */
export const CACHE_NAMES = {
  /** hashed /assets/** of every build this browser has run, so an older tab can still lazy-load its chunks */
  assets: 'haat-assets',
  /** menus and pages JSON under /storage/**, and the shop's web app manifest */
  storage: 'haat-storage',
  /** product images under /media/** (full size and xs) */
  media: 'haat-media',
} as const

/** Cache-name prefixes that may hold a shopper's own data; logout deletes them whole. */
export const PRIVATE_CACHE_PREFIX = 'haat-private'
