import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  brands,
  campaigns,
  catalogueImports,
  categories,
  products,
  skus,
} from '../../server/db/schema'
import { STALE_IMPORT_MS } from '../../server/repositories/catalogue-import/index'
import { IMPORT_COLUMNS, type ImportState } from '../../src/contract/admin-import'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { type Cells, csvOf, multipart, zipOf } from './import-support'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let category: string
let brand: string
let campaign: string

beforeAll(async () => {
  t = await createTestApp({ products: 6 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730002001', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730002002', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730002003', role: 'staff' }))
  const [someCategory] = await t.db.select({ slug: categories.slug }).from(categories).limit(1)
  const [someBrand] = await t.db.select({ slug: brands.slug }).from(brands).limit(1)
  const [someCampaign] = await t.db.select({ slug: campaigns.slug }).from(campaigns).limit(1)
  category = someCategory?.slug ?? ''
  brand = someBrand?.slug ?? ''
  campaign = someCampaign?.slug ?? ''
}, 120_000)
afterAll(() => t?.close())

/** Sends a file, waits for the import to end and reads its state. */
async function importFile(
  csv: string,
  options: { dryRun?: boolean; zip?: Buffer; as?: StaffCredentials } = {},
) {
  const sent = await adminCall(t.app, 'POST', `imports?dryRun=${options.dryRun ? 'true' : 'false'}`, {
    as: options.as ?? owner,
    ...multipart(csv, options.zip),
  })
  expect(sent.status).toBe(202)
  const id = (sent.body.data as { id: string }).id
  await t.app.catalogueImport.settle()
  const state = await adminCall(t.app, 'GET', `imports/${id}`, { as: options.as ?? owner })
  expect(state.status).toBe(200)
  return state.body.data as ImportState
}

const shirt = (slug: string, sku: string, size: string, extra: Cells = {}): Cells => ({
  product_slug: slug,
  name: 'Cotton shirt',
  name_bn: 'সুতি শার্ট',
  short_description: 'A shirt, soft',
  description: 'Line one,\nline two with "quotes"',
  category,
  brand,
  status: 'active',
  option1_name: 'Size',
  option1_value: size,
  option2_name: 'Colour',
  option2_value: 'Blue',
  sku,
  price: 1200,
  discounted_price: 999.5,
  vat: 5,
  stock: 4,
  weight_grams: 250,
  ...extra,
})

async function productBySlug(slug: string) {
  const [product] = await t.db.select().from(products).where(eq(products.slug, slug))
  return product
}

describe('the catalogue CSV import', () => {
  it('creates products with their skus, then a second import of the same file changes nothing', async () => {
    const csv = csvOf([
      shirt('imp-shirt', 'IMP-SH-M', 'M', { campaigns: campaign }),
      shirt('imp-shirt', 'IMP-SH-L', 'L', { campaigns: campaign }),
      shirt('imp-kurti', 'IMP-KU-S', 'S', { name: 'Kurti', price: 800, discounted_price: 800 }),
    ])
    const first = await importFile(csv)
    expect(first).toMatchObject({
      status: 'done',
      rowsRead: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: 0,
    })
    const shirtRow = await productBySlug('imp-shirt')
    // the file's discounted price is the shop's own: a running campaign it names puts its price on top at once
    const [deal] = await t.db.select().from(campaigns).where(eq(campaigns.slug, campaign))
    const at = t.app.clock.now()
    const running = deal !== undefined && deal.startsAt <= at && at < deal.endsAt
    const dealPrice = running
      ? Math.min(Math.round((1200 * (100 - (deal?.discountPercent ?? 0))) / 100), 999.5)
      : 999.5
    const [shirtSku] = await t.db.select().from(skus).where(eq(skus.sku, 'IMP-SH-M'))
    expect(shirtSku).toMatchObject({
      discountedPrice: dealPrice,
      regularDiscountedPrice: dealPrice === 999.5 ? null : 999.5,
    })
    expect(shirtRow).toMatchObject({
      name: 'Cotton shirt',
      nameBn: 'সুতি শার্ট',
      longDescription: 'Line one,\nline two with "quotes"',
      price: 1200,
      discountedPrice: dealPrice,
      stockQuantity: 8,
      inStock: true,
      sizes: ['M', 'L'],
      colours: ['Blue'],
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Blue'] },
      ],
    })
    expect(shirtRow?.searchText).toContain('cotton shirt')
    expect(shirtRow?.campaignIds.length).toBe(1)
    const version = shirtRow?.version

    const second = await importFile(csv)
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 3, failed: 0 })
    expect((await productBySlug('imp-shirt'))?.version).toBe(version)
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.import'))
    expect(entries.length).toBe(2)
  })

  it('updates a sku by its code and bumps its product version once', async () => {
    const before = await productBySlug('imp-shirt')
    const state = await importFile(
      csvOf([
        shirt('imp-shirt', 'IMP-SH-M', 'M', { campaigns: campaign, stock: 9 }),
        shirt('imp-shirt', 'IMP-SH-L', 'L', { campaigns: campaign }),
      ]),
    )
    expect(state).toMatchObject({ created: 0, updated: 1, unchanged: 1, failed: 0 })
    const after = await productBySlug('imp-shirt')
    expect(after?.version).toBe((before?.version ?? 0) + 1)
    expect(after?.stockQuantity).toBe(13)
  })

  it('renames a product whose every sku comes under a new slug, and its old address leads to it', async () => {
    await importFile(csvOf([shirt('imp-old-name', 'IMP-RN-M', 'M'), shirt('imp-old-name', 'IMP-RN-L', 'L')]))
    const before = await productBySlug('imp-old-name')
    // one row alone under the new slug would split the product: refused, nothing written
    const half = await importFile(csvOf([shirt('imp-new-name', 'IMP-RN-M', 'M', { stock: 7 })]))
    expect(half).toMatchObject({ updated: 0, failed: 1 })
    expect(half.errors[0]?.message).toContain('give all its rows the new slug')
    expect((await productBySlug('imp-old-name'))?.version).toBe(before?.version)

    const rows = [
      shirt('imp-new-name', 'IMP-RN-M', 'M', { stock: 7 }),
      shirt('imp-new-name', 'IMP-RN-L', 'L'),
    ]
    const dry = await importFile(csvOf(rows), { dryRun: true })
    expect(dry).toMatchObject({ created: 0, updated: 2, failed: 0 })
    expect(await productBySlug('imp-new-name')).toBeUndefined()

    const renamed = await importFile(csvOf(rows))
    expect(renamed).toMatchObject({ created: 0, updated: 2, failed: 0 })
    const after = await productBySlug('imp-new-name')
    expect(after?.id).toBe(before?.id)
    expect(after?.version).toBe((before?.version ?? 0) + 1)
    expect(await productBySlug('imp-old-name')).toBeUndefined()
    const old = await api(t.app, 'GET', 'product/storefront/imp-old-name')
    expect(old.status).toBe(200)
    expect(old.body.data).toMatchObject({ id: before?.id, slug: 'imp-new-name' })
    expect(await importFile(csvOf(rows))).toMatchObject({ updated: 0, unchanged: 2, failed: 0 })

    // the old slug now belongs to the renamed product's history: a new product cannot take it
    const taken = await importFile(csvOf([shirt('imp-old-name', 'IMP-RN-OTHER', 'M')]))
    expect(taken).toMatchObject({ created: 0, failed: 1 })
    expect(taken.errors[0]).toMatchObject({ field: 'product_slug' })
  })

  it('a dry run reports every refused row with its number and writes nothing', async () => {
    const rows: Cells[] = [
      shirt('imp-dry-a', 'IMP-DRY-1', 'M', { price: '12.345' }),
      shirt('imp-dry-b', 'IMP-DRY-2', 'M', { discounted_price: 1500 }),
      shirt('imp-dry-c', 'IMP-DRY-3', 'M', { category: 'no-such-category' }),
      shirt('imp-dry-d', 'IMP-DRY-4', 'M', { brand: 'no-such-brand' }),
      shirt('imp-dry-e', 'IMP-DRY-5', 'M', { campaigns: 'no-such-campaign' }),
      shirt('imp-dry-f', 'IMP-DRY-6', 'M', { images: 'missing.jpg' }),
      shirt('imp-dry-g', 'IMP-DRY-6', 'M'),
      shirt('imp-dry-h', 'IMP-DRY-8', 'M', { status: 'live' }),
      shirt('imp-dry-i', 'IMP-DRY-9', 'M'),
      shirt('imp-dry-i', 'IMP-DRY-10', 'L', { name: 'Another name' }),
      shirt('imp-dry-j', 'IMP-DRY-11', 'M', { stock: -2 }),
      shirt('imp-dry-ok', 'IMP-DRY-12', 'M'),
    ]
    const state = await importFile(csvOf(rows), { dryRun: true })
    expect(state).toMatchObject({ status: 'done', dryRun: true, rowsRead: 12, created: 1, failed: 11 })
    const byRow = (row: number) =>
      state.errors.filter((error) => error.row === row).map((error) => error.field)
    expect(byRow(2)).toEqual(['price'])
    expect(byRow(3)).toEqual(['discounted_price'])
    expect(byRow(4)).toEqual(['category'])
    expect(byRow(5)).toEqual(['brand'])
    expect(byRow(6)).toEqual(['campaigns'])
    expect(byRow(7)).toEqual(['images'])
    expect(byRow(8)).toEqual(['sku'])
    expect(byRow(9)).toEqual(['status'])
    expect(byRow(11)).toEqual(['name'])
    expect(byRow(10)).toEqual(['product_slug'])
    expect(byRow(12)).toEqual(['stock'])
    const written = await t.db
      .select()
      .from(products)
      .where(inArray(products.slug, ['imp-dry-ok', 'imp-dry-i']))
    expect(written).toEqual([])
    expect(await t.db.select().from(skus).where(eq(skus.sku, 'IMP-DRY-12'))).toEqual([])
  })

  it('a refused row leaves its whole product unwritten and the others written', async () => {
    const state = await importFile(
      csvOf([
        shirt('imp-half', 'IMP-HALF-1', 'M'),
        shirt('imp-half', 'IMP-HALF-2', 'L', { price: 'abc' }),
        shirt('imp-whole', 'IMP-WHOLE-1', 'M'),
      ]),
    )
    expect(state).toMatchObject({ created: 1, failed: 2 })
    expect(await productBySlug('imp-half')).toBeUndefined()
    expect(await productBySlug('imp-whole')).toBeDefined()
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/imports/${state.id}/errors.csv`,
      headers: { 'x-api-key': 'haat-demo-key', cookie: `haat_staff=${owner.cookie}` },
    })
    expect(report.statusCode).toBe(200)
    expect(report.headers['content-type']).toContain('text/csv')
    expect(report.body).toContain('row,sku,field,message')
    expect(report.body).toContain('3,IMP-HALF-2,price,')
  })

  it('reads Bangla text from a file with a BOM, quoted commas and line breaks', async () => {
    const state = await importFile(
      csvOf(
        [shirt('imp-bangla', 'IMP-BN-1', 'M', { name_bn: 'জামদানি, শাড়ি', description_bn: 'প্রথম লাইন\nদ্বিতীয়' })],
        '\uFEFF',
      ),
    )
    expect(state).toMatchObject({ status: 'done', created: 1, failed: 0 })
    expect(await productBySlug('imp-bangla')).toMatchObject({
      nameBn: 'জামদানি, শাড়ি',
      longDescriptionBn: 'প্রথম লাইন\nদ্বিতীয়',
    })
  })

  it('stores the photos of the ZIP once, and a re-import stores nothing new', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer()
    const zip = zipOf({ 'photos/front.jpg': photo })
    const csv = csvOf([shirt('imp-photo', 'IMP-PH-1', 'M', { images: 'front.jpg' })])
    const dry = await importFile(csv, { dryRun: true, zip })
    expect(dry).toMatchObject({ created: 1, failed: 0 })
    expect(await productBySlug('imp-photo')).toBeUndefined()
    expect(await importFile(csv, { zip })).toMatchObject({ created: 1, failed: 0 })
    const thumbnail = (await productBySlug('imp-photo'))?.thumbnail ?? ''
    expect(thumbnail).toMatch(/^products\/[0-9a-f]{24}\.webp$/)
    expect(await t.app.media.get(`xs/${thumbnail}`)).not.toBeNull()
    expect(await importFile(csv, { zip })).toMatchObject({ unchanged: 1, updated: 0 })
    expect((await productBySlug('imp-photo'))?.thumbnail).toBe(thumbnail)
  })

  it('fetches photos named by their web address, once each; one that gives none leaves a draft and says why', async () => {
    const jpeg = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer()
    const asked: string[] = []
    const shop = createServer((request, response) => {
      asked.push(request.url ?? '')
      if (request.url === '/front.jpg')
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
      if (request.url === '/moved.jpg') return response.writeHead(302, { location: '/front.jpg' }).end()
      if (request.url === '/page.html')
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>')
      if (request.url === '/huge.jpg') {
        return response
          .writeHead(200, { 'content-length': String(6 * 1024 * 1024) })
          .end(Buffer.alloc(6 * 1024 * 1024))
      }
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
    const at = (path: string) => `http://127.0.0.1:${(shop.address() as AddressInfo).port}${path}`
    t.app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS = true
    try {
      const csv = csvOf([
        shirt('imp-web-a', 'IMP-WEB-A', 'M', { images: `${at('/front.jpg')}|${at('/moved.jpg')}` }),
        shirt('imp-web-b', 'IMP-WEB-B', 'M', { images: at('/front.jpg') }),
      ])
      // a check fetches each address once, as the import does, and keeps nothing
      expect(await importFile(csv, { dryRun: true })).toMatchObject({
        created: 2,
        failed: 0,
        warningCount: 0,
      })
      expect(asked.sort()).toEqual(['/front.jpg', '/front.jpg', '/moved.jpg'])
      asked.length = 0
      expect(await importFile(csv)).toMatchObject({ created: 2, failed: 0, drafts: 0, warningCount: 0 })
      const front = (await productBySlug('imp-web-a'))?.thumbnail ?? ''
      expect(front).toMatch(/^products\/[0-9a-f]{24}\.webp$/)
      // the same photo at two addresses is one photo of the product; the other product's was fetched once
      expect((await productBySlug('imp-web-b'))?.thumbnail).toBe(front)
      expect(asked.sort()).toEqual(['/front.jpg', '/front.jpg', '/moved.jpg'])
      expect(await t.app.media.get(`xs/${front}`)).not.toBeNull()

      const drafted = await importFile(
        csvOf([
          shirt('imp-web-c', 'IMP-WEB-C', 'M', { images: `${at('/page.html')}|${at('/front.jpg')}` }),
          shirt('imp-web-d', 'IMP-WEB-D', 'M', { images: at('/gone.jpg') }),
          shirt('imp-web-e', 'IMP-WEB-E', 'M', { images: at('/huge.jpg'), status: 'archived' }),
          shirt('imp-web-f', 'IMP-WEB-F', 'M', { images: 'ftp://example.com/a.jpg' }),
        ]),
      )
      expect(drafted).toMatchObject({ created: 3, failed: 1, drafts: 2, warningCount: 3 })
      expect(drafted.errors.map((error) => error.message)).toEqual([
        'The photo ftp://example.com/a.jpg is not in the ZIP',
      ])
      expect(drafted.warnings).toEqual([
        {
          row: 2,
          sku: 'IMP-WEB-C',
          field: 'images',
          address: at('/page.html'),
          message: 'The address gave no JPEG, PNG or WebP photo',
        },
        {
          row: 3,
          sku: 'IMP-WEB-D',
          field: 'images',
          address: at('/gone.jpg'),
          message: 'The address answered 404 instead of a photo',
        },
        {
          row: 4,
          sku: 'IMP-WEB-E',
          field: 'images',
          address: at('/huge.jpg'),
          message: 'The photo is above 5 MB',
        },
      ])
      // imported without the photo that gave none, the others kept; an active one waits as a draft
      expect(await productBySlug('imp-web-c')).toMatchObject({ status: 'draft', thumbnail: front })
      expect(await productBySlug('imp-web-d')).toMatchObject({ status: 'draft', thumbnail: '' })
      expect(await productBySlug('imp-web-e')).toMatchObject({ status: 'archived', thumbnail: '' })
      expect(await productBySlug('imp-web-f')).toBeUndefined()

      // as a shop runs: the server's own network is not asked at all
      t.app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS = false
      asked.length = 0
      const local = await importFile(
        csvOf([shirt('imp-web-g', 'IMP-WEB-G', 'M', { images: at('/front.jpg') })]),
      )
      expect(local).toMatchObject({ created: 1, drafts: 1, errorCount: 0 })
      expect(local.warnings.map((warning) => warning.message)).toEqual([
        'This address is not on the public internet',
      ])
      expect(asked).toEqual([])
    } finally {
      t.app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS = false
      await new Promise((resolve) => shop.close(resolve))
    }
  })

  it('refuses a file without the format columns', async () => {
    const state = await importFile('slug,title\nx,y\n')
    expect(state.status).toBe('failed')
    expect(state.errors.map((error) => error.field)).toContain('product_slug')
  })

  it('the export re-imports as all unchanged, seeded products included', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/products/export.csv',
      headers: { 'x-api-key': 'haat-demo-key', cookie: `haat_staff=${manager.cookie}` },
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.body.startsWith(`\uFEFF${IMPORT_COLUMNS.join(',')}`)).toBe(true)
    const rows = await t.db.select({ id: skus.id }).from(skus)
    const state = await importFile(exported.body, { as: manager })
    expect(state).toMatchObject({ status: 'done', rowsRead: rows.length, created: 0, updated: 0, failed: 0 })
    expect(state.unchanged).toBe(rows.length)
  })

  it('admits owners and managers, not other staff', async () => {
    const csv = csvOf([shirt('imp-role', 'IMP-ROLE-1', 'M')])
    const refused = await adminCall(t.app, 'POST', 'imports?dryRun=true', { as: staff, ...multipart(csv) })
    expect(refused.status).toBe(403)
    const exported = await adminCall(t.app, 'GET', 'products/export.csv', { as: staff })
    expect(exported.status).toBe(403)
    expect(
      (await adminCall(t.app, 'GET', 'imports/00000000-0000-4000-8000-000000000000', { as: owner })).status,
    ).toBe(404)
  })

  it('shows an import whose process stopped as failed, and leaves one still saving its progress running', async () => {
    const quiet = new Date(Date.now() - STALE_IMPORT_MS - 60_000)
    const [stopped, alive] = await t.db
      .insert(catalogueImports)
      .values([
        { fileName: 'stopped.csv', dryRun: false, updatedAt: quiet },
        { fileName: 'alive.csv', dryRun: false, updatedAt: new Date() },
      ])
      .returning({ id: catalogueImports.id })
    const read = async (id: string) =>
      (await adminCall(t.app, 'GET', `imports/${id}`, { as: owner })).body.data as ImportState
    expect(await read(stopped?.id ?? '')).toMatchObject({
      status: 'failed',
      errors: [{ row: 0, field: 'file', message: 'The import stopped: try again' }],
    })
    expect(await read(alive?.id ?? '')).toMatchObject({ status: 'running', errors: [] })
    // the next imports are not kept waiting for it
    await t.db.delete(catalogueImports).where(eq(catalogueImports.id, alive?.id ?? ''))
  })

  it('imports 10,000 rows', async () => {
    const rows: Cells[] = []
    for (let product = 0; product < 2500; product += 1) {
      for (const size of ['S', 'M', 'L', 'XL']) {
        rows.push(
          shirt(`imp-bulk-${product}`, `IMP-BULK-${product}-${size}`, size, {
            name: `Bulk shirt ${product}`,
          }),
        )
      }
    }
    const started = Date.now()
    const state = await importFile(csvOf(rows))
    const seconds = (Date.now() - started) / 1000
    expect(state).toMatchObject({ status: 'done', rowsRead: 10_000, created: 10_000, failed: 0 })
    expect(state.bytesRead).toBe(state.bytesTotal)
    console.info(`10,000 rows imported in ${seconds.toFixed(1)} s`)
  }, 120_000)
})
