import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageDocument } from '../../src/contract/menu'
import type { ShopInfo, ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
beforeAll(async () => {
  t = await createTestApp({ products: 2 })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01710000071', role: 'owner', firstName: 'Nasrin' }),
  )
}, 180_000)
afterAll(async () => t?.close())

async function save(change: (settings: ShopSettings) => void) {
  const loaded = (await adminCall(t.app, 'GET', 'settings', { as: owner })).body.data as {
    settings: ShopSettings
    version: number
  }
  const settings = structuredClone(loaded.settings)
  change(settings)
  const reply = await adminCall(t.app, 'PUT', 'settings', {
    as: owner,
    body: { version: loaded.version, settings },
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
}

/** what the product page reads of returns: the shop's answer, as the storefront reads it */
const shopReturns = async () => {
  const info = (await api(t.app, 'GET', 'shop')).body.data as ShopInfo
  return { summary: info.returnSummary, policy: info.returnPolicy }
}

async function returnPolicyPage(language?: 'bn') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/storage/haat/pages/return-policy.json${language ? `?lang=${language}` : ''}`,
  })
  expect(response.statusCode).toBe(200)
  return { page: pageDocument.parse(response.json()), language: response.headers['content-language'] }
}

describe('one return policy', () => {
  it('starts with the built-in policy: a line for the product page, the whole for the page', async () => {
    const { summary } = await shopReturns()
    expect(summary).toEqual({ en: '7-day easy return or exchange', bn: '৭ দিনের সহজ ফেরত বা বদল' })
    const { page } = await returnPolicyPage()
    expect(page.title).toBe('Return Policy')
    expect(JSON.stringify(page.blocks)).toContain('within 7 days of delivery')
  })

  it('is what the owner saves: the product page reads the line and the Return Policy page the whole, in each language', async () => {
    await save((settings) => {
      settings.returnSummary = { en: '3-day exchange', bn: '৩ দিনে বদল' }
      settings.returnPolicy = {
        en: 'Exchange within **3 days** of delivery.\n\n- Sale items are final',
        bn: 'ডেলিভারির **৩ দিনের** মধ্যে বদল করা যাবে।',
      }
    })
    const { summary, policy } = await shopReturns()
    expect(summary).toEqual({ en: '3-day exchange', bn: '৩ দিনে বদল' })
    expect(policy.en).toContain('Exchange within **3 days**')

    const english = await returnPolicyPage()
    expect(english.language).toBe('en')
    expect(english.page.blocks).toEqual([
      {
        type: 'html',
        html: expect.stringMatching(
          /Exchange within <strong>3 days<\/strong>[\s\S]*<li>Sale items are final<\/li>/,
        ),
      },
    ])
    const bangla = await returnPolicyPage('bn')
    expect(bangla.language).toBe('bn')
    // titled as the shop's own page of that address is, in Bangla
    expect(bangla.page.title).toBe('রিটার্ন নীতি')
    expect(JSON.stringify(bangla.page.blocks)).toContain('<strong>৩ দিনের</strong>')
  })

  it('leaves a Bangla policy left empty to the English one, and the line too', async () => {
    await save((settings) => {
      settings.returnSummary = { en: '3-day exchange', bn: '' }
      settings.returnPolicy = { en: 'Exchange within 3 days.', bn: '' }
    })
    expect((await shopReturns()).summary).toEqual({ en: '3-day exchange', bn: '3-day exchange' })
    const bangla = await returnPolicyPage('bn')
    expect(bangla.language).toBe('en')
    expect(JSON.stringify(bangla.page.blocks)).toContain('Exchange within 3 days.')
  })

  it("falls back to the shop's page when the settings hold no policy", async () => {
    await save((settings) => {
      settings.returnSummary = { en: '', bn: '' }
      settings.returnPolicy = { en: '', bn: '' }
    })
    expect((await shopReturns()).summary).toEqual({ en: '', bn: '' })
    const { page } = await returnPolicyPage()
    expect(page.title).toBe('Return Policy')
    expect(JSON.stringify(page.blocks)).toContain('Return unworn items')
  })
})
