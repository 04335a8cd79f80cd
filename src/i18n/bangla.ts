import messages from 'virtual:haat-messages/bn'
import './bangla.css'

/** Bangla's messages, compiled by the build (scripts/messages.ts), keyed by its message ids. */
export { messages }

/** The files Bangla pages load (their build names; vite.config keeps them out of the precache). */
const LANGUAGE_FILE = /\/assets\/(bangla-|noto-sans-bengali-)[^/]+$/

/**
 * Bangla's files are not in every shopper's precache: once Bangla is chosen the page asks for them again
 * through the service worker, whose cache-first route for built files keeps them, so the shop opens in
 * Bangla offline too. Both weights of the typeface are loaded for it, not only those the page showed.
 */
export function keepOffline() {
  if (!('serviceWorker' in navigator) || typeof document.fonts?.load !== 'function') return
  const keep = async () => {
    await Promise.all([
      document.fonts.load('400 1em "Haat Bengali"', 'অ'),
      document.fonts.load('700 1em "Haat Bengali"', 'অ'),
    ]).catch(() => undefined)
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => LANGUAGE_FILE.test(new URL(url).pathname))
    await Promise.all([...new Set(files)].map((url) => fetch(url).catch(() => undefined)))
  }
  if (navigator.serviceWorker.controller) void keep()
  else navigator.serviceWorker.addEventListener('controllerchange', () => void keep(), { once: true })
}
