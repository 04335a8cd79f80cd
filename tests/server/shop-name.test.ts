import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, smsOutbox, users } from '../../server/db/schema'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, login, openSession, type StaffCredentials } from './admin-support'
import {
  api,
  createShopper,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'
import { moveAlong, queuedTexts, staffTeam } from './orders-support'

/** The product's own name, which a renamed shop's shoppers and staff must never read. */
const PRODUCT_NAME = /Haat|হাট/

const NAME = { en: 'Dhaka Threads', bn: 'ঢাকা থ্রেডস' }

let t: TestApp
let owner: StaffCredentials
let items: SkuInfo[]
beforeAll(async () => {
  // the built shell and manifest, as the server finds them in STATIC_DIR
  const site = mkdtempSync(join(tmpdir(), 'haat-shop-name-site-'))
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html><head><title>Haat — fashion for Bangladesh</title><meta name="description" content="Shop" /></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(site, 'manifest.webmanifest'), readFileSync('manifest.webmanifest'))
  t = await createTestApp({ products: 4, config: { STATIC_DIR: site } })
  owner = (await staffTeam(t.app, t.db, '0174200')).owner
  items = await sellableSkus(t.db, 2)
  for (const item of items) await setStock(t.db, item.skuId, 50)

  // the owner renames the shop in the settings, as the form sends it (the SEO title follows the name there)
  const loaded = (await adminCall(t.app, 'GET', 'settings', { as: owner })).body.data as {
    settings: ShopSettings
    version: number
  }
  const settings: ShopSettings = {
    ...loaded.settings,
    name: NAME,
    seo: {
      ...loaded.settings.seo,
      title: { en: `${NAME.en} — fashion for Bangladesh`, bn: `${NAME.bn} — বাংলাদেশের ফ্যাশন` },
    },
  }
  const saved = await adminCall(t.app, 'PUT', 'settings', {
    as: owner,
    body: { version: loaded.version, settings },
  })
  expect(saved.status).toBe(200)
}, 180_000)
afterAll(async () => t?.close())

const outbox = async (phone: string) =>
  (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).map((message) => message.body)

async function placeIn(language: 'en' | 'bn', line: SkuInfo) {
  const reply = await api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: line.skuId, quantity: 1 }]),
    headers: { 'idempotency-key': newKey(), 'accept-language': language },
  })
  expect(reply.status).toBe(201)
  return reply.body.data as { id: number; number: string; phone: string }
}

const sendCode = (phone: string, language: 'en' | 'bn') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/customer/send-otp',
    headers: { ...apiHeaders, 'accept-language': language },
    payload: { phone, type: 'login' },
  })

describe('a shop its owner renamed', () => {
  it('begins each order text with its name, in the language the shopper ordered in', async () => {
    const english = await placeIn('en', pick(items, 0))
    const bangla = await placeIn('bn', pick(items, 1))
    await moveAlong(t.app, english.id, 'delivered', owner)
    await moveAlong(t.app, bangla.id, 'delivered', owner)

    const englishTexts = (await queuedTexts(t.db, english.id)).map((queued) => queued.text)
    const banglaTexts = (await queuedTexts(t.db, bangla.id)).map((queued) => queued.text)
    // received, confirmed, shipped and delivered
    expect(englishTexts).toHaveLength(4)
    expect(banglaTexts).toHaveLength(4)
    for (const text of englishTexts) expect(text.startsWith(`${NAME.en}: `)).toBe(true)
    for (const text of banglaTexts) expect(text.startsWith(`${NAME.bn}: `)).toBe(true)
    expect(englishTexts.at(-1)).toBe(
      `${NAME.en}: order ${english.number} was delivered. Thank you for shopping with ${NAME.en}!`,
    )
    expect(banglaTexts.at(-1)).toContain(`${NAME.bn} থেকে কেনাকাটার জন্য ধন্যবাদ!`)

    // and so the shopper gets them
    await t.app.jobs.runDue()
    expect(await outbox(english.phone)).toHaveLength(4)
    for (const text of [...(await outbox(english.phone)), ...(await outbox(bangla.phone))]) {
      expect(text).not.toMatch(PRODUCT_NAME)
    }
  })

  it('begins a sign-in code with its name, in the shopper’s language', async () => {
    expect((await sendCode('01742000101', 'en')).statusCode).toBe(200)
    expect((await sendCode('01742000102', 'bn')).statusCode).toBe(200)
    const [english] = await outbox('01742000101')
    const [bangla] = await outbox('01742000102')
    expect(english).toMatch(new RegExp(`^${NAME.en}: \\d{6} is your code to log in\\.`))
    expect(bangla).toMatch(new RegExp(`^${NAME.bn}: আপনার লগ ইন করার কোড \\d{6}।`))
  })

  it('invites staff, sends them sign-in codes and lists it in their authenticator app by its name', async () => {
    const invited = await adminCall(t.app, 'POST', 'staff', {
      as: owner,
      body: { phone: '01742000201', firstName: 'Karim', role: 'manager' },
    })
    expect(invited.status).toBe(201)
    const [invitation] = await outbox('01742000201')
    expect(invitation).toMatch(new RegExp(`^${NAME.en}: you are invited to the back office as manager\\.`))

    const id = await createPerson(t.db, { phone: '01742000202', role: 'staff', password: 'staff-pass-2026' })
    expect((await login(t.app, '01742000202', 'staff-pass-2026')).status).toBe(200)
    const [code] = await outbox('01742000202')
    expect(code).toMatch(new RegExp(`^${NAME.en}: \\d{6} is your code to sign in to the back office\\.`))

    const setup = await adminCall(t.app, 'POST', 'auth/totp/setup', {
      as: await openSession(t.app, id),
      body: { currentPassword: 'staff-pass-2026' },
    })
    expect(setup.status).toBe(200)
    const { uri } = setup.body.data as { uri: string }
    const address = new URL(uri)
    expect(decodeURIComponent(`${address.host}${address.pathname}`)).toBe(`totp/${NAME.en}:01742000202`)
    expect(address.searchParams.get('issuer')).toBe(NAME.en)
    expect(decodeURIComponent(uri)).not.toMatch(PRODUCT_NAME)
  })

  it('signs a review by a shopper with no name with its name, in the language they wrote in', async () => {
    const signed = async (phone: string, language: 'en' | 'bn', slug: string) => {
      const shopper = await createShopper(t.db, phone)
      await t.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, shopper.id))
      const reply = await api(t.app, 'POST', 'review/product', {
        token: shopper.token,
        headers: { 'accept-language': language },
        body: { product_slug: slug, rating: 5, text: 'Good cloth' },
      })
      expect(reply.status).toBe(201)
      return (reply.body.data as { name: string }).name
    }
    expect(await signed('01742000301', 'en', pick(items, 0).slug)).toBe(`${NAME.en} shopper`)
    expect(await signed('01742000302', 'bn', pick(items, 1).slug)).toBe(`${NAME.bn}-এর ক্রেতা`)
  })

  it('names itself on a product page’s head, in GET /shop and in the web app manifest', async () => {
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/product/${pick(items, 0).slug}${query}` })).body
    const english = await page('')
    expect(english).toContain(`<meta property="og:site_name" content="${NAME.en}" />`)
    expect(english).toMatch(new RegExp(`<title>[^<]+ \\| ${NAME.en}</title>`))
    const bangla = await page('?lang=bn')
    expect(bangla).toContain(`<meta property="og:site_name" content="${NAME.bn}" />`)
    for (const html of [english, bangla]) expect(html).not.toMatch(PRODUCT_NAME)

    const shop = await api(t.app, 'GET', 'shop')
    expect(shop.body.data).toMatchObject({ name: NAME, title: { en: `${NAME.en} — fashion for Bangladesh` } })
    expect(JSON.stringify(shop.body)).not.toMatch(PRODUCT_NAME)

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(manifest.statusCode).toBe(200)
    expect(manifest.headers['content-type']).toContain('application/manifest+json')
    expect(manifest.headers['cache-control']).toBe('no-cache')
    const named = manifest.json() as { name: string; short_name: string; icons: unknown[] }
    expect(named).toMatchObject({ name: `${NAME.en} — fashion for Bangladesh`, short_name: NAME.en })
    expect(named.icons.length).toBeGreaterThan(0)
    expect(manifest.body).not.toMatch(PRODUCT_NAME)
  })

  it('has queued and sent no text that names the product', async () => {
    const queued = await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'sms'))
    const sent = await t.db.select({ body: smsOutbox.body }).from(smsOutbox)
    expect(queued.length + sent.length).toBeGreaterThan(10)
    for (const { payload } of queued) expect(JSON.stringify(payload)).not.toMatch(PRODUCT_NAME)
    for (const { body } of sent) expect(body).not.toMatch(PRODUCT_NAME)
  })
})
