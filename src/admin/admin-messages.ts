import { useEffect, useReducer } from 'react'
import type { Language } from '../contract/language'
import { addMessages, beforeLanguageChange, useLanguage } from '../i18n'

/**
 * The back office's texts in languages other than English are a chunk of their own
 * (`virtual:haat-messages/<language>/admin`, scripts/messages.ts): a Bangla shopper never downloads them.
 */
type Messages = { default: Record<string, unknown> }
const files: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  bn: () => import('virtual:haat-messages/bn/admin') as Promise<Messages>,
}
const loaded = new Set<Language>()

async function load(language: Language) {
  if (language === 'en' || loaded.has(language)) return
  addMessages(language, (await files[language]()).default)
  loaded.add(language)
}

// a switch of language made in the back office waits for its texts too
beforeLanguageChange.add(load)

/** Whether the back office's texts are there in the current language (loading them when they are not). */
export function useAdminMessages(): boolean {
  const language = useLanguage()
  const [, loadedNow] = useReducer((count: number) => count + 1, 0)
  const ready = language === 'en' || loaded.has(language)
  useEffect(() => {
    if (!ready) load(language).then(loadedNow, loadedNow)
  }, [language, ready])
  return ready
}
