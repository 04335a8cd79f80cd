/** storefront §5/§9: search needs 2 characters after trim; the dropdown shows 5 products. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_DEBOUNCE_MS = 800
export const SEARCH_DROPDOWN_SIZE = 5
export const SEARCH_BLUR_DELAY_MS = 200
export const SEARCH_OVERLAY_CLOSE_MS = 300

export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH
}

/**
 * How long to wait after a keystroke before asking the server: null when nothing is to be
 * requested, 0 when the text ends with a space (the shopper finished a word), else 800 ms.
 */
export function searchDelay(text: string): number | null {
  if (!isSearchable(text)) return null
  return text.endsWith(' ') ? 0 : SEARCH_DEBOUNCE_MS
}
