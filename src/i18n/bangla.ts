import messages from 'virtual:haat-messages/bn'
import './bangla.css'

/** Bangla's messages, compiled by the build (scripts/messages.ts), keyed by its message ids. */
export { messages }

/** Set once this device has downloaded the typeface: later Bangla pages use it from their first paint. */
const TYPEFACE_KEY = 'haat-bn-typeface'

function deviceHasTypeface(): boolean {
  try {
    return localStorage.getItem(TYPEFACE_KEY) === '1'
  } catch {
    return false
  }
}

/** Bangla pages name the typeface in their styles (bangla.css) from here on. */
export function showTypeface() {
  document.documentElement.dataset.typeface = 'bengali'
}

if (typeof document !== 'undefined' && deviceHasTypeface()) showTypeface()

/**
 * Both weights of the typeface, settled when they are there (or could not come); remembered, so later pages
 * use it from the start. A first Bangla visit asks for it only once the page has loaded (`keepOffline`),
 * so its 90 KB never compete with the page's first images on a slow link; a switch asks at once.
 */
let typeface: Promise<void> | undefined
export const typefaceReady = () => {
  typeface ??= loadTypeface()
  return typeface
}
const loadTypeface = () =>
  typeof document !== 'undefined' && typeof document.fonts?.load === 'function'
    ? Promise.all([
        document.fonts.load('400 1em "Haat Bengali"', 'অ'),
        document.fonts.load('700 1em "Haat Bengali"', 'অ'),
      ]).then(
        () => {
          if (!document.fonts.check('400 1em "Haat Bengali"', 'অ')) return
          try {
            localStorage.setItem(TYPEFACE_KEY, '1')
          } catch {}
        },
        () => undefined,
      )
    : Promise.resolve()

/** The files Bangla pages load (their build names; vite.config keeps them out of the precache). */
const LANGUAGE_FILE = /\/assets\/(bangla-|noto-sans-bengali-)[^/]+$/

/**
 * Bangla's files are not in every shopper's precache: once Bangla is chosen the page asks for them again
 * through the service worker, whose cache-first route for built files keeps them, so the shop opens in
 * Bangla offline too. Both weights of the typeface are loaded for it, not only those the page showed.
 */
export function keepOffline() {
  if (typeof document.fonts?.load !== 'function') return
  if (!('serviceWorker' in navigator)) {
    afterLoad(() => void typefaceReady())
    return
  }
  const keep = async () => {
    await typefaceReady()
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => LANGUAGE_FILE.test(new URL(url).pathname))
    await Promise.all([...new Set(files)].map((url) => fetch(url).catch(() => undefined)))
  }
  if (navigator.serviceWorker.controller) afterLoad(() => void keep())
  else
    navigator.serviceWorker.addEventListener('controllerchange', () => afterLoad(() => void keep()), {
      once: true,
    })
}

/**
 * Some seconds after the page has loaded, when the device is idle: the app's own `load` comes before it has
 * asked for its data and images, which must not share a slow link with 90 KB of typeface.
 */
function afterLoad(work: () => void) {
  const idle = () =>
    setTimeout(
      () =>
        'requestIdleCallback' in window ? requestIdleCallback(() => work(), { timeout: 3_000 }) : work(),
      LATER_MS,
    )
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

const LATER_MS = 3_000
