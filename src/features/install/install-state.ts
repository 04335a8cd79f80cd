import { useSyncExternalStore } from 'react'
import { isStandalone } from '../../lib/display-mode'
import { safeLocalStorage } from '../../lib/guest-id'
import {
  INSTALL_DISMISSED_KEY,
  type InstallOffer,
  installBannerOffer,
  installOffer,
  isIosSafari,
  nextVisitCount,
  parseVisits,
  VISIT_COUNTED_KEY,
  VISITS_KEY,
} from './install-rules'

/** Chromium's install event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferredPrompt: BeforeInstallPromptEvent | null = null
let dismissed = false
const listeners = new Set<() => void>()
let snapshot = { canPrompt: false, dismissed: false }

function changed() {
  snapshot = { canPrompt: deferredPrompt !== null, dismissed }
  for (const listener of listeners) listener()
}

function sessionFlag(): boolean {
  try {
    if (window.sessionStorage.getItem(VISIT_COUNTED_KEY)) return true
    window.sessionStorage.setItem(VISIT_COUNTED_KEY, '1')
  } catch {
    // no session storage: every load counts
  }
  return false
}

/**
 * Starts listening for the browser's install offer and counts this visit. Called once at start-up,
 * before the page renders, because `beforeinstallprompt` may fire very early.
 */
export function captureInstallPrompt(): void {
  const storage = safeLocalStorage()
  dismissed = storage?.getItem(INSTALL_DISMISSED_KEY) === '1'
  const visits = nextVisitCount(storage?.getItem(VISITS_KEY) ?? null, sessionFlag())
  try {
    storage?.setItem(VISITS_KEY, String(visits))
  } catch {
    // storage full or blocked: the banner simply waits
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // keep the browser's mini-infobar quiet; the shop offers installing in its own places
    event.preventDefault()
    deferredPrompt = event as BeforeInstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null
    changed()
  })
  changed()
}

/** Shows the browser's install dialog; false when it was not available or the shopper declined. */
export async function promptInstall(): Promise<boolean> {
  const prompt = deferredPrompt
  if (!prompt) return false
  deferredPrompt = null
  changed()
  await prompt.prompt()
  return (await prompt.userChoice).outcome === 'accepted'
}

export function dismissInstallBanner(): void {
  dismissed = true
  try {
    safeLocalStorage()?.setItem(INSTALL_DISMISSED_KEY, '1')
  } catch {
    // remembered for this page only
  }
  changed()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function environment() {
  return { standalone: isStandalone(), ios: isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) }
}

/** How installing can be offered right now (account menu): the browser prompt, the iOS hint, or not at all. */
export function useInstallOffer(): InstallOffer {
  const state = useSyncExternalStore(subscribe, () => snapshot)
  return installOffer({ ...environment(), canPrompt: state.canPrompt })
}

/** The banner's offer: as above, from the second visit and until dismissed. */
export function useInstallBannerOffer(): InstallOffer {
  const state = useSyncExternalStore(subscribe, () => snapshot)
  const visits = parseVisits(safeLocalStorage()?.getItem(VISITS_KEY) ?? null)
  return installBannerOffer({
    ...environment(),
    canPrompt: state.canPrompt,
    dismissed: state.dismissed,
    visits,
  })
}
