import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopInfo, ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

type Loaded = { settings: ShopSettings; version: number; updatedAt: string | null; updatedBy: string | null }

let t: TestApp
let owner: StaffCredentials
let secondOwner: StaffCredentials
let manager: StaffCredentials
let items: SkuInfo[]
beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), 'haat-settings-site-'))
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html><head><title>Haat</title><meta name="description" content="Shop" /></head><body></body></html>',
  )
  t = await createTestApp({ products: 6, config: { STATIC_DIR: site } })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01710000001', role: 'owner', firstName: 'Nasrin' }),
  )
  secondOwner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01710000002', role: 'owner', firstName: 'Karim' }),
  )
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01710000003', role: 'manager' }))
  items = await sellableSkus(t.db, 2)
}, 180_000)
afterAll(async () => t?.close())

async function load(as = owner): Promise<Loaded> {
  const answer = await adminCall(t.app, 'GET', 'settings', { as })
  expect(answer.status).toBe(200)
  return answer.body.data as Loaded
}

async function save(change: (settings: ShopSettings) => ShopSettings, as = owner) {
  const loaded = await load(as)
  return adminCall(t.app, 'PUT', 'settings', {
    as,
    body: { version: loaded.version, settings: change(structuredClone(loaded.settings)) },
  })
}

async function shopInfo(): Promise<{ info: ShopInfo; cache: unknown }> {
  const answer = await api(t.app, 'GET', 'shop')
  expect(answer.status).toBe(200)
  return { info: answer.body.data as ShopInfo, cache: answer.headers['cache-control'] }
}

describe('the shop settings', () => {
  it('start from the built-in shop and the delivery charges before anyone saves them', async () => {
    const loaded = await load()
    expect(loaded.version).toBe(1)
    expect(loaded.updatedAt).toBeNull()
    expect(loaded.settings.name).toEqual({ en: 'Haat', bn: 'হাট' })
    expect(loaded.settings.phones).toEqual(['09612-345678', '01711-234567'])
    expect(loaded.settings.delivery.inside_dhaka).toEqual({
      charge: 70,
      perKg: 0,
      estimate: { en: '1–2 days', bn: '১–২ দিন' },
    })
    expect(loaded.settings.delivery.outside_dhaka.charge).toBe(130)
    const { info, cache } = await shopInfo()
    expect(cache).toBe('no-cache')
    expect(info.phones).toEqual(['09612-345678', '01711-234567'])
    expect(info.social.map((link) => link.name)).toEqual(['Facebook', 'Instagram', 'YouTube'])
  })

  it('are for owners alone: a manager is refused, and so is a visitor without a session', async () => {
    expect((await adminCall(t.app, 'GET', 'settings', { as: manager })).status).toBe(403)
    const loaded = await load()
    const put = await adminCall(t.app, 'PUT', 'settings', {
      as: manager,
      body: { version: loaded.version, settings: loaded.settings },
    })
    expect(put.status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'settings')).status).toBe(401)
  })

  it('saves, bumps the version, shows the change on GET /shop at once and records it in the audit log', async () => {
    const before = await load()
    const answer = await save((s) => ({
      ...s,
      phones: ['01811-000111', '09612-345678'],
      hours: { en: 'Every day, 9AM to 9PM', bn: '' },
      social: { ...s.social, tiktok: 'https://www.tiktok.com/@haat' },
    }))
    expect(answer.status).toBe(200)
    const saved = answer.body.data as Loaded
    expect(saved.version).toBe(before.version + 1)
    expect(saved.updatedBy).toBe('Nasrin owner')
    expect(saved.settings.phones[0]).toBe('01811-000111')

    const { info } = await shopInfo()
    expect(info.phones).toEqual(['01811-000111', '09612-345678'])
    // a Bangla text left empty shows the English one
    expect(info.hours).toEqual({ en: 'Every day, 9AM to 9PM', bn: 'Every day, 9AM to 9PM' })
    expect(info.social.at(-1)).toEqual({ name: 'TikTok', url: 'https://www.tiktok.com/@haat' })

    const audit = await adminCall(t.app, 'GET', 'audit?objectType=settings', { as: owner })
    const entry = (audit.body.data as { action: string; before: object; after: object }[])[0]
    expect(entry?.action).toBe('settings.update')
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['hours', 'phones', 'social'])
    expect(entry?.before).toMatchObject({ phones: before.settings.phones })
  })

  it('refuses a save over someone else’s with who and when, and writes nothing', async () => {
    const stale = await load(owner)
    expect((await save((s) => ({ ...s, email: 'karim@haat.com.bd' }), secondOwner)).status).toBe(200)
    const answer = await adminCall(t.app, 'PUT', 'settings', {
      as: owner,
      body: { version: stale.version, settings: { ...stale.settings, email: 'nasrin@haat.com.bd' } },
    })
    expect(answer.status).toBe(409)
    const conflict = answer.body.conflict as { by: string; at: string }
    expect(conflict.by).toBe('Karim owner')
    expect(Number.isNaN(Date.parse(conflict.at))).toBe(false)
    expect((answer.body.error as { version: string[] }).version[0]).toContain('Karim owner')
    expect((await load()).settings.email).toBe('karim@haat.com.bd')
  })

  it('answers what is wrong next to each field, in Bangla too, and keeps what was saved', async () => {
    const loaded = await load()
    const bad = {
      ...loaded.settings,
      phones: ['12345'],
      email: 'not an email',
      social: { ...loaded.settings.social, facebook: 'facebook.com/haat' },
      delivery: { ...loaded.settings.delivery, inside_dhaka: { charge: -5, estimate: { en: '', bn: '' } } },
      vatPercent: 150,
      name: { en: '', bn: '' },
    }
    const answer = await adminCall(t.app, 'PUT', 'settings', {
      as: owner,
      body: { version: loaded.version, settings: bad },
    })
    expect(answer.status).toBe(400)
    const fields = answer.body.error as Record<string, string[]>
    expect(fields['settings.phones.0']).toEqual([
      'Enter a Bangladeshi phone number (01xxx-xxxxxx or 09xxx-xxxxxx)',
    ])
    expect(fields['settings.email']).toEqual(['Enter a valid email address'])
    expect(fields['settings.social.facebook']).toEqual(['Enter a full address starting with https://'])
    expect(fields['settings.delivery.inside_dhaka.charge']).toEqual(['Enter a charge from 0 to 10000 TK'])
    expect(fields['settings.delivery.inside_dhaka.estimate.en']).toEqual(['Fill in this field'])
    expect(fields['settings.vatPercent']).toEqual(['Enter a percentage from 0 to 100'])
    expect(fields['settings.name.en']).toEqual(['Fill in this field'])

    const bangla = await adminCall(t.app, 'PUT', 'settings?lang=bn', {
      as: owner,
      body: { version: loaded.version, settings: { ...loaded.settings, phones: [] } },
    })
    expect(bangla.status).toBe(400)
    expect((bangla.body.error as Record<string, string[]>)['settings.phones']).toEqual([
      'এক থেকে তিনটি ফোন নম্বর দিন',
    ])
    expect((await adminCall(t.app, 'PUT', 'settings', { as: owner })).status).toBe(400)
    expect(await load()).toEqual(loaded)
  })

  it('charges checkout’s quote and a new order the saved delivery charge', async () => {
    expect(
      (
        await save((s) => ({
          ...s,
          delivery: {
            ...s.delivery,
            inside_dhaka: { charge: 95, perKg: 0, estimate: { en: 'Same day', bn: 'একই দিনে' } },
          },
        }))
      ).status,
    ).toBe(200)
    const item = pick(items, 0)
    const lines = [{ skuId: item.skuId, quantity: 1 }]
    const quote = await api(t.app, 'POST', 'cart/quote?lang=bn', { body: { lines, zone: 'inside_dhaka' } })
    expect(quote.status).toBe(200)
    const data = quote.body.data as { totals: { deliveryCharge: number }; deliveryEstimate: string }
    expect(data.totals.deliveryCharge).toBe(95)
    expect(data.deliveryEstimate).toBe('একই দিনে')

    const order = await api(t.app, 'POST', 'orders', {
      body: orderBody(lines),
      headers: { 'idempotency-key': newKey() },
    })
    expect(order.status).toBe(201)
    const totals = (order.body.data as { totals: { deliveryCharge: number; total: number } }).totals
    expect(totals.deliveryCharge).toBe(95)
    expect(totals.total).toBeCloseTo(item.discountedPrice + 95, 2)

    const places = await api(t.app, 'GET', 'locations')
    const zones = (places.body.data as { zones: { zone: string; charge: number }[] }).zones
    expect(zones.find((zone) => zone.zone === 'inside_dhaka')?.charge).toBe(95)
  })

  it('gives shared pages the saved name and SEO defaults', async () => {
    const saved = await save((s) => ({
      ...s,
      name: { en: 'Haat Fashion', bn: 'হাট ফ্যাশন' },
      seo: {
        title: { en: 'Haat Fashion — Dhaka', bn: 'হাট ফ্যাশন — ঢাকা' },
        description: { en: 'Panjabi & saree', bn: '' },
      },
    }))
    expect(saved.status).toBe(200)
    const missing = await t.app.inject({ url: '/product/no-such-product?lang=bn' })
    expect(missing.body).toContain('<title>হাট ফ্যাশন — ঢাকা</title>')
    expect(missing.body).toContain('<meta name="description" content="Panjabi &amp; saree" />')
    const item = pick(items, 1)
    const page = await t.app.inject({ url: `/product/${item.slug}` })
    expect(page.body).toMatch(/<title>[^<]+ \| Haat Fashion<\/title>/)
  })
})

describe('the VAT for new products', () => {
  it('give a new product its VAT: the catalogue refs carry it to managers, who cannot open the settings', async () => {
    const refs = async () =>
      (await adminCall(t.app, 'GET', 'catalogue-refs', { as: manager })).body.data as {
        defaultVatPercent: number
      }
    expect((await refs()).defaultVatPercent).toBe(0)
    expect((await save((settings) => ({ ...settings, vatPercent: 7.5 }))).status).toBe(200)
    expect((await refs()).defaultVatPercent).toBe(7.5)
    expect((await save((settings) => ({ ...settings, vatPercent: 0 }))).status).toBe(200)
  })
})
