import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, inArray, like } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, categories, products, skus } from '../../server/db/schema'
import type { ImportState } from '../../src/contract/admin-import'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'
import { multipart } from './import-support'

// A shop moving in: the product exports of Shopify and WooCommerce, imported as those platforms write them
// (docs/catalogue-csv.md, "Files from Shopify and WooCommerce").

let t: TestApp
let owner: StaffCredentials
/** a category and a brand of the shop, by their English names */
let categoryName: string
let brandName: string
let photoServer: ReturnType<typeof createServer>
let photoAt: (path: string) => string

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730002101', role: 'owner' }))
  const [category] = await t.db.select({ name: categories.name }).from(categories).limit(1)
  const [brand] = await t.db.select({ name: brands.name }).from(brands).limit(1)
  categoryName = category?.name ?? ''
  brandName = brand?.name ?? ''
  const jpeg = (background: string) =>
    sharp({ create: { width: 400, height: 500, channels: 3, background } })
      .jpeg()
      .toBuffer()
  const [front, back] = await Promise.all([jpeg('#a36'), jpeg('#36a')])
  photoServer = createServer((request, response) => {
    if (request.url?.endsWith('.jpg')) {
      const photo = request.url.endsWith('-back.jpg') ? back : front
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve))
  photoAt = (path) => `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}${path}`
  t.app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS = true
}, 120_000)
afterAll(async () => {
  await new Promise((resolve) => photoServer?.close(resolve))
  await t?.close()
})

const quote = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
/** A CSV of these columns, each row given by column name (a column left out is empty). */
const csvOf = (columns: readonly string[], rows: Record<string, string>[]) =>
  [columns.join(','), ...rows.map((row) => columns.map((column) => quote(row[column] ?? '')).join(','))].join(
    '\r\n',
  )

async function importFile(csv: string, dryRun: boolean) {
  const sent = await adminCall(t.app, 'POST', `imports?dryRun=${dryRun}`, { as: owner, ...multipart(csv) })
  expect(sent.status).toBe(202)
  await t.app.catalogueImport.settle()
  const state = await adminCall(t.app, 'GET', `imports/${(sent.body.data as { id: string }).id}`, {
    as: owner,
  })
  return state.body.data as ImportState
}

/** The figures a dry run predicts and the import then does. */
const figures = (state: ImportState) => ({
  status: state.status,
  rowsRead: state.rowsRead,
  created: state.created,
  updated: state.updated,
  unchanged: state.unchanged,
  failed: state.failed,
  errors: state.errors.map(({ row, field, message }) => ({ row, field, message })),
})

const skusOf = async (slug: string) =>
  t.db
    .select({
      sku: skus.sku,
      price: skus.price,
      discountedPrice: skus.discountedPrice,
      stock: skus.stockQuantity,
      size: skus.size,
      colour: skus.colour,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(products.slug, slug))
    .orderBy(asc(skus.sku))

// Shopify's older export: the product on its first row, a variant a row, extra photos on rows of their own
const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Status',
]

function shopifyExport(products: number): string {
  const rows: Record<string, string>[] = []
  for (let index = 0; index < products; index += 1) {
    const handle = `shop-panjabi-${index}`
    const sizes = ['M', 'L', 'XL']
    sizes.forEach((size, position) => {
      rows.push({
        Handle: handle,
        ...(position === 0
          ? {
              Title: `Eid panjabi ${index}`,
              'Body (HTML)': `<p>Soft <strong>cotton</strong>, number ${index}.</p><ul><li>Machine wash</li></ul>`,
              Vendor: brandName.toUpperCase(),
              'Product Category': `Apparel & Accessories > Clothing > ${categoryName}`,
              Type: '',
              Published: 'TRUE',
              'Option1 Name': 'Size',
              'Option2 Name': 'Color',
              'Image Src': photoAt(`/p${index}-front.jpg`),
              'Image Position': '1',
              'SEO Title': `Eid panjabi ${index} | Shop`,
              Status: 'active',
            }
          : {}),
        'Option1 Value': size,
        'Option2 Value': 'White',
        'Variant SKU': index % 5 === 0 ? '' : `SP-${index}-${size}`,
        'Variant Grams': '350.0',
        'Variant Inventory Qty': position === 2 ? '-1' : String(5 + position),
        'Variant Price': '2450.00',
        'Variant Compare At Price': index % 2 === 0 ? '2990.00' : '',
        'Variant Weight Unit': 'g',
      })
    })
    // a photo of its own row
    rows.push({ Handle: handle, 'Image Src': photoAt(`/p${index}-back.jpg`), 'Image Position': '2' })
  }
  // a product without options, as Shopify writes one ("Title" / "Default Title"), as a draft
  rows.push({
    Handle: 'shop-gift-box',
    Title: 'Gift box',
    Vendor: brandName,
    Type: categoryName.toLowerCase(),
    Published: 'FALSE',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant SKU': 'GIFT-BOX',
    'Variant Inventory Qty': '12',
    'Variant Price': '300',
    Status: 'draft',
  })
  // a product whose type is no category of the shop
  rows.push({
    Handle: 'shop-snowboard',
    Title: 'Snowboard',
    Vendor: brandName,
    Type: 'Snowboards',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant SKU': 'SNOW-1',
    'Variant Price': '9000',
  })
  return csvOf(SHOPIFY_COLUMNS, rows)
}

// WooCommerce's exporter: a row per product and per variation; variations name their product in Parent
const WOO_COLUMNS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Tax status',
  'In stock?',
  'Stock',
  'Weight (kg)',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Images',
  'Parent',
  'Position',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Brands',
]

function wooExport(variable: number): string {
  const parents: Record<string, string>[] = []
  const variations: Record<string, string>[] = []
  for (let index = 0; index < variable; index += 1) {
    const id = String(100 + index * 10)
    parents.push({
      ID: id,
      Type: 'variable',
      SKU: `WK-${index}`,
      Name: `Cotton Kurti ${index}`,
      Published: index % 4 === 3 ? '0' : '1',
      'Short description': '<p>Everyday <em>kurti</em></p>',
      Description: `<h2>Fabric</h2><p>Cotton &amp; linen ${index}</p>`,
      Categories: `Women > ${categoryName}, Sale`,
      Images: `${photoAt(`/k${index}.jpg`)}, ${photoAt(`/k${index}-side.jpg`)}`,
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'S, M',
      'Attribute 2 name': 'Colour',
      'Attribute 2 value(s)': 'Red',
      Brands: brandName,
    })
    for (const [offset, size] of ['S', 'M'].entries()) {
      variations.push({
        ID: String(Number(id) + offset + 1),
        Type: 'variation',
        SKU: index % 3 === 0 ? '' : `WK-${index}-${size}`,
        Name: `Cotton Kurti ${index} - ${size}`,
        Published: '1',
        'In stock?': '1',
        Stock: String(3 + offset),
        'Weight (kg)': '0.25',
        'Sale price': offset === 0 ? '1190' : '',
        'Regular price': '1450',
        // the product by its ID, or by its SKU
        Parent: index % 2 === 0 ? `id:${id}` : `WK-${index}`,
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': size,
        'Attribute 2 name': 'Colour',
        'Attribute 2 value(s)': 'Red',
      })
    }
  }
  const simple: Record<string, string>[] = [
    {
      ID: '9001',
      Type: 'simple',
      SKU: 'WS-SCARF',
      Name: 'Silk Scarf',
      Published: '1',
      Stock: '9',
      'Regular price': '800',
      Categories: categoryName,
      Brands: brandName,
    },
    // the same name again: another product, told apart by its ID
    {
      ID: '9002',
      Type: 'simple',
      SKU: 'WS-SCARF-2',
      Name: 'Silk Scarf',
      Published: '1',
      Stock: '2',
      'Regular price': '850',
      Categories: categoryName,
      Brands: brandName,
    },
    {
      ID: '9003',
      Type: 'grouped',
      Name: 'Eid set',
      Published: '1',
      Categories: categoryName,
      Brands: brandName,
    },
    {
      ID: '9004',
      Type: 'variation',
      SKU: 'LOST-1',
      Name: 'Lost - M',
      Parent: 'id:8888',
      'Regular price': '100',
    },
  ]
  // some variations come before their product, others long after it, as a shop that added sizes later has them
  const rows = [...variations.slice(0, 6), ...parents, ...simple, ...variations.slice(6)]
  return csvOf(WOO_COLUMNS, rows)
}

describe('a Shopify product export', () => {
  // the dry run and the import each fetch and encode the file's photos: allow a loaded machine its time
  it('imports as the dry run predicts: variants as skus, prices, stock, photos, the description as text', {
    timeout: 120_000,
  }, async () => {
    const csv = shopifyExport(30)
    const dry = await importFile(csv, true)
    expect(await t.db.select().from(products).where(like(products.slug, 'shop-%'))).toEqual([])
    const done = await importFile(csv, false)
    expect(figures(done)).toEqual(figures(dry))
    // 30 products of 3 sizes and a photo row each, the gift box, the snowboard: skus are counted
    expect(done).toMatchObject({ status: 'done', rowsRead: 122, created: 91, failed: 1 })
    expect(done.errors).toEqual([
      expect.objectContaining({
        row: 123,
        field: 'Type',
        message: 'No category has the slug or name Snowboards',
      }),
    ])

    const [panjabi] = await t.db.select().from(products).where(eq(products.slug, 'shop-panjabi-2'))
    expect(panjabi).toMatchObject({
      name: 'Eid panjabi 2',
      status: 'active',
      metaTitle: 'Eid panjabi 2 | Shop',
    })
    expect(panjabi?.longDescription).toBe('Soft **cotton**, number 2.\n\n- Machine wash')
    expect((panjabi?.thumbnail ?? '').split(',')).toHaveLength(2)
    // the compare-at price is the price, Shopify's price the discounted one; negative stock is none
    expect(await skusOf('shop-panjabi-2')).toEqual([
      { sku: 'SP-2-L', price: 2990, discountedPrice: 2450, stock: 6, size: 'L', colour: 'White' },
      { sku: 'SP-2-M', price: 2990, discountedPrice: 2450, stock: 5, size: 'M', colour: 'White' },
      { sku: 'SP-2-XL', price: 2990, discountedPrice: 2450, stock: 0, size: 'XL', colour: 'White' },
    ])
    // a variant without a SKU gets one made from the handle and its options
    expect((await skusOf('shop-panjabi-5')).map((row) => row.sku)).toEqual([
      'SHOP-PANJABI-5-L-WHITE',
      'SHOP-PANJABI-5-M-WHITE',
      'SHOP-PANJABI-5-XL-WHITE',
    ])
    const [gift] = await t.db.select().from(products).where(eq(products.slug, 'shop-gift-box'))
    expect(gift?.status).toBe('draft')
    expect(await skusOf('shop-gift-box')).toEqual([
      { sku: 'GIFT-BOX', price: 300, discountedPrice: 300, stock: 12, size: null, colour: null },
    ])

    // the same export again changes nothing
    expect(await importFile(csv, false)).toMatchObject({ created: 0, updated: 0, unchanged: 91, failed: 1 })
  })
})

describe('a WooCommerce product export', () => {
  it('imports as the dry run predicts: variations under their product wherever they are in the file', {
    timeout: 120_000,
  }, async () => {
    const csv = wooExport(25)
    const dry = await importFile(csv, true)
    const done = await importFile(csv, false)
    expect(figures(done)).toEqual(figures(dry))
    // 25 variable products of 2 variations, 2 simple ones (skus are counted); the grouped product and the lost
    // variation refused
    expect(done).toMatchObject({ status: 'done', rowsRead: 79, created: 52, failed: 2 })
    expect(done.errors.map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'Type', message: 'Only simple and variable products are imported' },
      { field: 'Parent', message: "The file does not have this variation's product" },
    ])

    const [kurti] = await t.db.select().from(products).where(eq(products.slug, 'cotton-kurti-1'))
    expect(kurti).toMatchObject({
      name: 'Cotton Kurti 1',
      status: 'active',
      shortDescription: 'Everyday *kurti*',
    })
    expect(kurti?.longDescription).toBe('## Fabric\n\nCotton & linen 1')
    expect(await skusOf('cotton-kurti-1')).toEqual([
      { sku: 'WK-1-M', price: 1450, discountedPrice: 1450, stock: 4, size: 'M', colour: 'Red' },
      { sku: 'WK-1-S', price: 1450, discountedPrice: 1190, stock: 3, size: 'S', colour: 'Red' },
    ])
    const [hidden] = await t.db.select().from(products).where(eq(products.slug, 'cotton-kurti-3'))
    expect(hidden?.status).toBe('draft')
    expect((await skusOf('cotton-kurti-0')).map((row) => row.sku)).toEqual([
      'COTTON-KURTI-0-M-RED',
      'COTTON-KURTI-0-S-RED',
    ])
    const scarves = await t.db
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, ['silk-scarf', 'silk-scarf-9002']))
    expect(scarves.map((row) => row.slug).sort()).toEqual(['silk-scarf', 'silk-scarf-9002'])
    expect(await importFile(csv, false)).toMatchObject({ created: 0, updated: 0, unchanged: 52, failed: 2 })
  })
})

describe('the template', () => {
  it("as downloaded passes its own check: the shop's own category and brand, a draft without photos", {
    timeout: 120_000,
  }, async () => {
    const template = await adminCall(t.app, 'GET', 'imports/template.csv', { as: owner })
    expect(template.status).toBe(200)
    expect(template.headers['content-disposition']).toContain('products-template.csv')
    const checked = await importFile((template.body as { text: string }).text, true)
    expect(figures(checked)).toMatchObject({ status: 'done', rowsRead: 1, created: 1, failed: 0, errors: [] })
  })
})
