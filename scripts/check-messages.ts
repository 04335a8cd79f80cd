/**
 * `npm run lint`: the message catalogues and the code agree. Fails on a key the code uses that English
 * lacks, an English key no code uses, a language missing a key English has (or having one it lacks),
 * an empty message, a message that is not valid ICU MessageFormat, or a translation whose
 * `{placeholders}` differ from English's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LANGUAGES, MESSAGE_CALL, readCatalogue, SOURCE_LANGUAGE } from './messages'

const root = new URL('..', import.meta.url).pathname
const problems: string[] = []

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !path.includes('/src/i18n/') ? [path] : []
  })
}

/** The names a message fills in: `{name}`, `{count, plural, …}`. */
function placeholders(message: string): string[] {
  const names = new Set<string>()
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return
    for (const token of tokens) {
      if (!Array.isArray(token)) continue
      const [name, , cases] = token as [string, string?, Record<string, unknown>?]
      names.add(name)
      for (const branch of Object.values(cases ?? {})) walk(branch)
    }
  }
  walk(compileMessage(message))
  return [...names].sort()
}

const source = readCatalogue(SOURCE_LANGUAGE)
const used = new Map<string, string>()
for (const file of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'sw'))]) {
  for (const match of readFileSync(file, 'utf8').matchAll(MESSAGE_CALL)) {
    const key = match[3] as string
    used.set(key, relative(root, file))
    if (!source.messages.has(key))
      problems.push(`${relative(root, file)}: "${key}" is not in the English catalogue`)
  }
}
for (const key of source.messages.keys())
  if (!used.has(key)) problems.push(`en/${source.files.get(key)}: "${key}" is used nowhere`)

for (const language of LANGUAGES) {
  const { messages, files } = language === SOURCE_LANGUAGE ? source : readCatalogue(language)
  for (const [key, message] of messages) {
    const where = `${language}/${files.get(key)}: "${key}"`
    if (message.trim() === '') problems.push(`${where} is empty`)
    let names: string[]
    try {
      names = placeholders(message)
    } catch (error) {
      problems.push(`${where} is not valid ICU MessageFormat: ${(error as Error).message}`)
      continue
    }
    const english = source.messages.get(key)
    if (english === undefined) {
      problems.push(`${where} is not in the English catalogue`)
      continue
    }
    if (source.files.get(key) !== files.get(key))
      problems.push(`${where} belongs in ${language}/${source.files.get(key)}`)
    const expected = placeholders(english)
    if (names.join() !== expected.join())
      problems.push(`${where} fills {${names.join(', ')}}, English fills {${expected.join(', ')}}`)
  }
  for (const key of source.messages.keys())
    if (!messages.has(key)) problems.push(`${language}: "${key}" is missing (en/${source.files.get(key)})`)
}

if (problems.length > 0) {
  console.error(`Message catalogues (src/i18n/messages):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`Message catalogues: ${source.messages.size} messages in ${LANGUAGES.join(', ')}, all used`)
