import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/**
 * The PWA's message catalogues (src/i18n/messages/{en,bn}/<area>.json: key → ICU MessageFormat) as the
 * build uses them. English is the source: its messages are compiled into the code where they are used,
 * so English pages load no catalogue at all; every other language is one chunk loaded when chosen.
 * Code names a message by its key (`t('cart.empty')`, typed by src/i18n/keys.ts); the build swaps the key
 * for a short id plus the compiled English message.
 */

const here = new URL('../src/i18n/messages/', import.meta.url)
/** (a test in a browser-like environment sees this module under an http URL: the project root is then the cwd) */
export const MESSAGES_DIR =
  here.protocol === 'file:' ? fileURLToPath(here) : join(process.cwd(), 'src/i18n/messages/')
export const SOURCE_LANGUAGE = 'en'
export const LANGUAGES = ['en', 'bn'] as const
export const CATALOGUE_MODULE = 'virtual:haat-messages/'
/**
 * Areas whose messages are a chunk of their own in every language but English (`virtual:haat-messages/bn/admin`),
 * loaded where they are used: a Bangla shopper never downloads the back office's texts.
 */
export const OWN_CHUNK_AREAS = new Set(['admin'])

/** The area a catalogue file belongs to: `admin-products.json` is part of `admin`, like `admin.json`. */
export function areaOf(file: string): string {
  const name = file.replace(/\.json$/, '')
  return name.split('-')[0] ?? name
}

export type Catalogue = Map<string, string>

/**
 * Every key of one language with its message and the file it comes from, in file then key order, the
 * shop's files before those of areas with a chunk of their own: the shop's keys take the short ids (base 36,
 * one or two characters), whatever the back office adds.
 */
export function readCatalogue(language: string): { messages: Catalogue; files: Map<string, string> } {
  const dir = join(MESSAGES_DIR, language)
  const messages: Catalogue = new Map()
  const files = new Map<string, string>()
  const ownChunk = (file: string) => (OWN_CHUNK_AREAS.has(areaOf(file)) ? 1 : 0)
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => ownChunk(a) - ownChunk(b) || (a < b ? -1 : a > b ? 1 : 0))) {
    const entries = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>
    for (const [key, message] of Object.entries(entries)) {
      if (typeof message !== 'string') throw new Error(`${language}/${file}: ${key} is not a string`)
      if (messages.has(key)) throw new Error(`${language}/${file}: ${key} is also in ${files.get(key)}`)
      messages.set(key, message)
      files.set(key, file)
    }
  }
  return { messages, files }
}

/** The short id the build gives each key: its place in the English catalogue, base 36. */
export function messageIds(source: Catalogue): Map<string, string> {
  return new Map([...source.keys()].map((key, index) => [key, index.toString(36)]))
}

/** A call that names a message: `t('key'`, `msg('key'` (a key kept for later), with either quote. */
export const MESSAGE_CALL = /\b(t|msg)\(\s*(['"])([a-z][\w-]*(?:\.[\w-]+)+)\2/g

/**
 * Vite plugin: in the PWA's own modules, `t('cart.empty')` becomes `t(["a",["Empty Cart"]])` (id and
 * compiled English); `virtual:haat-messages/bn` is the Bangla catalogue compiled, keyed by those ids.
 * An unknown key fails the build, so a typo never reaches a shopper as a raw key.
 */
export function i18nMessages(): Plugin {
  let source = readCatalogue(SOURCE_LANGUAGE).messages
  let ids = messageIds(source)
  const reload = () => {
    source = readCatalogue(SOURCE_LANGUAGE).messages
    ids = messageIds(source)
  }
  return {
    name: 'haat-messages',
    enforce: 'pre',
    buildStart() {
      reload()
      for (const language of LANGUAGES) this.addWatchFile(join(MESSAGES_DIR, language))
    },
    watchChange(id) {
      if (id.startsWith(MESSAGES_DIR)) reload()
    },
    resolveId(id) {
      return id.startsWith(CATALOGUE_MODULE) ? `\0${id}` : null
    },
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_MODULE}`)) return null
      const [language = '', area] = id.slice(CATALOGUE_MODULE.length + 1).split('/')
      const { messages, files } = readCatalogue(language)
      for (const file of new Set(files.values())) this.addWatchFile(join(MESSAGES_DIR, language, file))
      const compiled: Record<string, unknown> = {}
      for (const [key, message] of messages) {
        const fileArea = areaOf(files.get(key) ?? '')
        // the language's chunk has every area but those with their own; an area's chunk has that area alone
        if (area ? fileArea !== area : OWN_CHUNK_AREAS.has(fileArea)) continue
        const messageId = ids.get(key)
        if (messageId !== undefined) compiled[messageId] = compileMessage(message)
      }
      return `export default ${JSON.stringify(compiled)}`
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? ''
      // src/i18n defines t and msg (its examples are not calls)
      if (
        file.includes('/node_modules/') ||
        file.includes('/src/i18n/') ||
        !/\/(src|sw|tests)\/.*\.tsx?$/.test(file)
      )
        return null
      if (!code.includes("t('") && !code.includes('msg(') && !code.includes('t("')) return null
      let changed = false
      const out = code.replace(MESSAGE_CALL, (_call, fn: string, _quote, key: string) => {
        const message = source.get(key)
        const messageId = ids.get(key)
        if (message === undefined || messageId === undefined) {
          this.error(`${id}: no English message for "${key}" (src/i18n/messages/en)`)
        }
        changed = true
        return `${fn}(${JSON.stringify([messageId, compileMessage(message)])}`
      })
      return changed ? { code: out, map: null } : null
    },
  }
}
