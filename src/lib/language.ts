/**
 * The shop's languages and the shopper's choice. The first visit follows the browser's languages (the
 * first of them that is Bangla or English); a choice made in the shop is stored and wins afterwards. A
 * `?lang=` in the address (a shared link, a search engine's alternate) is a choice too.
 * Pure state: the messages themselves are src/i18n's.
 */
import { isLanguage, type Language } from '../contract/language'

export { isLanguage, type Language } from '../contract/language'

export const LANGUAGE_STORAGE_KEY = 'haat-lang'
export const DIGITS_STORAGE_KEY = 'haat-digits'

/**
 * The language a visit starts in: the address's `?lang=`, else the stored choice, else the first of the
 * browser's languages that the shop speaks, else English. Self-contained: index.html's early requests
 * run a copy of it (src/lib/early-requests.ts).
 */
export function pickLanguage(search: string, stored: string | null, browser: readonly string[]): Language {
  const known = (value: string | null | undefined): value is Language => value === 'en' || value === 'bn'
  const fromAddress = new URLSearchParams(search).get('lang')
  if (known(fromAddress)) return fromAddress
  if (known(stored)) return stored
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    if (known(primary)) return primary
  }
  return 'en'
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value)
  } catch {
    // storage may be unavailable (private mode): the choice holds for this page
  }
}

/** The language this visit starts in: the address's `?lang=`, else the stored choice, else the browser's. */
export function initialLanguage(): Language {
  const stored = readStorage(LANGUAGE_STORAGE_KEY)
  // a stored value that is not a language is reset, like any corrupt key
  if (stored !== null && !isLanguage(stored)) {
    try {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY)
    } catch {}
  }
  const language = pickLanguage(location.search, stored, navigator.languages ?? [navigator.language])
  // a link's ?lang= is a choice: later visits keep it
  if (new URLSearchParams(location.search).get('lang') === language)
    writeStorage(LANGUAGE_STORAGE_KEY, language)
  return language
}

/** The shop's own choice of digits for Bangla pages (`VITE_BANGLA_DIGITS=latin` at build); a shopper's wins. */
const shopDigits = (import.meta.env?.VITE_BANGLA_DIGITS as string | undefined) === 'latin' ? 'latn' : 'beng'
let current: Language = 'en'
let latinDigits = (readStorage(DIGITS_STORAGE_KEY) ?? shopDigits) === 'latn'
const listeners = new Set<() => void>()

export function currentLanguage(): Language {
  return current
}

/** The page's language and digits in one value (a change of either renders the app again). */
export function currentTextStyle(): string {
  return `${current}-${latinDigits ? 'latn' : 'beng'}`
}

/** Whether Bangla pages show numbers in Latin digits (`৳ 1,250.00`) rather than Bengali ones. */
export function prefersLatinDigits(): boolean {
  return latinDigits
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Makes `language` the page's language (src/i18n calls it once its messages are loaded). */
export function applyLanguage(language: Language, store: boolean) {
  current = language
  if (store) writeStorage(LANGUAGE_STORAGE_KEY, language)
  document.documentElement.lang = language
  for (const listener of listeners) listener()
}

export function setLatinDigits(latin: boolean) {
  latinDigits = latin
  writeStorage(DIGITS_STORAGE_KEY, latin ? 'latn' : 'beng')
  for (const listener of listeners) listener()
}
