import { toBengaliDigits } from '../../src/contract/digits'
import type { Language } from '../../src/contract/language'
import { messagesBn, wordsBn } from './messages-bn'

/**
 * What a template's placeholder stands for, by its name: a number (shown in Bengali digits), a word of
 * `wordsBn` (a zod type name, a listing's logic), a message of the table itself (the reason before a rate
 * limit's "Try again in …", a filter's message after its path), or a field path. Any other name is text
 * kept as it is: a product's name, a list of options, a key the request should not have sent.
 */
const numberNames = new Set(['count', 'min', 'max', 'amount', 'divisor'])
const wordNames = new Set(['expected', 'received', 'origin', 'logic'])
const messageNames = new Set(['reason', 'message'])

const PLACEHOLDER = /\{(\w+)\}/g

export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string)
}

function patternOf(name: string): string {
  if (numberNames.has(name)) return '(-?\\d+(?:\\.\\d+)?)'
  if (wordNames.has(name)) return '([\\w-]+)'
  if (name === 'path') return '([\\w.-]+)'
  return '(.+?)'
}

type Template = { pattern: RegExp; names: string[]; bangla: string; literal: number }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The keys with placeholders, each matched by a regex built once. The most literal text first, so that
 * "…, received undefined" wins over "…, received {received}" whatever the table's order.
 */
const templates: Template[] = Object.entries(messagesBn)
  .filter(([english]) => placeholdersOf(english).length > 0)
  .map(([english, bangla]) => {
    const names = placeholdersOf(english)
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : patternOf(part)))
      .join('')
    const literal = english.replace(PLACEHOLDER, '').length
    return { pattern: new RegExp(`^${source}$`, 's'), names, bangla, literal }
  })
  .sort((a, b) => b.literal - a.literal)

function placeholderValue(name: string, value: string, language: Language): string {
  if (numberNames.has(name)) return toBengaliDigits(value)
  if (wordNames.has(name)) return wordsBn[value] ?? value
  if (messageNames.has(name)) return translateMessage(value, language)
  return value
}

/**
 * One of the API's messages in `language`. English is the text in the code, so it comes back as it is, and
 * so does any message the table does not know.
 */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en') return message
  if (Object.hasOwn(messagesBn, message)) return messagesBn[message] as string
  for (const { pattern, names, bangla } of templates) {
    const match = pattern.exec(message)
    if (!match) continue
    return bangla.replace(PLACEHOLDER, (whole, name: string) => {
      const index = names.indexOf(name)
      const value = match[index + 1]
      return index === -1 || value === undefined ? whole : placeholderValue(name, value, language)
    })
  }
  return message
}
