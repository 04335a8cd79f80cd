import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, pages, smsOutbox } from '../../server/db/schema'
import { orderReceivedText, paymentReceivedText } from '../../server/domain/order-texts'
import { locationsResponse } from '../../src/contract/addresses'
import { type MenuItem, menuDocument, pageDocument } from '../../src/contract/menu'
import { formatTaka } from '../../src/lib/money'
import { api, dhakaAddress, newKey, orderBody, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let items: SkuInfo[]

beforeAll(async () => {
  t = await createTestApp({ products: 10 })
  items = await sellableSkus(t.db, 3)
}, 180_000)
afterAll(async () => t?.close())

/** Bengali letters and signs, words joined by single spaces or hyphens */
const bengaliName = /^[\u0980-\u09FF]+(?:[ -][\u0980-\u09FF]+)*$/
const demoPages = [
  'about-us',
  'contact-us',
  'privacy-policy',
  'terms-and-conditions',
  'return-policy',
  'delivery-information',
  'faq',
]

const getPage = (slug: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ url: `/storage/haat/pages/${slug}.json${query}`, headers })
const getMenu = async (name: string) =>
  menuDocument.parse((await t.app.inject({ url: `/storage/haat/menus/${name}.json` })).json()).menu
const textOf = (blocks: { text?: string; items?: string[]; html?: string }[]) =>
  blocks.flatMap((block) => block.items ?? [block.text ?? block.html?.replace(/<[^>]+>/g, '') ?? ''])

describe('places in Bangla', () => {
  const locations = async () => locationsResponse.parse((await api(t.app, 'GET', 'locations')).body).data

  it('names every division, district and area in Bengali script next to its English name', async () => {
    const { divisions } = await locations()
    const places = divisions.flatMap((division) => [
      division,
      ...division.districts,
      ...division.districts.flatMap((district) => district.areas),
    ])
    expect(places.length).toBeGreaterThan(8 + 64 + 130)
    for (const place of places) expect(place.bn, place.name).toMatch(bengaliName)
    const dhaka = divisions.find((d) => d.name === 'Dhaka')
    const city = dhaka?.districts.find((d) => d.name === 'Dhaka')
    expect(divisions.map((d) => d.bn)).toEqual([
      'ঢাকা',
      'চট্টগ্রাম',
      'রাজশাহী',
      'খুলনা',
      'বরিশাল',
      'সিলেট',
      'রংপুর',
      'ময়মনসিংহ',
    ])
    expect(city?.areas.find((a) => a.name === 'Dhanmondi')).toEqual({
      name: 'Dhanmondi',
      bn: 'ধানমন্ডি',
      zone: 'inside_dhaka',
    })
    const districts = divisions.flatMap((d) => d.districts)
    expect(districts.find((d) => d.name === "Cox's Bazar")?.bn).toBe('কক্সবাজার')
    expect(districts.find((d) => d.name === 'Feni')?.areas.map((a) => [a.name, a.bn])).toEqual([
      ['Feni Sadar', 'ফেনী সদর'],
      ['Other area', 'অন্যান্য এলাকা'],
    ])
  })

  it('never gives two areas of one district the same Bangla name', async () => {
    const { divisions } = await locations()
    for (const district of divisions.flatMap((d) => d.districts)) {
      const names = district.areas.map((a) => a.bn)
      expect(new Set(names).size, district.name).toBe(names.length)
    }
  })

  it('keeps the English names as what an address saves and is zoned by', async () => {
    const reply = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: pick(items, 0).skuId, quantity: 1 }], {
        address: { ...dhakaAddress, division: 'ঢাকা', district: 'ঢাকা', area: 'ধানমন্ডি' },
      }),
      headers: { 'idempotency-key': newKey(), 'accept-language': 'bn' },
    })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.error as object)).toEqual(['address.area'])
  })
})

describe('menus in both languages', () => {
  it('gives every main and footer menu item, and every submenu item, a Bangla label', async () => {
    for (const name of ['main_menu', 'footer_menu']) {
      const menu = await getMenu(name)
      const all = menu.flatMap((item): MenuItem[] => [item, ...item.submenu])
      expect(all.length).toBeGreaterThan(5)
      for (const item of all) expect(item.nameBn, item.name).toMatch(bengaliName)
    }
    const main = await getMenu('main_menu')
    expect(main.find((item) => item.url === 'about-us')?.nameBn).toBe('আমাদের সম্পর্কে')
    expect(main.flatMap((item) => item.submenu).find((item) => item.url === 'panjabi')?.nameBn).toBe('পাঞ্জাবি')
  })

  it('labels each footer page with the title its Bangla page has', async () => {
    for (const item of await getMenu('footer_menu')) {
      const page = pageDocument.parse((await getPage(item.url, {}, '?lang=bn')).json())
      expect(page.title).toBe(item.nameBn)
    }
  })
})

describe('pages per language', () => {
  it('answers a page in Bangla for Accept-Language: bn and for ?lang=bn', async () => {
    const english = pageDocument.parse((await getPage('about-us')).json())
    for (const response of [
      await getPage('about-us', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' }),
      await getPage('about-us', { 'accept-language': 'en' }, '?lang=bn'),
    ]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-language']).toBe('bn')
      expect(response.headers.vary).toContain('Accept-Language')
      const page = pageDocument.parse(response.json())
      expect(page.slug).toBe('about-us')
      expect(page.title).toBe('আমাদের সম্পর্কে')
      expect(page.blocks.map((b) => b.type)).toEqual(english.blocks.map((b) => b.type))
      expect(textOf(page.blocks)).toContain('৬৪ জেলাতেই ডেলিভারি')
    }
  })

  it('answers English by default and for ?lang=en over a Bangla Accept-Language', async () => {
    for (const response of [
      await getPage('about-us'),
      await getPage('about-us', { 'accept-language': 'bn' }, '?lang=en'),
    ]) {
      expect(response.headers['content-language']).toBe('en')
      expect(response.headers.vary).toContain('Accept-Language')
      expect(pageDocument.parse(response.json()).title).toBe('About Us')
    }
  })

  it.each(demoPages)('has a Bangla version of %s written with Bengali digits', async (slug) => {
    const english = pageDocument.parse((await getPage(slug)).json())
    const bangla = pageDocument.parse((await getPage(slug, { 'accept-language': 'bn' })).json())
    expect(bangla.title).toMatch(/[\u0980-\u09FF]/)
    expect(bangla.title).not.toBe(english.title)
    expect(bangla.blocks.map((b) => b.type)).toEqual(english.blocks.map((b) => b.type))
    for (const text of textOf(bangla.blocks)) {
      expect(text).toMatch(/[\u0980-\u09FF]/)
      expect(text).not.toMatch(/[0-9]/)
    }
  })

  it('falls back to English for a page without a (whole) Bangla version', async () => {
    const blocks = [{ type: 'paragraph', text: 'Measure across the chest.' }]
    await t.db.insert(pages).values([
      { slug: 'size-guide', title: 'Size Guide', body: blocks },
      { slug: 'gift-cards', title: 'Gift Cards', body: blocks, titleBn: 'গিফট কার্ড' },
    ])
    for (const [slug, title] of [
      ['size-guide', 'Size Guide'],
      ['gift-cards', 'Gift Cards'],
    ] as const) {
      const response = await getPage(slug, { 'accept-language': 'bn' }, '?lang=bn')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-language']).toBe('en')
      expect(pageDocument.parse(response.json())).toEqual({ slug, title, blocks })
    }
  })
})

describe('the order text in the shopper language', () => {
  const placeIn = async (sku: SkuInfo, headers: Record<string, string>) => {
    const reply = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: sku.skuId, quantity: 1 }]),
      headers: { 'idempotency-key': newKey(), ...headers },
    })
    expect(reply.status).toBe(201)
    const { number, totals } = reply.body.data as { number: string; totals: { total: number } }
    const [row] = await t.db.select().from(orders).where(eq(orders.number, number))
    await t.app.jobs.runDue()
    const texts = (await t.db.select().from(smsOutbox)).filter((m) => m.body.includes(number))
    return { number, total: totals.total, language: row?.language, texts: texts.map((m) => m.body) }
  }

  it('texts an order placed in Bangla in Bangla, with Bengali digits and ৳', async () => {
    const placed = await placeIn(pick(items, 1), { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })
    expect(placed.language).toBe('bn')
    const taka = formatTaka(placed.total, { lang: 'bn' })
    expect(taka).toMatch(/^৳ [০-৯,]+\.[০-৯]{2}$/)
    expect(placed.texts).toEqual([
      `হাট: আপনার অর্ডার ${placed.number} পেয়েছি। মোট ${taka}, ক্যাশ অন ডেলিভারি। নিশ্চিত করতে আমরা আপনাকে ফোন করব।`,
    ])
    // the order number is the only thing in Latin digits
    expect(placed.texts[0]?.replace(placed.number, '')).not.toMatch(/[0-9]/)
  })

  it('texts an English order as it always has', async () => {
    const placed = await placeIn(pick(items, 2), {})
    expect(placed.language).toBe('en')
    expect(placed.texts).toEqual([
      `Haat: order ${placed.number} received. Total TK ${placed.total.toFixed(2)}, cash on delivery. We will call you to confirm.`,
    ])
  })

  it.each([
    ['en', 'Haat: payment received for order HT-250101-AB12C. Total TK 123456.50, paid by bKash.'],
    ['bn', 'হাট: অর্ডার HT-250101-AB12C-এর পেমেন্ট পেয়েছি। মোট ৳ ১,২৩,৪৫৬.৫০, বিকাশ দিয়ে পরিশোধ করা হয়েছে।'],
  ] as const)('words a confirmed payment in the order language (%s)', (language, text) => {
    const order = { number: 'HT-250101-AB12C', total: 123456.5, language }
    const shop = language === 'bn' ? 'হাট' : 'Haat'
    expect(paymentReceivedText(shop, order, { method: 'bkash', label: 'bKash' })).toBe(text)
  })

  it('names a payment method it has no Bangla for by its provider label', () => {
    const order = { number: 'HT-250101-AB12C', total: 990, language: 'bn' as const }
    expect(orderReceivedText('হাট', order, { method: 'testpay', label: 'TestPay' })).toContain(
      '৳ ৯৯০.০০, TestPay।',
    )
  })
})
