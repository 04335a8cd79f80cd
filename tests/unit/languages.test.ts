// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGES, readCatalogue, SOURCE_LANGUAGE } from '../../scripts/messages'
import { requestLanguage } from '../../src/contract/language'
import { chooseLanguage, figure, formatDate, t, taka } from '../../src/i18n'
import { pickLanguage } from '../../src/lib/language'

describe('the message catalogues', () => {
  const source = readCatalogue(SOURCE_LANGUAGE).messages

  it.each(LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE))(
    '%s has every English key, no other, and no empty message',
    (language) => {
      const { messages } = readCatalogue(language)
      expect([...messages.keys()].sort()).toEqual([...source.keys()].sort())
      for (const [key, message] of messages) expect(message.trim(), key).not.toBe('')
    },
  )

  it('has no empty English message', () => {
    expect(source.size).toBeGreaterThan(100)
    for (const [key, message] of source) expect(message.trim(), key).not.toBe('')
  })
})

describe('the language a visit starts in', () => {
  it.each([
    ['', null, ['bn-BD', 'en-US'], 'bn'],
    ['', null, ['bn'], 'bn'],
    ['', null, ['en-GB', 'bn'], 'en'],
    ['', null, ['fr-FR', 'bn-IN'], 'bn'],
    ['', null, ['fr-FR', 'de'], 'en'],
    ['', null, [], 'en'],
    ['', 'en', ['bn-BD'], 'en'],
    ['', 'bn', ['en-US'], 'bn'],
    ['', 'klingon', ['bn-BD'], 'bn'],
    ['?lang=bn', 'en', ['en-US'], 'bn'],
    ['?lang=en', 'bn', ['bn-BD'], 'en'],
    ['?lang=xx', 'bn', ['en-US'], 'bn'],
  ] as const)('address %j, stored %j, browser %j → %s', (search, stored, browser, expected) => {
    expect(pickLanguage(search, stored, browser)).toBe(expected)
  })
})

describe('the language an API request asks for', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['bn', undefined, 'bn'],
    ['bn-BD,bn;q=0.9,en;q=0.8', undefined, 'bn'],
    ['en-US,en;q=0.9,bn;q=0.8', undefined, 'en'],
    ['en;q=0.5,bn;q=0.9', undefined, 'bn'],
    ['fr,bn;q=0.3', undefined, 'bn'],
    ['bn;q=0', undefined, 'en'],
    ['de', undefined, 'en'],
    ['en', 'bn', 'bn'],
    ['bn', 'xx', 'bn'],
  ] as const)('Accept-Language %j, ?lang=%j → %s', (header, lang, expected) => {
    expect(requestLanguage(header, lang)).toBe(expected)
  })
})

describe('texts in the chosen language', () => {
  afterEach(() => chooseLanguage('en'))

  it('writes the same message, counts, money and dates in English and in Bangla', async () => {
    expect(t('shell.cart-count', { count: 1 })).toBe('Cart, 1 item')
    expect(t('shell.cart-count', { count: 1234 })).toBe('Cart, 1,234 items')
    expect(taka(123456)).toBe('TK 1,23,456.00')
    expect(figure(42)).toBe('42')
    expect(formatDate('2026-03-26T18:30:00Z')).toBe('27 Mar 2026')

    await chooseLanguage('bn')
    expect(document.documentElement.lang).toBe('bn')
    expect(t('shell.cart-count', { count: 1234 })).toBe('কার্ট, ১,২৩৪টি পণ্য')
    expect(taka(123456)).toBe('৳ ১,২৩,৪৫৬.০০')
    expect(figure(42)).toBe('৪২')
    expect(formatDate('2026-03-26T18:30:00Z')).toMatch(/^২৭ মার্চ, ২০২৬$/)
    expect(localStorage.getItem('haat-lang')).toBe('bn')
  })
})
