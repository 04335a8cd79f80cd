import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, categories, products } from '../../server/db/schema'
import type { AdminProduct, AdminProductBody } from '../../src/contract/admin-product'
import type { Product, ProductSummary } from '../../src/contract/product'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, newKey, orderBody } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let categoryId: number
let categorySlug: string
let brandId: number
const images: string[] = []

function multipart(file: Buffer) {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01730002001', role: 'owner', firstName: 'Rina' }),
  )
  manager = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01730002002', role: 'manager', firstName: 'Karim' }),
  )
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730002003', role: 'staff' }))
  const [category] = await t.db.select().from(categories).where(eq(categories.slug, 'sarees'))
  const [fallback] = await t.db.select().from(categories).limit(1)
  categoryId = (category ?? fallback)?.id ?? 0
  categorySlug = (category ?? fallback)?.slug ?? ''
  brandId = (await t.db.select().from(brands).limit(1))[0]?.id ?? 0
  for (const red of [10, 120, 240]) {
    const png = await sharp({
      create: { width: 40, height: 50, channels: 3, background: { r: red, g: 80, b: 60 } },
    })
      .png()
      .toBuffer()
    const reply = await adminCall(t.app, 'POST', 'images?for=product', { as: owner, ...multipart(png) })
    expect(reply.status).toBe(201)
    images.push((reply.body.data as { path: string }).path)
  }
}, 120_000)
afterAll(() => t?.close())

const matrix = (slug: string, price = 1200) =>
  ['S', 'M'].flatMap((size) =>
    ['Red', 'Blue'].map((colour) => ({
      sku: `${slug}-${size}-${colour}`.toUpperCase(),
      values: { Size: size, Colour: colour },
      price,
      discountedPrice: price - 200,
      vat: 7.5,
      stockQuantity: 5,
      weightGrams: 400,
    })),
  )

function productBody(name: string, extra: Partial<AdminProductBody> = {}): AdminProductBody {
  const slug = name.toLowerCase().replaceAll(' ', '-')
  return {
    slug: '',
    name,
    nameBn: 'লাল শাড়ি',
    shortDescription: 'Soft cotton.',
    shortDescriptionBn: '',
    longDescription: 'Woven in Tangail.',
    longDescriptionBn: '',
    categoryId,
    brandId,
    campaignIds: [],
    images: images.map((path, index) => ({ path, alt: `Photo ${index}`, altBn: '' })),
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
    skus: matrix(slug),
    metaTitle: '',
    metaDescription: '',
    ...extra,
  }
}

async function create(name: string, extra: Partial<AdminProductBody> = {}, as = owner) {
  return adminCall(t.app, 'POST', 'products', { as, body: productBody(name, extra) })
}

async function created(name: string, extra: Partial<AdminProductBody> = {}): Promise<AdminProduct> {
  const reply = await create(name, extra)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as AdminProduct
}

const bodyOf = (product: AdminProduct, changes: Partial<AdminProductBody> = {}) => {
  const { id: _id, updatedAt: _u, updatedBy: _b, formerSlugs: _f, ...rest } = product
  return { ...rest, ...changes }
}

const save = (product: AdminProduct, changes: Partial<AdminProductBody> & { version?: number }, as = owner) =>
  adminCall(t.app, 'PUT', `products/${product.id}`, { as, body: bodyOf(product, changes) })

const shopperProduct = (key: string) => api(t.app, 'GET', `product/storefront/${key}`)
const listing = async (query: string) => {
  const reply = await api(t.app, 'GET', `product/storefront?currentPage=1&perPage=40&${query}`)
  return (reply.body.data as ProductSummary[]).map((card) => card.id)
}
const byIds = async (id: number) => {
  const reply = await api(t.app, 'POST', 'product/storefront/get-by-ids?perPage=10', { body: { ids: [id] } })
  return (reply.body.data as Product[]).map((product) => product.id)
}

describe('POST /admin/products', () => {
  it('makes a draft of 2 sizes × 2 colours with a slug from the name, its skus, cards and audit entry', async () => {
    const product = await created('Tangail Saree One')
    expect(product).toMatchObject({
      slug: 'tangail-saree-one',
      status: 'draft',
      version: 1,
      updatedBy: { name: 'Rina owner' },
      images: images.map((path, index) => ({ path, alt: `Photo ${index}`, altBn: '' })),
      formerSlugs: [],
    })
    expect(product.skus.map((sku) => sku.values)).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ])
    expect(product.skus[0]).toMatchObject({ price: 1200, discountedPrice: 1000, vat: 7.5, weightGrams: 400 })
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({
      price: 1200,
      discountedPrice: 1000,
      stockQuantity: 20,
      sizes: ['S', 'M'],
      colours: ['Red', 'Blue'],
      inStock: true,
    })
    expect(row?.searchText).toContain('tangail saree one')
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.create'))
    expect(entry).toMatchObject({ objectType: 'product', objectId: String(product.id), before: null })
    expect(entry?.after).toMatchObject({ name: 'Tangail Saree One', status: 'draft' })
  })

  it('keeps drafts and archived products from shoppers: product page, listing, search and get-by-ids', async () => {
    const draft = await created('Hidden Kurti Draft')
    expect((await shopperProduct(draft.slug)).status).toBe(404)
    expect((await shopperProduct(String(draft.id))).status).toBe(404)
    expect(await listing(`search=${encodeURIComponent('Hidden Kurti Draft')}`)).not.toContain(draft.id)
    expect(await listing(`category=${categorySlug}`)).not.toContain(draft.id)
    expect(await byIds(draft.id)).toEqual([])

    const published = await save(draft, { status: 'active' })
    expect(published.status).toBe(200)
    expect((await shopperProduct(draft.slug)).status).toBe(200)
    expect(await listing(`search=${encodeURIComponent('Hidden Kurti Draft')}`)).toContain(draft.id)
    expect(await byIds(draft.id)).toEqual([draft.id])

    const archived = await save(published.body.data as AdminProduct, { status: 'archived' })
    expect(archived.status).toBe(200)
    expect((await shopperProduct(draft.slug)).status).toBe(404)
    expect(await listing(`search=${encodeURIComponent('Hidden Kurti Draft')}`)).not.toContain(draft.id)
    expect(await byIds(draft.id)).toEqual([])
  })

  it('refuses what is wrong, field by field, and writes nothing', async () => {
    const skus = matrix('bad-one')
    const reply = await create('Bad One', {
      slug: 'Not A Slug',
      skus: [
        { ...(skus[0] as (typeof skus)[0]), price: 100, discountedPrice: 150 },
        { ...(skus[1] as (typeof skus)[0]), price: 10.555, vat: 120, stockQuantity: -1 },
        { ...(skus[2] as (typeof skus)[0]), sku: (skus[0] as (typeof skus)[0]).sku },
      ],
      images: [{ path: 'products/0123456789abcdef01234567.webp', alt: '', altBn: '' }],
    })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toEqual({
      slug: ['Use lower-case a-z, 0-9 and single dashes'],
      'skus.0.discountedPrice': ['The discounted price cannot be above the price'],
      'skus.1.price': ['Use at most two decimals'],
      'skus.1.vat': ['VAT is a percentage from 0 to 100'],
      'skus.1.stockQuantity': ['Enter a whole number of 0 or more'],
      'skus.2.sku': ['Another sku has this code'],
      'images.0.path': ['Upload this image again'],
    })
    const none = await create('Bad Two', {
      name: '',
      skus: [],
      images: [...images, ...images, ...images, ...images, images[0] as string].map((path) => ({
        path,
        alt: '',
        altBn: '',
      })),
    })
    expect(none.status).toBe(400)
    expect(none.body.error).toMatchObject({
      name: ['Write the product name'],
      skus: ['Add at least one sku'],
      images: ['At most 12 images'],
    })
    const published = await create('Bad Three', { status: 'active', images: [] })
    expect(published.body.error).toEqual({ images: ['Add an image before publishing'] })
    const unknown = await create('Bad Four', { categoryId: 999_999, brandId: 999_999 })
    expect(unknown.body.error).toEqual({ categoryId: ['Category not found'], brandId: ['Brand not found'] })
    const names = (await t.db.select({ name: products.name }).from(products)).map((row) => row.name)
    expect(names.filter((name) => name.startsWith('Bad '))).toEqual([])
  })

  it('answers in Bangla when asked', async () => {
    const reply = await adminCall(t.app, 'POST', 'products', {
      as: owner,
      body: productBody('Bangla One', { skus: [] }),
      headers: { 'accept-language': 'bn' },
    })
    expect(reply.body.error).toEqual({ skus: ['কমপক্ষে একটি SKU যোগ করুন'] })
  })

  it('keeps slugs and sku codes unique across the shop', async () => {
    const first = await created('Unique Panjabi')
    const sameSlug = await create('Unique Panjabi', { skus: matrix('other-codes') })
    expect(sameSlug.body.error).toEqual({ slug: ['Another product has this slug'] })
    const sameCodes = await create('Unique Panjabi Two', { skus: matrix('unique-panjabi') })
    expect(sameCodes.status).toBe(400)
    expect(sameCodes.body.error).toMatchObject({ 'skus.0.sku': ['Another product has this sku code'] })
    expect(first.id).toBeGreaterThan(0)
  })

  it('is for owners and managers only', async () => {
    expect((await create('Manager Made', {}, manager)).status).toBe(201)
    expect((await create('Staff Made', {}, staff)).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'products/1', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'products/1')).status).toBe(401)
  })
})

describe('PUT /admin/products/:id', () => {
  it('saves changes with the version, bumps it and records only what changed', async () => {
    const product = await created('Cotton Lungi')
    const skus = product.skus.map((sku) => ({ ...sku, price: 1500 }))
    const reply = await save(product, { name: 'Cotton Lungi Check', skus })
    expect(reply.status).toBe(200)
    const saved = reply.body.data as AdminProduct
    expect(saved).toMatchObject({ version: 2, name: 'Cotton Lungi Check', slug: 'cotton-lungi' })
    expect(saved.skus.map((sku) => sku.id)).toEqual(product.skus.map((sku) => sku.id))
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({ price: 1500, discountedPrice: 1000, version: 2 })
    expect(row?.searchText).toContain('check')
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.update'))
    const entry = entries.find((one) => one.objectId === String(product.id))
    expect(Object.keys(entry?.after as object).sort()).toEqual(['name', 'skus'])
    expect(entry?.before).toMatchObject({ name: 'Cotton Lungi' })
  })

  it('refuses a save from an older version with who saved it and when, overwriting nothing', async () => {
    const product = await created('Silk Dupatta')
    const first = await save(product, { name: 'Silk Dupatta Blue' }, manager)
    expect(first.status).toBe(200)
    const stale = await save(product, { name: 'Silk Dupatta Green' })
    expect(stale.status).toBe(409)
    const at = (first.body.data as AdminProduct).updatedAt
    expect(stale.body.conflict).toEqual({ by: 'Karim manager', at })
    expect((stale.body.error as { version: string[] }).version[0]).toMatch(
      /^Changed by Karim manager at \d\d:\d\d$/,
    )
    const read = await adminCall(t.app, 'GET', `products/${product.id}`, { as: owner })
    expect(read.body.data).toMatchObject({ name: 'Silk Dupatta Blue', version: 2 })
  })

  it('keeps a former slug: the storefront answers the product at its new slug from the old one', async () => {
    const product = await created('Jamdani Old Name', { status: 'active' })
    expect((await shopperProduct('jamdani-old-name')).status).toBe(200)
    const reply = await save(product, { slug: 'jamdani-new-name' })
    expect(reply.body.data).toMatchObject({ slug: 'jamdani-new-name', formerSlugs: ['jamdani-old-name'] })
    const old = await shopperProduct('jamdani-old-name')
    expect(old.status).toBe(200)
    expect(old.body.data).toMatchObject({ id: product.id, slug: 'jamdani-new-name' })
    const taken = await create('Jamdani Old Name', { skus: matrix('another-jamdani') })
    expect(taken.body.error).toEqual({ slug: ["This slug was another product's: old links lead there"] })
    const back = await save(reply.body.data as AdminProduct, { slug: 'jamdani-old-name' })
    expect(back.body.data).toMatchObject({ slug: 'jamdani-old-name', formerSlugs: ['jamdani-new-name'] })
  })

  it('adds and removes skus with the matrix, but never removes one that orders name', async () => {
    const product = await created('Ordered Kameez', { status: 'active' })
    const [first, ...others] = product.skus
    const order = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: first?.id ?? 0, quantity: 1 }]),
      headers: { 'idempotency-key': newKey() },
    })
    expect(order.status).toBe(201)
    const withoutFirst = await save(product, {
      options: [
        { name: 'Size', values: ['M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      skus: others.filter((sku) => sku.values.Size === 'M'),
    })
    expect(withoutFirst.status).toBe(409)
    expect(withoutFirst.body.error).toEqual({
      skus: [`Sku ${first?.sku} is in orders: keep it with stock 0 rather than removing it`],
    })
    const kept = await save(product, {
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      skus: [
        ...product.skus.filter((sku) => sku.values.Size === 'S'),
        ...matrix('ordered-kameez-l')
          .slice(0, 2)
          .map((sku, index) => ({
            ...sku,
            values: { Size: 'L', Colour: index === 0 ? 'Red' : 'Blue' },
          })),
      ],
    })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    const skus = (kept.body.data as AdminProduct).skus
    expect(skus.map((sku) => `${sku.values.Size}/${sku.values.Colour}`)).toEqual([
      'S/Red',
      'S/Blue',
      'L/Red',
      'L/Blue',
    ])
    expect(skus[0]?.id).toBe(first?.id)
    const shopper = await shopperProduct(product.slug)
    expect((shopper.body.data as Product).skus).toHaveLength(4)
  })

  it('answers 404 for a product that is not there', async () => {
    expect((await adminCall(t.app, 'GET', 'products/999999', { as: owner })).status).toBe(404)
  })
})
