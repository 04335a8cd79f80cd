import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

type Loaded = { settings: ShopSettings; version: number }
type ShopChat = { chat: { whatsapp: string | null; messenger: string | null }; origin: string }

let t: TestApp
let owner: StaffCredentials
beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), 'haat-chat-site-'))
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html><head><title>Haat</title></head><body></body></html>',
  )
  t = await createTestApp({ products: 2, config: { STATIC_DIR: site } })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01710000021', role: 'owner' }))
}, 180_000)
afterAll(async () => t?.close())

async function load(): Promise<Loaded> {
  const answer = await adminCall(t.app, 'GET', 'settings', { as: owner })
  expect(answer.status).toBe(200)
  return answer.body.data as Loaded
}

async function saveChat(chat: ShopSettings['chat'], path = 'settings') {
  const loaded = await load()
  return adminCall(t.app, 'PUT', path, {
    as: owner,
    body: { version: loaded.version, settings: { ...loaded.settings, chat } },
  })
}

async function shopChat(): Promise<ShopChat> {
  const answer = await api(t.app, 'GET', 'shop')
  expect(answer.status).toBe(200)
  return answer.body.data as ShopChat
}

const on = (number: string, username: string): ShopSettings['chat'] => ({
  whatsapp: { number, show: true },
  messenger: { username, show: true },
})

describe('chat to order in the settings', () => {
  it('starts switched off: the storefront is given neither, and the shop’s public address', async () => {
    expect((await load()).settings.chat).toEqual({
      whatsapp: { number: '', show: false },
      messenger: { username: '', show: false },
    })
    const shop = await shopChat()
    expect(shop.chat).toEqual({ whatsapp: null, messenger: null })
    // the address shared links start with is the one the product pages name as canonical
    const [item] = await sellableSkus(t.db, 1)
    const page = await t.app.inject({ url: `/product/${item?.slug}` })
    expect(page.body).toContain(`<link rel="canonical" href="${shop.origin}/product/${item?.slug}" />`)
    expect(shop.origin).toMatch(/^http:\/\/localhost:\d+$/)
  })

  it.each([
    [
      'a number too short',
      on('12345', 'haat.fashion'),
      'settings.chat.whatsapp.number',
      'Enter a Bangladeshi mobile number (01xxx-xxxxxx) or an international one starting with + (+44 7700 900123)',
    ],
    [
      'a landline',
      on('02-9876543', 'haat.fashion'),
      'settings.chat.whatsapp.number',
      'Enter a Bangladeshi mobile number (01xxx-xxxxxx) or an international one starting with + (+44 7700 900123)',
    ],
    [
      'a username too short',
      on('01711-234567', 'haat'),
      'settings.chat.messenger.username',
      'Enter the page’s username as in m.me/username: at least 5 letters, digits or full stops',
    ],
    [
      'a username with a space',
      on('01711-234567', 'haat fashion'),
      'settings.chat.messenger.username',
      'Enter the page’s username as in m.me/username: at least 5 letters, digits or full stops',
    ],
    [
      'WhatsApp switched on without a number',
      { ...on('', 'haat.fashion') },
      'settings.chat.whatsapp.number',
      'Fill this in to show it on product pages',
    ],
    [
      'Messenger switched on without a username',
      { ...on('01711-234567', '') },
      'settings.chat.messenger.username',
      'Fill this in to show it on product pages',
    ],
  ] as const)('refuses %s next to its field, and writes nothing', async (_case, chat, field, message) => {
    const before = await load()
    const answer = await saveChat(chat)
    expect(answer.status).toBe(400)
    expect((answer.body.error as Record<string, string[]>)[field]).toEqual([message])
    expect(await load()).toEqual(before)
    expect((await shopChat()).chat).toEqual({ whatsapp: null, messenger: null })
  })

  it('answers in Bangla for a Bangla back office', async () => {
    const answer = await saveChat(on('12345', 'haat.fashion'), 'settings?lang=bn')
    expect(answer.status).toBe(400)
    expect((answer.body.error as Record<string, string[]>)['settings.chat.whatsapp.number']).toEqual([
      'বাংলাদেশের একটি মোবাইল নম্বর (01xxx-xxxxxx) অথবা + দিয়ে শুরু হওয়া আন্তর্জাতিক নম্বর (+44 7700 900123) দিন',
    ])
  })

  it.each([
    ['01711-234567', 'haat.fashion', '8801711234567', 'haat.fashion'],
    ['+880 1811 234567', 'https://m.me/Haat.Fashion/', '8801811234567', 'Haat.Fashion'],
    ['০১৯১১-২৩৪৫৬৭', 'www.facebook.com/haatfashionbd', '8801911234567', 'haatfashionbd'],
    ['+44 7700 900123', '104912345678901', '447700900123', '104912345678901'],
  ])(
    'saves %j and %j: the storefront is given %s for wa.me and %s for m.me',
    async (number, username, digits, page) => {
      expect((await saveChat(on(number, username))).status).toBe(200)
      expect((await load()).settings.chat.messenger.username).toBe(page)
      expect((await shopChat()).chat).toEqual({ whatsapp: digits, messenger: page })
    },
  )

  it('keeps the number and username when switched off, and gives the storefront neither', async () => {
    const off = on('01711-234567', 'haat.fashion')
    off.whatsapp.show = false
    expect((await saveChat(off)).status).toBe(200)
    expect((await shopChat()).chat).toEqual({ whatsapp: null, messenger: 'haat.fashion' })
    off.messenger.show = false
    expect((await saveChat(off)).status).toBe(200)
    expect((await shopChat()).chat).toEqual({ whatsapp: null, messenger: null })
    expect((await load()).settings.chat).toEqual({
      whatsapp: { number: '01711-234567', show: false },
      messenger: { username: 'haat.fashion', show: false },
    })
  })

  it('takes a save that names no chat (a form from before chat to order) as both switched off', async () => {
    const loaded = await load()
    const { chat: _chat, ...older } = loaded.settings
    const saved = await adminCall(t.app, 'PUT', 'settings', {
      as: owner,
      body: { version: loaded.version, settings: older },
    })
    expect(saved.status).toBe(200)
    expect((await load()).settings.chat.whatsapp.show).toBe(false)
    expect((await shopChat()).chat).toEqual({ whatsapp: null, messenger: null })
  })
})
