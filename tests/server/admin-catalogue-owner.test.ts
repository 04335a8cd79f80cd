import { asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, categories, skus } from '../../server/db/schema'
import type { AdminProduct, AdminProductBody } from '../../src/contract/admin-product'
import type { AdminProductRow, ProductStockSku } from '../../src/contract/admin-products'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, createShopper } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let categoryId: number
let brandId: number
let image: string

beforeAll(async () => {
  t = await createTestApp({ products: 2 })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01730004001', role: 'owner', firstName: 'Rina' }),
  )
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730004002', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730004003', role: 'staff' }))
  categoryId = (await t.db.select().from(categories).limit(1))[0]?.id ?? 0
  brandId = (await t.db.select().from(brands).limit(1))[0]?.id ?? 0
  const png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#a03020' } })
    .png()
    .toBuffer()
  const boundary = '----haatowner'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const reply = await adminCall(t.app, 'POST', 'images?for=product', {
    as: owner,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  expect(reply.status).toBe(201)
  image = (reply.body.data as { path: string }).path
}, 120_000)
afterAll(() => t?.close())

/** A panjabi in sizes × colours; `code` gives each sku its typed code, or '' to have one made. */
function panjabi(
  name: string,
  code: (size: string, colour: string) => string,
  extra: Partial<AdminProductBody> = {},
) {
  const sizes = ['M', 'L']
  const colours = ['Red', 'Navy Blue']
  return {
    slug: '',
    name,
    nameBn: 'পাঞ্জাবি',
    shortDescription: 'Cotton, for Eid.',
    shortDescriptionBn: 'ঈদের সুতি পাঞ্জাবি',
    longDescription: 'Stitched in Dhaka.',
    longDescriptionBn: '',
    categoryId,
    brandId,
    campaignIds: [],
    images: [{ path: image, alt: 'Front', altBn: 'সামনে' }],
    options: [
      { name: 'Size', values: sizes },
      { name: 'Colour', values: colours },
    ],
    skus: sizes.flatMap((size) =>
      colours.map((colour) => ({
        sku: code(size, colour),
        values: { Size: size, Colour: colour },
        price: 2500,
        discountedPrice: 2200,
        vat: 5,
        stockQuantity: 4,
        weightGrams: 450,
      })),
    ),
    metaTitle: 'Eid panjabi',
    metaDescription: 'Cotton panjabi',
    ...extra,
  } satisfies AdminProductBody
}

async function created(body: AdminProductBody): Promise<AdminProduct> {
  const reply = await adminCall(t.app, 'POST', 'products', { as: owner, body })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as AdminProduct
}

const bodyOf = (product: AdminProduct, changes: Partial<AdminProductBody> = {}) => {
  const { id: _id, updatedAt: _u, updatedBy: _b, formerSlugs: _f, ...rest } = product
  return { ...rest, ...changes }
}

async function saved(product: AdminProduct, changes: Partial<AdminProductBody>): Promise<AdminProduct> {
  const reply = await adminCall(t.app, 'PUT', `products/${product.id}`, {
    as: owner,
    body: bodyOf(product, changes),
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data as AdminProduct
}

const read = async (id: number) =>
  (await adminCall(t.app, 'GET', `products/${id}`, { as: owner })).body.data as AdminProduct

const audits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.objectId} = ${String(id)}`)

const figuresOf = async (productId: number) =>
  (
    await t.db
      .select({ stock: skus.stockQuantity, price: skus.price, discounted: skus.discountedPrice })
      .from(skus)
      .where(eq(skus.productId, productId))
      .orderBy(asc(skus.id))
  ).map((row) => [row.stock, row.price, row.discounted])

describe('sku codes made for skus left without one', () => {
  it('reads the name, the product number and the values; unique across two products of the same name', async () => {
    const first = await created(panjabi('Panjabi Eid Cotton', () => ''))
    const second = await created(panjabi('Panjabi Eid Cotton', () => '', { slug: 'panjabi-eid-cotton-2' }))
    const number = (id: number) => String(id).padStart(3, '0')
    expect(first.skus.map((sku) => sku.sku)).toEqual([
      `PNJ-${number(first.id)}-M-RED`,
      `PNJ-${number(first.id)}-M-NAVY-BLUE`,
      `PNJ-${number(first.id)}-L-RED`,
      `PNJ-${number(first.id)}-L-NAVY-BLUE`,
    ])
    const codes = [...first.skus, ...second.skus].map((sku) => sku.sku)
    expect(new Set(codes).size).toBe(8)
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9-]+$/)
      expect(code.length).toBeLessThanOrEqual(40)
    }
  })

  it('keeps codes once made: a renamed product keeps them, and a new value shares the product code', async () => {
    const product = await created(panjabi('Panjabi Stable', () => ''))
    const codes = product.skus.map((sku) => sku.sku)
    const renamed = await saved(product, { name: 'Kurta Renamed' })
    expect(renamed.skus.map((sku) => sku.sku)).toEqual(codes)
    const grown = await saved(renamed, {
      options: [
        { name: 'Size', values: ['M', 'L', 'XL'] },
        { name: 'Colour', values: ['Red', 'Navy Blue'] },
      ],
      skus: [
        ...renamed.skus,
        {
          sku: '',
          values: { Size: 'XL', Colour: 'Red' },
          price: 2600,
          discountedPrice: 2300,
          vat: 5,
          stockQuantity: 1,
          weightGrams: 500,
        },
      ] as AdminProductBody['skus'],
    })
    expect(grown.skus.slice(0, 4).map((sku) => sku.sku)).toEqual(codes)
    expect(grown.skus[4]?.sku).toBe(`PNJ-${String(product.id).padStart(3, '0')}-XL-RED`)
  })

  it('makes a code unique when another product’s typed code already holds it', async () => {
    const product = await created(panjabi('Panjabi Crowded', () => ''))
    const wanted = `PNJ-${String(product.id).padStart(3, '0')}-XL-RED`
    await created(
      panjabi('Kurta Squatter', (size, colour) => (size === 'M' && colour === 'Red' ? wanted : '')),
    )
    const grown = await saved(product, {
      options: [
        { name: 'Size', values: ['M', 'L', 'XL'] },
        { name: 'Colour', values: ['Red', 'Navy Blue'] },
      ],
      skus: [
        ...product.skus,
        {
          sku: '',
          values: { Size: 'XL', Colour: 'Red' },
          price: 2600,
          discountedPrice: 2300,
          vat: 5,
          stockQuantity: 1,
          weightGrams: 500,
        },
      ] as AdminProductBody['skus'],
    })
    expect(grown.skus[4]?.sku).toBe(`${wanted}-2`)
  })

  it('refuses a typed code another product holds, whatever its case', async () => {
    const product = await created(panjabi('Panjabi Typed', () => ''))
    const reply = await adminCall(t.app, 'POST', 'products', {
      as: owner,
      body: panjabi('Panjabi Other', (size, colour) =>
        size === 'M' && colour === 'Red' ? (product.skus[0]?.sku ?? '').toLowerCase() : '',
      ),
    })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toEqual({ 'skus.0.sku': ['Another product has this sku code'] })
  })
})

describe('POST /admin/products/:id/duplicate', () => {
  it('makes a draft copy with a new slug, new sku codes and no stock, audited', async () => {
    const original = await saved(await created(panjabi('Panjabi Festive', () => '')), { status: 'active' })
    const reply = await adminCall(t.app, 'POST', `products/${original.id}/duplicate`, { as: manager })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const copy = reply.body.data as AdminProduct
    expect(copy.id).not.toBe(original.id)
    expect(copy).toMatchObject({
      name: 'Panjabi Festive (copy)',
      nameBn: 'পাঞ্জাবি (কপি)',
      slug: 'panjabi-festive-copy',
      status: 'draft',
      categoryId: original.categoryId,
      brandId: original.brandId,
      images: original.images,
      options: original.options,
      shortDescription: original.shortDescription,
      longDescription: original.longDescription,
    })
    expect(copy.skus.map((sku) => [sku.values, sku.price, sku.discountedPrice, sku.stockQuantity])).toEqual(
      original.skus.map((sku) => [sku.values, sku.price, sku.discountedPrice, 0]),
    )
    const originalCodes = new Set(original.skus.map((sku) => sku.sku))
    for (const sku of copy.skus) {
      expect(originalCodes.has(sku.sku)).toBe(false)
      expect(sku.sku).toMatch(new RegExp(`^PNJ-${String(copy.id).padStart(3, '0')}-`))
    }
    // the original is as it was
    expect(await read(original.id)).toEqual(original)
    const [entry] = await audits('product.duplicate', copy.id)
    expect(entry).toMatchObject({ objectType: 'product', before: null })
    expect(entry?.after).toMatchObject({ copiedFrom: original.id, name: 'Panjabi Festive (copy)' })

    const again = await adminCall(t.app, 'POST', `products/${original.id}/duplicate`, { as: owner })
    expect((again.body.data as AdminProduct).slug).toBe('panjabi-festive-copy-2')
  })

  it('is for owners and managers, and answers 404 for a product that is not there', async () => {
    const product = await created(panjabi('Panjabi Guarded', () => ''))
    const refused = await adminCall(t.app, 'POST', `products/${product.id}/duplicate`, { as: staff })
    expect(refused.status).toBe(403)
    const missing = await adminCall(t.app, 'POST', 'products/999999/duplicate', { as: owner })
    expect(missing.status).toBe(404)
  })
})

describe('PATCH /admin/products/:id/skus', () => {
  const change = (id: number, body: Record<string, unknown>, as: StaffCredentials) =>
    adminCall(t.app, 'PATCH', `products/${id}/skus`, { as, body })

  it('refuses staff a price (403, nothing written) and takes their stock for every sku', async () => {
    const product = await created(panjabi('Panjabi Stocked', () => ''))
    const before = await figuresOf(product.id)
    const refused = await change(product.id, { stockQuantity: 9, price: 100 }, staff)
    expect(refused.status).toBe(403)
    expect(await figuresOf(product.id)).toEqual(before)
    expect(await audits('product.skus', product.id)).toEqual([])

    const reply = await change(product.id, { stockQuantity: 9 }, staff)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect((reply.body.data as ProductStockSku[]).map((sku) => sku.stockQuantity)).toEqual([9, 9, 9, 9])
    expect(await figuresOf(product.id)).toEqual(before.map(([, price, discounted]) => [9, price, discounted]))
    const after = await read(product.id)
    expect(after.version).toBe(product.version + 1)
    const [entry] = await audits('product.skus', product.id)
    expect(entry?.before).toEqual(
      Object.fromEntries(product.skus.map((sku) => [sku.sku, { stockQuantity: 4 }])),
    )
    expect(entry?.after).toEqual(
      Object.fromEntries(product.skus.map((sku) => [sku.sku, { stockQuantity: 9 }])),
    )
  })

  it('lets a manager set the chosen skus’ prices, and refuses a discounted price above a price whole', async () => {
    const product = await created(panjabi('Panjabi Priced', () => ''))
    const [first, second] = product.skus
    const reply = await change(
      product.id,
      { skuIds: [first?.id, second?.id], price: 3000, discountedPrice: 2700 },
      manager,
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(await figuresOf(product.id)).toEqual([
      [4, 3000, 2700],
      [4, 3000, 2700],
      [4, 2500, 2200],
      [4, 2500, 2200],
    ])
    const before = await figuresOf(product.id)
    const above = await change(product.id, { price: 2300 }, manager)
    expect(above.status).toBe(400)
    expect(Object.keys(above.body.error as object)).toEqual(['price'])
    const foreign = await change(product.id, { skuIds: [999_999], stockQuantity: 1 }, manager)
    expect(foreign.status).toBe(400)
    expect(foreign.body.error).toEqual({ skuIds: ["This sku is not this product's"] })
    expect(await figuresOf(product.id)).toEqual(before)
    expect((await change(product.id, {}, manager)).status).toBe(400)
  })
})

describe('active products out of stock', () => {
  it('are marked in the list and found by the filter, until their stock comes back', async () => {
    const empty = (body: AdminProductBody) => ({
      ...body,
      skus: body.skus.map((sku) => ({ ...sku, stockQuantity: 0 })),
    })
    const soldOut = await saved(await created(empty(panjabi('Panjabi Sold Out', () => ''))), {
      status: 'active',
    })
    const draft = await created(empty(panjabi('Panjabi Draft Empty', () => '')))
    const oneLeft = await created(panjabi('Panjabi One Left', () => ''))
    await saved(oneLeft, {
      status: 'active',
      skus: oneLeft.skus.map((sku, index) => ({ ...sku, stockQuantity: index === 0 ? 1 : 0 })),
    })
    const found = async () => {
      const reply = await adminCall(t.app, 'GET', 'products?status=active&stock=out&perPage=100', {
        as: staff,
      })
      expect(reply.status).toBe(200)
      return reply.body.data as AdminProductRow[]
    }
    const rows = await found()
    const ids = rows.map((row) => row.id)
    expect(ids).toContain(soldOut.id)
    expect(ids).not.toContain(draft.id)
    expect(ids).not.toContain(oneLeft.id)
    expect(rows.find((row) => row.id === soldOut.id)).toMatchObject({ status: 'active', stockLevel: 'out' })

    expect(
      (
        await adminCall(t.app, 'PATCH', `products/${soldOut.id}/skus`, {
          as: staff,
          body: { stockQuantity: 3 },
        })
      ).status,
    ).toBe(200)
    expect((await found()).map((row) => row.id)).not.toContain(soldOut.id)
  })
})

describe('reviews held for approval', () => {
  async function setHold(holdSignedIn: boolean) {
    const loaded = await adminCall(t.app, 'GET', 'settings', { as: owner })
    const { settings, version } = loaded.body.data as { settings: ShopSettings; version: number }
    expect(settings.reviews).toEqual({ holdSignedIn: !holdSignedIn })
    const reply = await adminCall(t.app, 'PUT', 'settings', {
      as: owner,
      body: { version, settings: { ...settings, reviews: { holdSignedIn } } },
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  }

  it('shows a signed-in shopper’s review at once by default, and holds it when the setting says so', async () => {
    const product = await saved(await created(panjabi('Panjabi Reviewed', () => '')), { status: 'active' })
    const review = async (phone: string) => {
      const shopper = await createShopper(t.db, phone)
      const reply = await api(t.app, 'POST', 'review/product', {
        token: shopper.token,
        body: { product_slug: product.slug, rating: 5, text: 'Fits well' },
      })
      expect(reply.status).toBe(201)
      return (reply.body.data as { status: string }).status
    }
    const shown = async () =>
      (
        (await api(t.app, 'GET', `review?product_slug=${product.slug}&status=active`)).body as {
          total: number
        }
      ).total

    expect(await review('01500004001')).toBe('active')
    expect(await shown()).toBe(1)

    await setHold(true)
    expect(await review('01500004002')).toBe('pending')
    expect(await shown()).toBe(1)

    await setHold(false)
    expect(await review('01500004003')).toBe('active')
    expect(await shown()).toBe(2)
  })
})
