import { Workbox } from 'workbox-window'
import type { PageToWorkerMessage } from '../../sw/messages-protocol'
import type { UpdateReadyHandler } from './pwa'

/** How often an open tab asks the server whether a new build exists. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000

let registered = false

/**
 * Registers the service worker in prompt mode: a new build never activates on its own (that would
 * swap code under an open page); `onUpdateReady` shows the prompt, and accepting activates the new
 * worker and reloads this tab exactly once. Other tabs keep their page, still able to lazy-load
 * their own chunks (the worker keeps previous builds' assets), and are offered the update too.
 */
export function registerServiceWorker(onUpdateReady: UpdateReadyHandler): void {
  if (!('serviceWorker' in navigator) || registered) return
  registered = true
  const wb = new Workbox('/sw.js', { scope: '/' })
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
