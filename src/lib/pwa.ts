import {
  isWorkerToPageMessage,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
} from '../../sw/protocol/messages'
import { isStandalone } from './display-mode'

/** Called when a new build is installed and waiting; call `apply` when the shopper accepts. */
export type UpdateReadyHandler = (apply: () => void) => void

/** How long after the page's load event the worker is registered. */
const REGISTER_AFTER_LOAD_MS = 2000

/**
 * Registers the worker a moment after the page has loaded, once the main thread is idle: installing it
 * downloads the whole shell for offline use, which must not compete with the first page's own data
 * and images on a slow connection.
 */
export function registerServiceWorkerWhenIdle(onUpdateReady: UpdateReadyHandler): void {
  const register = () =>
    void import('./pwa-register').then(({ registerServiceWorker }) => registerServiceWorker(onUpdateReady))
  const later = () =>
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(register, { timeout: 2000 })
      else register()
    }, REGISTER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}

/** Sends a message to the active worker and waits for its answer (null without a worker or on timeout). */
export async function sendToWorker(
  message: PageToWorkerMessage,
  timeoutMs = 3000,
): Promise<WorkerToPageMessage | null> {
  if (!('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration()
  const worker = navigator.serviceWorker.controller ?? registration?.active
  if (!worker) return null
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = window.setTimeout(() => resolve(null), timeoutMs)
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      window.clearTimeout(timer)
      resolve(isWorkerToPageMessage(event.data) ? event.data : null)
    }
    worker.postMessage(message, [channel.port2])
  })
}

/** Calls back with each message the worker sends to every open page (not answers to a request). */
export function listenToWorker(onMessage: (message: WorkerToPageMessage) => void): void {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isWorkerToPageMessage(event.data)) onMessage(event.data)
  })
}

/**
 * Asks the browser to wake the worker under this Background Sync tag once it has a connection, even with
 * the page closed. Where the browser has no Background Sync (Firefox, Safari), the app's next start does it.
 */
export function requestBackgroundSync(tag: string): void {
  if (!('serviceWorker' in navigator)) return
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync
      return sync?.register(tag)
    })
    .catch(() => undefined)
}

/** At logout: asks the worker to drop every cache entry that could be the shopper's own. */
export async function clearPrivateCaches(): Promise<void> {
  await sendToWorker({ type: 'CLEAR_PRIVATE' })
}

/**
 * Installed apps ask for persistent storage, so the browser does not evict the cached shell,
 * images and catalogue under storage pressure. Browsers decide on their own; a refusal is fine.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!isStandalone() || !navigator.storage?.persist) return false
  try {
    if (await navigator.storage.persisted()) return true
    return await navigator.storage.persist()
  } catch {
    return false
  }
}
