import { Workbox } from 'workbox-window'
import {
  isWorkerToPageMessage,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
} from '../../sw/messages-protocol'

/** How often an open tab asks the server whether a new build exists. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000

/** Called when a new build is installed and waiting; call `apply` when the shopper accepts. */
export type UpdateReadyHandler = (apply: () => void) => void

let workbox: Workbox | null = null

/**
 * Registers the service worker in prompt mode: a new build never activates on its own (that would
 * swap code under an open page); `onUpdateReady` shows the prompt, and accepting activates the new
 * worker and reloads this tab exactly once. Other tabs keep their page, still able to lazy-load
 * their own chunks (the worker keeps previous builds' assets), and are offered the update too.
 */
export function registerServiceWorker(onUpdateReady: UpdateReadyHandler): void {
  if (!('serviceWorker' in navigator) || workbox) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  workbox = wb
  let accepted = false
  let reloaded = false

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the tab whose shopper pressed "Update" reloads; a tab that declined keeps its page.
    if (!accepted || reloaded) return
    reloaded = true
    window.location.reload()
  })

  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      accepted = true
      void navigator.serviceWorker.getRegistration().then((registration) => {
        const message: PageToWorkerMessage = { type: 'SKIP_WAITING' }
        registration?.waiting?.postMessage(message)
      })
    })
  })

  void wb.register().catch(() => undefined)

  const checkForUpdate = () => {
    if (navigator.onLine) void wb.update().catch(() => undefined)
  }
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS)
  window.addEventListener('online', checkForUpdate)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate()
  })
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

/** At logout: asks the worker to drop every cache entry that could be the shopper's own. */
export async function clearPrivateCaches(): Promise<void> {
  await sendToWorker({ type: 'CLEAR_PRIVATE' })
}

/** True when the app runs from the home screen (installed), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches
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
