import { Workbox } from 'workbox-window'
import type { PageToWorkerMessage } from '../../sw/protocol/messages'
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
  const reloadOnce = () => {
    if (reloaded) return
    reloaded = true
    window.location.reload()
  }

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the tab whose shopper pressed "Update" reloads; a tab that declined keeps its page.
    if (accepted) reloadOnce()
  })

  /**
   * Asks the waiting worker to take over, and asks again a few times until this tab has reloaded: a
   * worker still finishing its install has no `waiting` slot yet, and a message can be lost. A new
   * worker already in control (another tab accepted first) needs only the reload.
   */
  const activateWaiting = (attemptsLeft: number) => {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (reloaded) return
      const message: PageToWorkerMessage = { type: 'SKIP_WAITING' }
      if (registration?.waiting) registration.waiting.postMessage(message)
      else if (registration?.active && registration.active !== navigator.serviceWorker.controller)
        reloadOnce()
      if (attemptsLeft > 0) window.setTimeout(() => activateWaiting(attemptsLeft - 1), 3_000)
    })
  }

  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      accepted = true
      activateWaiting(5)
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
