import { useSyncExternalStore } from 'react'

/**
 * How the link to the server is doing, as the API client sees it. The browser may say "online" while
 * nothing comes back for tens of seconds; `slow` is true from a request that ran out of time until the
 * next answer arrives, whatever it says. Pure state: the client (api.ts) reports, the UI reads.
 */
let slow = false
const changeListeners = new Set<() => void>()
const backListeners = new Set<() => void>()

function emit(listeners: Set<() => void>) {
  for (const listener of listeners) listener()
}

export function isLinkSlow(): boolean {
  return slow
}

/** A request ran out of time. */
export function reportTimeout(): void {
  if (slow) return
  slow = true
  emit(changeListeners)
}

/** The server answered (any status): the link works again. */
export function reportAnswer(): void {
  if (!slow) return
  slow = false
  emit(changeListeners)
  emit(backListeners)
}

/** Calls back each time the link answers again after requests ran out of time. */
export function onLinkBack(listener: () => void): () => void {
  backListeners.add(listener)
  return () => backListeners.delete(listener)
}

function subscribe(listener: () => void) {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/** True while requests are timing out. */
export function useSlowLink(): boolean {
  return useSyncExternalStore(subscribe, isLinkSlow, () => false)
}
