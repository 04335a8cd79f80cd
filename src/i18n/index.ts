import { i18n } from '@lingui/core'
import { useSyncExternalStore } from 'react'
import { toBengaliDigits } from '../contract/digits'
import {
  applyLanguage,
  currentLanguage,
  currentTextStyle,
  initialLanguage,
  type Language,
  onLanguageChange,
  prefersLatinDigits,
  setLatinDigits,
} from '../lib/language'
import { formatTaka } from '../lib/money'
import type { MessageKey } from './keys'

export type { Language } from '../lib/language'
export type { MessageKey } from './keys'

/**
 * The PWA's texts in the shopper's language (Lingui underneath). Code names a message by its key,
 * `t('cart.empty')`, checked against src/i18n/messages/en by the type checker and by `npm run lint`;
 * the build turns the key into a short id plus the compiled English message (scripts/messages.ts),
 * so English needs no catalogue and Bangla's is one chunk loaded when it is chosen.
 */

type Values = Record<string, string | number | undefined>
type Compiled = [id: string, message: unknown]

/**
 * What a language other than English loads when chosen (src/i18n/bangla.ts): its compiled catalogue,
 * its typeface, and what keeps them for offline visits. English visits load none of it.
 */
/** How long a switch to a language waits for its typeface (the device's own is used after that). */
const SWITCH_WAIT_MS = 1_500

const languageFiles: Record<Exclude<Language, 'en'>, () => Promise<typeof import('./bangla')>> = {
  bn: () => import('./bangla'),
}

/** Locales for numbers and plurals: Bangla with Latin digits when that is preferred. */
function locales(language: Language): string[] {
  if (language === 'bn') return prefersLatinDigits() ? ['bn-BD-u-nu-latn', 'bn'] : ['bn-BD', 'bn']
  return ['en-IN', 'en']
}

// English from the start: texts asked for before the chosen language is loaded (and in tests) are English
i18n.load('en', {})
i18n.activate('en', locales('en'))
const loaded = new Set<Language>(['en'])

/** Work a change of language waits for before the pages change (the back office loads its own texts). */
export const beforeLanguageChange = new Set<(language: Language) => Promise<void>>()

/** Adds messages to a language: an area whose texts are a chunk of their own (scripts/messages.ts). */
export function addMessages(language: Language, messages: Record<string, unknown>) {
  i18n.load(language, messages as never)
}

async function activate(language: Language, store: boolean) {
  await Promise.all([...beforeLanguageChange].map((load) => load(language)))
  if (!loaded.has(language)) {
    if (language !== 'en') {
      const files = await languageFiles[language]()
      i18n.load(language, files.messages as never)
      files.keepOffline()
      // a shopper who taps the switch waits a moment for the typeface, so the pages change once
      if (store) {
        await Promise.race([files.typefaceReady(), new Promise((done) => setTimeout(done, SWITCH_WAIT_MS))])
        files.showTypeface()
      }
    }
    loaded.add(language)
  }
  i18n.activate(language, locales(language))
  applyLanguage(language, store)
}

/** Loads and activates the language this visit starts in (before the first render). */
export function startLanguage(): Promise<void> {
  return activate(initialLanguage(), false).catch(() => activate('en', false))
}

/** The shopper's choice: loads its messages, then every page shows it (and later visits start in it). */
export function chooseLanguage(language: Language): Promise<void> {
  return activate(language, true)
}

/** A message in the current language; `values` fill its `{placeholders}` (and plurals). */
export function t(key: MessageKey, values?: Values): string {
  const [id, message] = key as unknown as Compiled
  return i18n._(id, values, { message: message as string })
}

/** Names a message to show later (a table of labels): `t(labels[status])`. */
export function msg<K extends MessageKey>(key: K): K {
  return key
}

export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage)
}

/** The language and the digits together: what a whole-app render depends on. */
export function useTextStyle(): string {
  return useSyncExternalStore(onLanguageChange, currentTextStyle)
}

/** Bangla pages in Latin digits (`৳ 1,250.00`) or Bengali ones (`৳ ১,২৫০.০০`): the shopper's choice, stored. */
export function chooseLatinDigits(latin: boolean) {
  setLatinDigits(latin)
  i18n.activate(currentLanguage(), locales(currentLanguage()))
}

export { currentLanguage, prefersLatinDigits }

/** An amount of taka as this language writes it: `TK 1,23,456.00` or `৳ ১,২৩,৪৫৬.০০`. */
export function taka(amount: number): string {
  return formatTaka(amount, { lang: currentLanguage(), latinDigits: prefersLatinDigits() })
}

/** A count or any plain number in the current language's digits (no grouping below 1,000). */
export function figure(value: number | string): string {
  const text = String(value)
  return currentLanguage() === 'bn' && !prefersLatinDigits() ? toBengaliDigits(text) : text
}

/** A date (and optionally time) as the current language writes it, in Bangladesh's time. */
export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  const date = typeof value === 'string' ? new Date(value) : value
  const language = currentLanguage()
  // English keeps the day-month-year order Bangladesh writes (en-GB), and its 24-hour clock, which Bangla
  // shares: its AM and PM would be the only English words on a Bangla page
  const tags = language === 'en' ? ['en-GB'] : locales(language)
  return new Intl.DateTimeFormat(tags, { timeZone: 'Asia/Dhaka', hourCycle: 'h23', ...options }).format(date)
}
