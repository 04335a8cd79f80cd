import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { translateMessage } from '../../server/messages/translate'
import { optionLabelsAnswer } from '../../src/contract/admin-option-labels'
import { quoteResponse } from '../../src/contract/cart'
import { type ListingResponse, listingResponse, productResponse } from '../../src/contract/product'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, newKey, orderBody } from './commerce-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
/** a sku in stock with a size and a colour, and its product */
let chosen: { skuId: number; productId: number; slug: string; nameBn: string; size: string; colour: string }

beforeAll(async () => {
  t = await createTestApp({ products: 24 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01710000011', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01710000012', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01710000013', role: 'staff' }))
  // the demo shop's colours and sizes are its own; one product is made to sell Red in Free Size
  const [row] = await queryRows<{ skuId: number; productId: number; slug: string; nameBn: string }>(
    t.db,
    sql`select s.id as "skuId", p.id as "productId", p.slug, p.name_bn as "nameBn" from skus s join products p on p.id = s.product_id
        where p.status = 'active' and s.stock_quantity > 3 order by s.id limit 1`,
  )
  if (!row) throw new Error('no sku to sell')
  await t.db.execute(sql`update skus set size = 'Free Size', colour = 'Red',
      attributes = '[{"key":"Size","value":"Free Size"},{"key":"Colour","value":"Red"}]'::jsonb
    where id = ${row.skuId}`)
  await t.db.execute(sql`update products
      set sizes = case when 'Free Size' = any(sizes) then sizes else array_append(sizes, 'Free Size') end,
        colours = case when 'Red' = any(colours) then colours else array_append(colours, 'Red') end
    where id = ${row.productId}`)
  chosen = { ...row, size: 'Free Size', colour: 'Red' }
  await t.app.catalogue.indexSettled()
}, 120_000)
afterAll(async () => t?.close())

const BANGLA = /[\u0980-\u09ff]/
const inBangla = { 'accept-language': 'bn-BD,bn;q=0.9' }
const ways = [
  ['?lang=bn', 'lang=bn', {}],
  ['Accept-Language: bn', '', inBangla],
] as const

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...apiHeaders, ...headers } })

async function facets(query: string, headers: Record<string, string> = {}) {
  const response = await get(`/api/v1/product/storefront?perPage=100&${query}`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return listingResponse.parse(response.json()).facets
}
const facetOf = (list: ListingResponse['facets']['colours'], value: string) =>
  list.find((facet) => facet.value === value)

async function attributes(query: string, headers: Record<string, string> = {}) {
  const response = await get(`/api/v1/product/storefront/${chosen.slug}?${query}`, headers)
  expect(response.statusCode).toBe(200)
  const product = productResponse.parse(response.json()).data
  return product.skus.find((sku) => sku.id === chosen.skuId)?.attributes
}

async function quoteLine(query: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/cart/quote?${query}`,
    headers: { ...apiHeaders, ...headers },
    payload: { lines: [{ skuId: chosen.skuId, quantity: 1 }] },
  })
  expect(response.statusCode, response.body).toBe(200)
  return quoteResponse.parse(response.json()).data.lines[0]
}

describe('sizes and colours in Bangla, from the built-in list', () => {
  it.each(ways)(
    'names the listing’s filters in Bangla with %s, each still filtering by its English value',
    async (_how, query, headers) => {
      const local = await facets(query, headers)
      expect(facetOf(local.colours, 'Red')?.label).toBe('লাল')
      expect(facetOf(local.sizes, 'Free Size')?.label).toBe('ফ্রি সাইজ')
      // letters stay as shops write them
      const letter = local.sizes.find((facet) => facet.value === 'M')
      if (letter) expect(letter.label).toBe('M')
      for (const facet of local.colours) expect(facet.label).toMatch(BANGLA)
      const filtered = await get(
        `/api/v1/product/storefront?${query}&filters=${encodeURIComponent(JSON.stringify({ colour: ['Red'] }))}`,
        headers,
      )
      const ids = listingResponse.parse(filtered.json()).data.map((card) => card.id)
      expect(ids).toContain(chosen.productId)
    },
  )

  it('names them in English otherwise: the label is the value', async () => {
    const english = await facets('')
    for (const facet of [...english.colours, ...english.sizes]) expect(facet.label).toBe(facet.value)
    expect(facetOf(english.colours, 'Red')?.count).toBe(
      facetOf((await facets('lang=bn')).colours, 'Red')?.count,
    )
  })

  it.each(ways)(
    'answers a product’s choices in Bangla with %s, the value kept',
    async (_how, query, headers) => {
      expect(await attributes(query, headers)).toEqual([
        { key: 'Size', value: 'Free Size', label: 'ফ্রি সাইজ' },
        { key: 'Colour', value: 'Red', label: 'লাল' },
      ])
      expect(await attributes('')).toEqual([
        { key: 'Size', value: 'Free Size', label: 'Free Size' },
        { key: 'Colour', value: 'Red', label: 'Red' },
      ])
    },
  )

  it.each(ways)('names the cart quote’s lines in Bangla with %s', async (_how, query, headers) => {
    expect(await quoteLine(query, headers)).toMatchObject({ size: 'ফ্রি সাইজ', colour: 'লাল' })
    expect(await quoteLine('')).toMatchObject({ size: 'Free Size', colour: 'Red' })
  })
})

describe('an order’s lines', () => {
  it('carry the size and colour in Bangla beside the English, for the shopper’s page and the back office’s', async () => {
    const body = orderBody([{ skuId: chosen.skuId, quantity: 1 }])
    const placed = await api(t.app, 'POST', 'orders', { body, headers: { 'idempotency-key': newKey() } })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = placed.body.data as { id: number; number: string }
    const phone = (body.customer as { phone: string }).phone
    const bangla = { size: 'Free Size', colour: 'Red', sizeBn: 'ফ্রি সাইজ', colourBn: 'লাল' }

    const found = await api(t.app, 'POST', 'orders/lookup', { body: { number: order.number, phone } })
    expect((found.body.data as { lines: object[] }).lines[0]).toMatchObject(bangla)
    const backOffice = await adminCall(t.app, 'GET', `orders/${order.id}`, { as: staff })
    expect(backOffice.status).toBe(200)
    expect((backOffice.body.data as { lines: object[] }).lines[0]).toMatchObject(bangla)
    // the invoice printed in Bangla names them, and the address's places, as the shopper's page does
    const printed = await adminCall(t.app, 'GET', `orders/print?ids=${order.id}`, { as: staff })
    expect(printed.status).toBe(200)
    const sheet = (printed.body.data as { orders: { lines: object[]; placesBn: object }[] }).orders[0]
    expect(sheet?.lines[0]).toMatchObject({ ...bangla, nameBn: chosen.nameBn })
    expect(sheet?.placesBn).toEqual({ division: 'ঢাকা', district: 'ঢাকা', area: 'ধানমন্ডি' })
  })
})

describe('the shop’s own Bangla of a value', () => {
  it('lists every size and colour the skus have, with the built-in Bangla beside the shop’s', async () => {
    const answer = await adminCall(t.app, 'GET', 'option-labels', { as: manager })
    expect(answer.status).toBe(200)
    const rows = optionLabelsAnswer.parse(answer.body).data
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: 'colour', value: 'Red', valueBn: '', builtInBn: 'লাল' }),
    )
    expect(rows.find((row) => row.kind === 'size' && row.value === 'Free Size')).toMatchObject({
      builtInBn: 'ফ্রি সাইজ',
    })
  })

  it('shows a label the shop sets at once, in the filters, the product and the quote, and gives it back', async () => {
    // kept first: only the change's announcement can drop them
    await facets('lang=bn')
    await attributes('lang=bn')
    const saved = await adminCall(t.app, 'PUT', 'option-labels', {
      as: manager,
      body: { kind: 'colour', value: 'Red', valueBn: 'টুকটুকে লাল' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ kind: 'colour', value: 'Red', valueBn: 'টুকটুকে লাল' })

    expect(facetOf((await facets('lang=bn')).colours, 'Red')?.label).toBe('টুকটুকে লাল')
    expect((await attributes('lang=bn'))?.[1]).toEqual({ key: 'Colour', value: 'Red', label: 'টুকটুকে লাল' })
    expect((await quoteLine('lang=bn'))?.colour).toBe('টুকটুকে লাল')
    // English pages are as they were
    expect(facetOf((await facets('')).colours, 'Red')?.label).toBe('Red')

    const cleared = await adminCall(t.app, 'PUT', 'option-labels', {
      as: owner,
      body: { kind: 'colour', value: 'red', valueBn: '' },
    })
    expect(cleared.status).toBe(200)
    expect(facetOf((await facets('lang=bn')).colours, 'Red')?.label).toBe('লাল')

    const audit = await adminCall(t.app, 'GET', 'audit?objectType=option_label', { as: owner })
    const actions = (audit.body.data as { action: string }[]).map((entry) => entry.action)
    expect(actions).toEqual(['option-label.update', 'option-label.update'])
  })

  it('refuses bad input with field messages, in Bangla when asked, and writes nothing', async () => {
    const answer = await adminCall(t.app, 'PUT', 'option-labels', {
      as: owner,
      body: { kind: 'fabric', value: '', valueBn: 'ক'.repeat(41) },
      headers: { 'accept-language': 'bn' },
    })
    expect(answer.status).toBe(400)
    const error = answer.body.error as Record<string, string[]>
    expect(Object.keys(error).sort()).toEqual(['kind', 'value', 'valueBn'])
    expect(error.value?.[0]).toBe(translateMessage('Choose a size or colour', 'bn'))
    expect(error.valueBn?.[0]).toBe(translateMessage('At most 40 characters', 'bn'))
    expect(error.valueBn?.[0]).toMatch(BANGLA)
    const rows = await queryRows(t.db, sql`select * from option_labels`)
    expect(rows).toEqual([])
  })

  it('admits owners and managers only', async () => {
    const body = { kind: 'colour', value: 'Red', valueBn: 'লাল রং' }
    expect((await adminCall(t.app, 'GET', 'option-labels', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'PUT', 'option-labels', { as: staff, body })).status).toBe(403)
    expect((await adminCall(t.app, 'PUT', 'option-labels', { body })).status).toBe(401)
    expect(facetOf((await facets('lang=bn')).colours, 'Red')?.label).toBe('লাল')
  })
})
