import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import type { ImportState } from '../../src/contract/admin-import'
import type { AdminProduct } from '../../src/contract/admin-product'
import { FIXTURE_FILES, PRODUCTS_PER_FILE, skuCount } from '../fixtures/other-shops/generate'
import { type PhotoServer, startPhotoServer } from '../fixtures/other-shops/photo-server'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'
import { multipart } from './import-support'

// A shop moving in whose old platform's photos are not all there (docs/catalogue-csv.md, "Images"): a photo that
// gives none leaves its product a draft without it, with a warning, and the check says so before the import.

let t: TestApp
let owner: StaffCredentials
let photos: PhotoServer

beforeAll(async () => {
  // a photo that never answers is given up on sooner than a shop's 20 s, still long past a loaded machine's photo
  t = await createTestApp({
    products: 2,
    config: { IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS: true, IMPORT_PHOTO_TIMEOUT_MS: 1500 },
  })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730002301', role: 'owner' }))
  photos = await startPhotoServer()
}, 120_000)
afterAll(async () => {
  await photos?.close()
  await t?.close()
})

async function importFile(csv: string, dryRun: boolean) {
  const sent = await adminCall(t.app, 'POST', `imports?dryRun=${dryRun}`, { as: owner, ...multipart(csv) })
  expect(sent.status).toBe(202)
  await t.app.catalogueImport.settle()
  const state = await adminCall(t.app, 'GET', `imports/${(sent.body.data as { id: string }).id}`, {
    as: owner,
  })
  return state.body.data as ImportState
}

/** Everything a check predicts of an import. */
const figures = (state: ImportState) => ({
  status: state.status,
  rowsRead: state.rowsRead,
  created: state.created,
  updated: state.updated,
  unchanged: state.unchanged,
  failed: state.failed,
  drafts: state.drafts,
  errorCount: state.errorCount,
  errors: state.errors,
  warningCount: state.warningCount,
  warnings: state.warnings,
})

/** The fixture as a test sends it, its photos on the loopback server; and its rows as read, the header row 1. */
function fixture(format: keyof typeof FIXTURE_FILES) {
  const csv = photos.served(readFileSync(FIXTURE_FILES[format], 'utf8'))
  const rows = parse(csv) as string[][]
  const header = rows[0] ?? []
  /** the file's row (1-based) whose `column` cell holds `text`, and that cell */
  const rowWith = (column: string, text: string) => {
    const at = header.indexOf(column)
    const index = rows.findIndex((cells) => cells[at]?.includes(text))
    return { row: index + 1, cell: (rows[index]?.[at] ?? '').split(',').find((url) => url.includes(text)) }
  }
  return { csv, rowWith }
}

const productBySlug = async (slug: string) =>
  (await t.db.select().from(products).where(eq(products.slug, slug)))[0]

describe('a Shopify export whose photos are not all there', () => {
  it('imports as its check predicts: the products without their missing photos, as drafts, with warnings', async () => {
    const { csv, rowWith } = fixture('shopify')
    const dry = await importFile(csv, true)
    expect(await t.db.select().from(products).where(like(products.slug, '%-sh'))).toEqual([])
    const done = await importFile(csv, false)
    expect(figures(done)).toEqual(figures(dry))
    expect(done).toMatchObject({
      status: 'done',
      created: skuCount('shopify'),
      updated: 0,
      failed: 0,
      errorCount: 0,
      // the 32nd product is a draft on Shopify already: only the 8th and the 20th become drafts
      drafts: 2,
      warningCount: 3,
    })
    const missing = rowWith('Image Src', '-missing.jpg')
    const page = rowWith('Image Src', '-page.jpg')
    const slow = rowWith('Image Src', '-slow.jpg')
    expect(done.warnings).toEqual([
      {
        row: missing.row,
        sku: expect.stringMatching(/^SH-08-/),
        field: 'Image Src',
        address: missing.cell,
        message: 'The address answered 404 instead of a photo',
      },
      {
        row: page.row,
        sku: expect.stringMatching(/^SH-20-/),
        field: 'Image Src',
        address: page.cell,
        message: 'The address gave no JPEG, PNG or WebP photo',
      },
      {
        row: slow.row,
        sku: expect.stringMatching(/^SH-32-/),
        field: 'Image Src',
        address: slow.cell,
        message: 'No photo came within 1.5 seconds',
      },
    ])
    // the 8th keeps the photos that came, the 20th has none; the others are as Shopify had them
    const eighth = await t.db.select().from(products).where(like(products.slug, '%-08-sh'))
    expect(eighth[0]?.status).toBe('draft')
    expect(eighth[0]?.thumbnail.split(',').length).toBeGreaterThan(0)
    expect((await t.db.select().from(products).where(like(products.slug, '%-20-sh')))[0]).toMatchObject({
      status: 'draft',
      thumbnail: '',
    })
    const imported = await t.db.select().from(products).where(like(products.slug, '%-sh'))
    expect(imported).toHaveLength(PRODUCTS_PER_FILE)
    expect(imported.filter((product) => product.status === 'active')).toHaveLength(PRODUCTS_PER_FILE - 6 - 2)

    // the report lists the warnings after the errors, with their addresses
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/imports/${done.id}/errors.csv?lang=bn`,
      headers: { 'x-api-key': 'haat-demo-key', cookie: `haat_staff=${owner.cookie}` },
    })
    const lines = parse(report.body, { bom: true }) as string[][]
    expect(lines[0]).toEqual(['row', 'sku', 'field', 'message', 'kind', 'address'])
    expect(lines.slice(1).map((line) => [line[0], line[2], line[3], line[4], line[5]])).toEqual([
      [String(missing.row), 'Image Src', 'ঠিকানাটি ছবির বদলে ৪০৪ উত্তর দিয়েছে', 'সতর্কতা', missing.cell],
      [String(page.row), 'Image Src', 'ঠিকানাটি থেকে কোনো JPEG, PNG বা WebP ছবি পাওয়া যায়নি', 'সতর্কতা', page.cell],
      [String(slow.row), 'Image Src', '১.৫ সেকেন্ডের মধ্যে কোনো ছবি আসেনি', 'সতর্কতা', slow.cell],
    ])
  }, 120_000)

  it('a product imported without photos is edited as a draft; publishing it asks for a photo', async () => {
    const [imported] = await t.db.select().from(products).where(like(products.slug, '%-20-sh'))
    expect(imported?.thumbnail).toBe('')
    const read = await adminCall(t.app, 'GET', `products/${imported?.id}`, { as: owner })
    expect(read.status).toBe(200)
    const {
      id: _id,
      updatedAt: _at,
      updatedBy: _by,
      formerSlugs: _former,
      ...body
    } = read.body.data as AdminProduct
    expect(body).toMatchObject({ status: 'draft', images: [] })

    const skus = body.skus.map((sku) => ({
      ...sku,
      price: sku.price + 100,
      discountedPrice: sku.price + 100,
    }))
    const saved = await adminCall(t.app, 'PUT', `products/${imported?.id}`, {
      as: owner,
      body: { ...body, skus },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ status: 'draft', images: [], version: body.version + 1 })
    expect((saved.body.data as AdminProduct).skus.map((sku) => sku.price)).toEqual(
      skus.map((sku) => sku.price),
    )

    const published = await adminCall(t.app, 'PUT', `products/${imported?.id}`, {
      as: owner,
      body: { ...body, skus, status: 'active', version: body.version + 1 },
    })
    expect(published.status).toBe(400)
    expect(published.body.error).toEqual({ images: ['Add an image before publishing'] })
    expect((await productBySlug(imported?.slug ?? ''))?.status).toBe('draft')
  })
})

describe('a WooCommerce export whose photos are not all there', () => {
  it('imports as its check predicts, a warning on the row that names each missing photo', async () => {
    const { csv, rowWith } = fixture('woocommerce')
    const dry = await importFile(csv, true)
    const done = await importFile(csv, false)
    expect(figures(done)).toEqual(figures(dry))
    expect(done).toMatchObject({
      status: 'done',
      created: skuCount('woocommerce'),
      failed: 0,
      errorCount: 0,
      drafts: 3,
      warningCount: 3,
    })
    const missing = rowWith('Images', '-missing.jpg')
    const page = rowWith('Images', '-page.jpg')
    const slow = rowWith('Images', '-slow.jpg')
    expect(
      done.warnings.map(({ row, field, address, message }) => ({ row, field, address, message })),
    ).toEqual([
      {
        row: missing.row,
        field: 'Images',
        address: missing.cell?.trim(),
        message: 'The address answered 404 instead of a photo',
      },
      {
        row: page.row,
        field: 'Images',
        address: page.cell?.trim(),
        message: 'The address gave no JPEG, PNG or WebP photo',
      },
      {
        row: slow.row,
        field: 'Images',
        address: slow.cell?.trim(),
        message: 'No photo came within 1.5 seconds',
      },
    ])
    // the same file again: the photos that came are the same files, the missing ones still missing
    const again = await importFile(csv, false)
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: skuCount('woocommerce'), drafts: 3 })
  }, 120_000)
})
