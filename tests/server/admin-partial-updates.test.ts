import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

/**
 * A PATCH to an admin resource changes only the fields it sends: what it leaves out keeps its value (a PATCH
 * of a category's English name once wiped its Bangla name). A PUT takes the whole record, every field.
 */

let t: TestApp
let owner: StaffCredentials
let items: SkuInfo[]
beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01740000001', role: 'owner' }))
  items = await sellableSkus(t.db, 2)
}, 180_000)
afterAll(async () => t?.close())

type Json = Record<string, unknown>
const data = (answer: { body: Json }) => answer.body.data as Json

async function categoryNamed(id: number) {
  const answer = await adminCall(t.app, 'GET', 'categories', { as: owner })
  return (answer.body.data as Json[]).find((category) => category.id === id)
}

async function brandNamed(id: number) {
  const answer = await adminCall(t.app, 'GET', 'brands', { as: owner })
  return (answer.body.data as Json[]).find((brand) => brand.id === id)
}

describe('PATCH categories/:id', () => {
  it('changes the English name alone, keeping the Bangla name, slug, parent and image', async () => {
    const parent = await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Festive Wear' } })
    const made = await adminCall(t.app, 'POST', 'categories', {
      as: owner,
      body: {
        name: 'Saree',
        nameBn: 'শাড়ি',
        slug: 'festive-saree',
        parentId: data(parent).id,
        image: 'categories/saree.webp',
      },
    })
    expect(made.status).toBe(201)
    const id = data(made).id as number
    const before = await categoryNamed(id)

    const answer = await adminCall(t.app, 'PATCH', `categories/${id}`, {
      as: owner,
      body: { name: 'Sarees' },
    })
    expect(answer.status).toBe(200)
    expect(await categoryNamed(id)).toEqual({ ...before, name: 'Sarees' })
  })

  it('clears the one field sent empty, and refuses a PATCH that sends nothing', async () => {
    const made = await adminCall(t.app, 'POST', 'categories', {
      as: owner,
      body: { name: 'Lungi', nameBn: 'লুঙ্গি', image: 'categories/lungi.webp' },
    })
    const id = data(made).id as number
    const before = await categoryNamed(id)
    const cleared = await adminCall(t.app, 'PATCH', `categories/${id}`, { as: owner, body: { image: '' } })
    expect(cleared.status).toBe(200)
    expect(await categoryNamed(id)).toEqual({ ...before, image: '' })

    const empty = await adminCall(t.app, 'PATCH', `categories/${id}`, { as: owner, body: {} })
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.error as object)).toEqual(['body'])
    expect(await categoryNamed(id)).toEqual({ ...before, image: '' })
  })
})

describe('PATCH brands/:id', () => {
  it('changes the Bangla name alone, keeping the English name, slug and logo', async () => {
    const made = await adminCall(t.app, 'POST', 'brands', {
      as: owner,
      body: { name: 'Aarong Test', nameBn: 'আড়ং', slug: 'aarong-test', logo: 'brands/aarong.webp' },
    })
    expect(made.status).toBe(201)
    const id = data(made).id as number
    const before = await brandNamed(id)

    const answer = await adminCall(t.app, 'PATCH', `brands/${id}`, {
      as: owner,
      body: { nameBn: 'আড়ং টেস্ট' },
    })
    expect(answer.status).toBe(200)
    expect(await brandNamed(id)).toEqual({ ...before, nameBn: 'আড়ং টেস্ট' })
  })
})

describe('PATCH skus/:id', () => {
  it('changes the price alone, keeping the discounted price and the stock', async () => {
    const item = pick(items, 0)
    const price = item.price + 100
    const answer = await adminCall(t.app, 'PATCH', `skus/${item.skuId}`, { as: owner, body: { price } })
    expect(answer.status).toBe(200)
    const stock = await adminCall(t.app, 'GET', `products/${item.productId}/stock`, { as: owner })
    expect((stock.body.data as Json[]).find((sku) => sku.id === item.skuId)).toMatchObject({
      price,
      discountedPrice: item.discountedPrice,
      stockQuantity: item.stock,
    })
  })
})

describe('PATCH staff/:id', () => {
  const member = async (id: number) => {
    const answer = await adminCall(t.app, 'GET', 'staff', { as: owner })
    return (answer.body.data as Json[]).find((person) => person.id === id)
  }

  it('changes the role alone, keeping the status, and the status alone, keeping the role', async () => {
    const id = await createPerson(t.db, { phone: '01740000002', role: 'staff', status: 'blocked' })
    const promoted = await adminCall(t.app, 'PATCH', `staff/${id}`, { as: owner, body: { role: 'manager' } })
    expect(promoted.status).toBe(200)
    expect(await member(id)).toMatchObject({ role: 'manager', status: 'blocked' })
    const unblocked = await adminCall(t.app, 'PATCH', `staff/${id}`, {
      as: owner,
      body: { status: 'active' },
    })
    expect(unblocked.status).toBe(200)
    expect(await member(id)).toMatchObject({ role: 'manager', status: 'active' })
  })
})

/** A PUT replaces the whole record, so it takes every field: one left out is refused, never reset. */
describe('PUT of a whole record', () => {
  const hour = 3_600_000
  const later = (hours: number) => new Date(Date.now() + hours * hour).toISOString()

  it('refuses a campaign save without its products, and the campaign keeps them', async () => {
    const item = pick(items, 1)
    const made = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: {
        name: 'Winter Deal',
        description: 'Warm clothes',
        startsAt: later(24),
        endsAt: later(48),
        discountPercent: 10,
        productIds: [item.productId],
      },
    })
    expect(made.status).toBe(201)
    const id = data(made).id as number
    const answer = await adminCall(t.app, 'PUT', `campaigns/${id}`, {
      as: owner,
      body: { version: 1, name: 'Winter Deal', startsAt: later(24), endsAt: later(72) },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.error as object)).toEqual(
      expect.arrayContaining(['productIds', 'description', 'discountPercent']),
    )
    const kept = data(await adminCall(t.app, 'GET', `campaigns/${id}`, { as: owner }))
    expect(kept).toMatchObject({
      version: 1,
      description: 'Warm clothes',
      discountPercent: 10,
      productCount: 1,
    })
  })

  it('refuses a coupon save without `active`, and a disabled coupon stays disabled', async () => {
    const made = await adminCall(t.app, 'POST', 'coupons', {
      as: owner,
      body: {
        code: 'PUTWHOLE',
        kind: 'flat',
        value: 50,
        startsAt: later(-1),
        endsAt: later(24),
        active: false,
      },
    })
    expect(made.status).toBe(201)
    const {
      active: _active,
      code: _code,
      status,
      usedCount: _u,
      updatedAt: _a,
      updatedBy: _b,
      createdAt: _c,
      ...rest
    } = data(made)
    expect(status).toBe('disabled')
    const answer = await adminCall(t.app, 'PUT', 'coupons/PUTWHOLE', {
      as: owner,
      body: { ...rest, value: 60 },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.error as object)).toEqual(['active'])
    expect(data(await adminCall(t.app, 'GET', 'coupons/PUTWHOLE', { as: owner }))).toMatchObject({
      status: 'disabled',
      value: 50,
    })
  })

  it('refuses a page save without its Bangla text, and the page keeps it', async () => {
    const made = await adminCall(t.app, 'POST', 'pages', {
      as: owner,
      body: { slug: 'put-whole', title: 'Returns', markdown: 'Within 7 days', markdownBn: '৭ দিনের মধ্যে' },
    })
    expect(made.status).toBe(201)
    const { slug: _slug, markdownBn: _bn, ...rest } = data(made)
    const answer = await adminCall(t.app, 'PUT', 'pages/put-whole', {
      as: owner,
      body: { ...rest, title: 'Returns policy' },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.error as object)).toEqual(['markdownBn'])
    expect(data(await adminCall(t.app, 'GET', 'pages/put-whole', { as: owner }))).toMatchObject({
      title: 'Returns',
      markdownBn: '৭ দিনের মধ্যে',
    })
  })
})
