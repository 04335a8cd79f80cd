// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ChatOrder,
  chatMessage,
  messengerChat,
  productLink,
  whatsAppChat,
} from '../../src/features/product/chat-message'
import { chooseLanguage, type Language } from '../../src/i18n'

const link = 'https://haat.com.bd/product/tapered-jeans'
const jeans: ChatOrder = { name: 'Tapered Jeans', size: 'M', colour: 'Navy', price: 1250, link }

describe('the message a shopper sends the shop', () => {
  afterEach(() => chooseLanguage('en'))

  it.each<[string, Language, Partial<ChatOrder>, string[]]>([
    [
      'English, size and colour chosen',
      'en',
      {},
      [
        'Hello! I would like to order this:',
        'Tapered Jeans',
        'Size: M',
        'Colour: Navy',
        'Price: TK 1,250.00',
        link,
      ],
    ],
    [
      'English, neither chosen: it asks which',
      'en',
      { size: null, colour: null },
      [
        'Hello! I would like to order this:',
        'Tapered Jeans',
        'Size: which sizes do you have?',
        'Colour: which colours do you have?',
        'Price: TK 1,250.00',
        link,
      ],
    ],
    [
      'English, a product with no size or colour',
      'en',
      { size: undefined, colour: undefined, price: 123456.5 },
      ['Hello! I would like to order this:', 'Tapered Jeans', 'Price: TK 1,23,456.50', link],
    ],
    [
      'Bangla, size and colour chosen, the price in Bengali digits',
      'bn',
      { name: 'টেপারড জিন্স', size: 'এম', colour: 'নেভি' },
      ['হ্যালো! আমি এটি অর্ডার করতে চাই:', 'টেপারড জিন্স', 'সাইজ: এম', 'রং: নেভি', 'দাম: ৳ ১,২৫০.০০', link],
    ],
    [
      'Bangla, the colour not chosen',
      'bn',
      { colour: null, price: 123456 },
      [
        'হ্যালো! আমি এটি অর্ডার করতে চাই:',
        'Tapered Jeans',
        'সাইজ: M',
        'রং: কোন কোন রং আছে?',
        'দাম: ৳ ১,২৩,৪৫৬.০০',
        link,
      ],
    ],
  ])('%s', async (_case, language, change, lines) => {
    await chooseLanguage(language)
    expect(chatMessage({ ...jeans, ...change }).split('\n')).toEqual(lines)
  })
})

describe('the links the product page opens', () => {
  it.each<[Language, string]>([
    ['en', 'https://haat.com.bd/product/tapered-jeans'],
    ['bn', 'https://haat.com.bd/product/tapered-jeans?lang=bn'],
  ])('the product’s address for a shopper in %s is %s', (language, address) => {
    expect(productLink('https://haat.com.bd', 'tapered-jeans', language)).toBe(address)
  })

  it('carries the message whole in WhatsApp’s and Messenger’s text parameter', () => {
    const text = 'দাম: ৳ ১,২৫০.০০\nhttps://haat.com.bd/product/a?lang=bn&x=1 #1'
    const whatsapp = new URL(whatsAppChat('8801711234567', text))
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/8801711234567')
    expect(whatsapp.searchParams.get('text')).toBe(text)
    const messenger = new URL(messengerChat('haat.fashion', text))
    expect(messenger.origin + messenger.pathname).toBe('https://m.me/haat.fashion')
    expect(messenger.searchParams.get('text')).toBe(text)
  })
})
