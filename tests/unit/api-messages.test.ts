import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import '../../server/messages/zod-english'
import { messagesBn } from '../../server/messages/messages-bn'
import { placeholdersOf, translateMessage } from '../../server/messages/translate'
import * as addresses from '../../src/contract/addresses'
import * as auth from '../../src/contract/auth'
import * as cart from '../../src/contract/cart'
import * as orders from '../../src/contract/orders'
import * as product from '../../src/contract/product'
import * as reviews from '../../src/contract/reviews'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

// ---- reading the source: every string and template literal, outside comments and regexes ----

type Token =
  | { kind: 'text'; value: string } // a string or template literal, each `${…}` written `{}`
  | { kind: 'word'; value: string }
  | { kind: 'punct'; value: string }
  | { kind: 'newline' }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const previous = () => tokens.findLast((token) => token.kind !== 'newline')
  const quoted = (quote: string) => {
    let text = ''
    for (i++; i < source.length && source[i] !== quote; i++)
      text += source[i] === '\\' ? source[++i] : source[i]
    i++
    return text
  }
  const template = (): string => {
    let text = ''
    for (i++; i < source.length && source[i] !== '`'; ) {
      if (source[i] === '\\') {
        text += source[i + 1]
        i += 2
      } else if (source.startsWith('${', i)) {
        i += 2
        for (let depth = 1; i < source.length && depth > 0; ) {
          const c = source[i]
          if (c === "'" || c === '"') quoted(c)
          else if (c === '`') template()
          else {
            depth += c === '{' ? 1 : c === '}' ? -1 : 0
            i++
          }
        }
        text += '{}'
      } else text += source[i++]
    }
    i++
    return text
  }
  while (i < source.length) {
    const c = source[i] as string
    const before = previous()
    if (source.startsWith('//', i)) i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length
    else if (source.startsWith('/*', i)) i = source.indexOf('*/', i + 2) + 2
    else if (c === '\n') {
      tokens.push({ kind: 'newline' })
      i++
    } else if (/\s/.test(c)) i++
    else if (c === "'" || c === '"') tokens.push({ kind: 'text', value: quoted(c) })
    else if (c === '`') {
      // a tagged template (sql`…`) is code, not text
      const tagged = /[\w$]/.test(source[i - 1] ?? '')
      const value = template()
      if (!tagged) tokens.push({ kind: 'text', value })
    } else if (
      c === '/' &&
      before?.kind !== 'word' &&
      before?.kind !== 'text' &&
      !/[)\]]/.test(before?.value ?? '')
    ) {
      // a regex literal, skipped up to its closing slash outside a character class
      for (let inClass = false, k = ++i; k < source.length; k++, i = k) {
        if (source[k] === '\\') k++
        else if (source[k] === '[') inClass = true
        else if (source[k] === ']') inClass = false
        else if (source[k] === '/' && !inClass) break
      }
      for (i++; /[a-z]/.test(source[i] ?? ''); ) i++
    } else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i))?.[0] as string
      tokens.push({ kind: 'word', value: word })
      i += word.length
    } else {
      tokens.push({ kind: 'punct', value: c })
      i++
    }
  }
  return tokens
}

// ---- where messages are written ----

const errorCalls =
  /^(badRequest|notFound|conflict|unprocessable|invalid|unauthorized|forbidden|HttpError|DomainError|reserveOrRefuse|tooLarge|unavailable)$/
/** `message: …`, `error: …`, `problem = …`, `messages.push(…)` and their plurals */
const messageNames = /^(errors?|messages?|problems?)$/

const isPunct = (token: Token | undefined, chars: string) =>
  token?.kind === 'punct' && chars.includes(token.value)

/** The tokens of a call's arguments (from its `(`), or of an expression up to the end of its line. */
function siteTokens(tokens: Token[], start: number, call: boolean): Token[] {
  const site: Token[] = []
  let depth = 0
  for (const token of tokens.slice(start)) {
    if (isPunct(token, '([{')) depth++
    if (isPunct(token, ')]}') && (--depth < 0 || (call && depth === 0))) break
    if (!call && depth === 0 && (token.kind === 'newline' || isPunct(token, ',;'))) break
    site.push(token)
  }
  return site
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
}

/** A literal that reads as a message: words with spaces, not only placeholders. */
const isMessage = (text: string) => / /.test(text) && /[A-Za-z]/.test(text.replaceAll('{}', ''))

/**
 * Every English message the API can answer with, as written in the source: in src/contract every literal
 * that reads as a message (the contract holds schemas and their messages); in server/ the literals at an
 * error site — the error helpers' arguments, `error:`/`message:`/`problem =`, `messages.push(…)` — with
 * the top-level constants they name (`unauthorized(WRONG_LOGIN)`).
 */
function englishMessages(): Map<string, string> {
  const contract = sourceFiles('src/contract')
  const files = new Map(
    [...contract, ...sourceFiles('server').filter((file) => !file.startsWith('server/messages/'))].map(
      (file) => [file, tokenize(readFileSync(join(ROOT, file), 'utf8'))],
    ),
  )
  const constants = new Map<string, string>()
  for (const tokens of files.values()) {
    let depth = 0
    tokens.forEach((token, k) => {
      if (isPunct(token, '([{')) depth++
      if (isPunct(token, ')]}')) depth--
      const [keyword, value] = [tokens[k - 1], tokens[k + 2]]
      if (depth === 0 && keyword?.kind === 'word' && keyword.value === 'const' && token.kind === 'word') {
        if (isPunct(tokens[k + 1], '=') && value?.kind === 'text') constants.set(token.value, value.value)
      }
    })
  }
  const found = new Map<string, string>()
  for (const [file, tokens] of files) {
    const add = (site: Token[]) => {
      for (const token of site) {
        const text =
          token.kind === 'text' ? token.value : token.kind === 'word' ? constants.get(token.value) : undefined
        if (text !== undefined && isMessage(text)) found.set(text, file)
      }
    }
    if (contract.includes(file)) add(tokens.filter((token) => token.kind === 'text'))
    tokens.forEach((token, k) => {
      const [before, next, after] = [tokens[k - 1], tokens[k + 1], tokens[k + 2]]
      if (token.kind !== 'word') return
      const owner = tokens[k - 2]
      const pushTo =
        token.value === 'push' &&
        isPunct(before, '.') &&
        owner?.kind === 'word' &&
        messageNames.test(owner.value)
      if ((errorCalls.test(token.value) || pushTo) && isPunct(next, '(')) add(siteTokens(tokens, k + 1, true))
      else if (
        messageNames.test(token.value) &&
        isPunct(next, ':=') &&
        !isPunct(before, '.') &&
        !isPunct(after, '=>')
      ) {
        add(siteTokens(tokens, k + 2, false))
      }
    })
  }
  return found
}

/** A template with its placeholders written `{}`, as a template literal's `${…}` are. */
const shapeOf = (template: string) => template.replace(/\{\w+\}/g, '{}')

const bengaliDigits = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)))

describe('the Bangla table', () => {
  it.each(Object.entries(messagesBn))('%s has Bangla with the same placeholders', (english, bangla) => {
    expect(bangla.trim()).not.toBe('')
    expect(bangla).toMatch(/[\u0980-\u09ff]|^\{path\}: \{message\}$/)
    expect(placeholdersOf(bangla).sort()).toEqual(placeholdersOf(english).sort())
  })
})

describe('every English message of the API has Bangla', () => {
  const found = englishMessages()

  it('finds the messages where they are written', () => {
    expect(found.get('Please log in to continue')).toMatch(/^server\/plugins\//)
    expect(found.get('The mobile number or password is not correct')).toBe(
      'server/routes/auth/password-routes.ts',
    )
    expect(found.get('Only {} left of {}')).toBeDefined()
    expect(found.get('Enter a valid mobile number, e.g. 01712345678')).toBe('src/contract/auth.ts')
    expect(found.size).toBeGreaterThan(90)
  })

  it('has a line in the table for each, a template for each message with a variable part', () => {
    const shapes = new Set(Object.keys(messagesBn).map(shapeOf))
    const missing = [...found]
      .filter(([text]) => (text.includes('{}') ? !shapes.has(text) : translateMessage(text, 'bn') === text))
      .map(([text, file]) => `${file}: ${text}`)
    expect(missing).toEqual([])
  })

  const badValues: unknown[] = [
    undefined,
    null,
    1,
    1.5,
    -1,
    99_999_999_999,
    'x',
    '',
    'a'.repeat(3000),
    true,
    [],
    [1],
    {},
  ]
  const schemas = [addresses, auth, cart, orders, product, reviews].flatMap((module) =>
    Object.values(module).filter((value): value is z.ZodType => typeof value === 'object' && '_zod' in value),
  )

  it("has zod's own messages for what the contract's schemas refuse", () => {
    const messages = new Set<string>()
    for (const schema of schemas) {
      const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape ?? {}
      const inputs = [
        ...badValues,
        ...Object.keys(shape).flatMap((key) => badValues.map((bad) => ({ [key]: bad, extra: 1 }))),
      ]
      for (const input of inputs) {
        for (const issue of z.safeParse(schema, input).error?.issues ?? []) messages.add(issue.message)
      }
    }
    expect(messages.size).toBeGreaterThan(50)
    expect([...messages].filter((message) => translateMessage(message, 'bn') === message)).toEqual([])
  })
})

describe('translateMessage', () => {
  it.each([
    ['Product not found', 'পণ্যটি পাওয়া যায়নি'],
    ['Please log in to continue', 'চালিয়ে যেতে লগ ইন করুন'],
    ['Enter a valid mobile number, e.g. 01712345678', 'সঠিক মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮'],
    ['At most 100 characters', 'সর্বোচ্চ ১০০ অক্ষর লেখা যাবে'],
    ['Only 3 left of Jamdani Saree', 'Jamdani Saree আর মাত্র ৩টি আছে'],
    ['Use at least 8 characters', 'কমপক্ষে ৮ অক্ষর ব্যবহার করুন'],
    [
      'This coupon needs a subtotal of at least TK 1500.00',
      'এই কুপন ব্যবহার করতে কমপক্ষে ১৫০০.০০ টাকার কেনাকাটা করতে হবে',
    ],
    ['A brand slug is required', 'ব্র্যান্ড-এর slug দিতে হবে'],
    ['Too many orders. Try again in 42 seconds.', 'অনেকগুলো অর্ডার করা হয়েছে। ৪২ সেকেন্ড পরে আবার চেষ্টা করুন।'],
    [
      'Too many failed attempts. Try again in 1 minute.',
      'অনেকবার ভুল চেষ্টা করা হয়েছে। ১ মিনিট পরে আবার চেষ্টা করুন।',
    ],
    ['Too many codes requested. Try again in 2 hours.', 'অনেকবার কোড চাওয়া হয়েছে। ২ ঘণ্টা পরে আবার চেষ্টা করুন।'],
    ['Invalid input: expected string, received number', 'লেখা দিতে হবে, দেওয়া হয়েছে সংখ্যা'],
    ['Invalid input: expected number, received undefined', 'সংখ্যা দিতে হবে, কিছু দেওয়া হয়নি'],
    ['Too big: expected string to have <=2000 characters', 'সর্বোচ্চ ২০০০ অক্ষর লেখা যাবে'],
    ['Too small: expected number to be >0', 'সংখ্যাটি ০-এর বেশি হতে হবে'],
    ['brand.0: Too big: expected string to have <=100 characters', 'brand.0: সর্বোচ্চ ১০০ অক্ষর লেখা যাবে'],
  ])('%s → %s', (english, bangla) => {
    expect(translateMessage(english, 'bn')).toBe(bangla)
  })

  it('writes every number of a template in Bengali digits', () => {
    for (const count of [0, 7, 59, 2_147_483_647]) {
      expect(translateMessage(`Use at most ${count} characters`, 'bn')).toContain(
        bengaliDigits(String(count)),
      )
    }
  })

  it('passes a message it does not know through unchanged', () => {
    expect(translateMessage('Something nobody wrote yet', 'bn')).toBe('Something nobody wrote yet')
    expect(translateMessage('', 'bn')).toBe('')
    expect(translateMessage('Only many left of Saree', 'bn')).toBe('Only many left of Saree')
  })

  it('keeps a reason it does not know in a rate-limit message', () => {
    expect(translateMessage('Too many hugs. Try again in 5 seconds.', 'bn')).toBe(
      'Too many hugs. ৫ সেকেন্ড পরে আবার চেষ্টা করুন।',
    )
  })

  it('leaves English as it is', () => {
    for (const english of Object.keys(messagesBn)) expect(translateMessage(english, 'en')).toBe(english)
    expect(translateMessage('Only 3 left of Saree', 'en')).toBe('Only 3 left of Saree')
  })
})
