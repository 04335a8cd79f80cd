import { MOBILE_BREAKPOINT, setIsMobile } from '../state/ui'

/** Keeps `ui.isMobile` in step with the storefront §9 breakpoint (phones are below 768 px). */
export function watchViewport() {
  if (typeof window === 'undefined' || !window.matchMedia) return
  const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`)
  setIsMobile(query.matches)
  query.addEventListener('change', (event) => setIsMobile(event.matches))
}
