import { parse } from 'csv-parse/sync'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, catalogueImports, categories, products } from '../../server/db/schema'
import { IMPORT_COLUMNS, type ImportState } from '../../src/contract/admin-import'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'
import { csvOf, multipart, zipOf } from './import-support'

let t: TestApp
let owner: StaffCredentials
let category: string
let brand: string

beforeAll(async () => {
  t = await createTestApp({ products: 2 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730003001', role: 'owner' }))
  category = (await t.db.select({ slug: categories.slug }).from(categories).limit(1))[0]?.slug ?? ''
  brand = (await t.db.select({ slug: brands.slug }).from(brands).limit(1))[0]?.slug ?? ''
}, 120_000)
afterAll(() => t?.close())

/** A file of the format's header and `rows` rows naming a product and nothing else: two errors each. */
const oneCellRows = (rows: number) => `${IMPORT_COLUMNS.join(',')}\n${'x\n'.repeat(rows)}`

const send = (csv: string, zip?: Buffer, dryRun = true) =>
  adminCall(t.app, 'POST', `imports?dryRun=${dryRun}`, { as: owner, ...multipart(csv, zip) })

/** Sends a file, waits for its import to end; its state. */
async function importFile(csv: string, dryRun = false) {
  const sent = await send(csv, undefined, dryRun)
  expect(sent.status).toBe(202)
  await t.app.catalogueImport.settle()
  const id = (sent.body.data as { id: string }).id
  return (await adminCall(t.app, 'GET', `imports/${id}`, { as: owner })).body.data as ImportState
}

const importsRecorded = async () => (await t.db.select({ n: count() }).from(catalogueImports))[0]?.n ?? 0

/** The import's report as a spreadsheet reads it: its rows, the header first. */
async function errorReport(id: string, language = 'en') {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/imports/${id}/errors.csv?lang=${language}`,
    headers: { 'x-api-key': 'haat-demo-key', cookie: `haat_staff=${owner.cookie}` },
  })
  expect(answer.statusCode).toBe(200)
  return parse(answer.body, { bom: true }) as string[][]
}

describe('what one catalogue import takes', () => {
  it('keeps the first 1,000 errors of a file full of refused rows and counts them all', async () => {
    const sent = await send(oneCellRows(5_000))
    expect(sent.status).toBe(202)
    const id = (sent.body.data as { id: string }).id
    await t.app.catalogueImport.settle()
    const state = (await adminCall(t.app, 'GET', `imports/${id}`, { as: owner })).body.data as ImportState
    expect(state).toMatchObject({ status: 'done', rowsRead: 5_000, failed: 5_000, errorCount: 10_000 })
    expect(state.errors).toHaveLength(200)
    // what the database holds of it, and every status poll reads: the first 1,000
    const [stored] = await t.db
      .select({ kept: sql<number>`jsonb_array_length(${catalogueImports.errors})` })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, id))
    expect(stored?.kept).toBe(1_000)
    const report = await errorReport(id)
    expect(report).toHaveLength(1 + 1_000 + 1)
    expect(report[0]).toEqual(['row', 'sku', 'field', 'message', 'kind', 'address'])
    expect(report[1]?.slice(0, 3)).toEqual(['2', '', 'sku'])
    expect(report.at(-1)).toEqual([
      '',
      '',
      '',
      'And 9000 more errors, not listed: correct these, then check the file again',
      'error',
      '',
    ])
    expect((await errorReport(id, 'bn')).at(-1)?.[3]).toBe(
      'আরও ৯০০০টি সমস্যা তালিকায় নেই: এগুলো ঠিক করে ফাইলটি আবার যাচাই করুন',
    )
  }, 60_000)

  it('refuses a file of more than 100,000 rows while it is sent, and records no import', async () => {
    const before = await importsRecorded()
    const refused = await send(oneCellRows(100_001))
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { file: ['A file can have at most 100,000 rows'] } },
    })
    // quoted line breaks are inside a row: a file of long multi-line descriptions is counted by its rows
    const quoted = `${IMPORT_COLUMNS.join(',')}\n${'"a\nb\r\nc",\n'.repeat(100_001)}`
    expect((await send(quoted)).status).toBe(413)
    expect(await importsRecorded()).toBe(before)
  })

  it('refuses a CSV of more than 100 MB', async () => {
    const refused = await send(`${IMPORT_COLUMNS.join(',')}\n"${'a'.repeat(100 * 1024 * 1024)}"\n`)
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { file: ['The CSV file can be at most 100 MB'] } },
    })
  }, 60_000)

  it('refuses a ZIP of more than 10,000 files before listing them', async () => {
    const before = await importsRecorded()
    const empty = Buffer.alloc(0)
    const files = Object.fromEntries(Array.from({ length: 10_001 }, (_, index) => [`e${index}`, empty]))
    const refused = await send(oneCellRows(1), zipOf(files))
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { images: ['The images ZIP can hold at most 10,000 files'] } },
    })
    expect(await importsRecorded()).toBe(before)
  })

  it('refuses a ZIP whose files would unpack to more than 1 GB', async () => {
    const small = Buffer.from('x')
    const zip = zipOf({ 'a.jpg': small, 'b.jpg': small, 'c.jpg': small }, { unpackedSize: 400 * 1024 * 1024 })
    const refused = await send(oneCellRows(1), zip)
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { images: ['The images ZIP can hold at most 1 GB once unpacked'] } },
    })
  })

  it('runs one import at a time', async () => {
    const [running] = await t.db
      .insert(catalogueImports)
      .values({ fileName: 'running.csv', dryRun: true, updatedAt: new Date() })
      .returning({ id: catalogueImports.id })
    const refused = await send(oneCellRows(1))
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { file: ['An import is running: wait for it to end'] } },
    })
    await t.db.delete(catalogueImports).where(eq(catalogueImports.id, running?.id ?? ''))
    expect((await send(oneCellRows(1))).status).toBe(202)
    await t.app.catalogueImport.settle()
  })
})

describe('cells a spreadsheet would run as formulas', () => {
  const formula = '=HYPERLINK("http://evil.test","Click")'

  it('are written as text in the catalogue export, which imports back unchanged', async () => {
    const shirt = {
      product_slug: 'fx-shirt',
      name: formula,
      description: '-- hand woven',
      meta_title: '@home',
      category,
      brand,
      sku: 'FX-SHIRT-1',
      price: 900,
    }
    expect(await importFile(csvOf([shirt]))).toMatchObject({ status: 'done', created: 1, failed: 0 })
    const exported = await adminCall(t.app, 'GET', 'products/export.csv', { as: owner })
    expect(exported.status).toBe(200)
    const rows = parse(String(exported.body.text), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.find((row) => row.sku === 'FX-SHIRT-1')).toMatchObject({
      name: `'${formula}`,
      description: "'-- hand woven",
      meta_title: "'@home",
    })
    expect(await importFile(String(exported.body.text))).toMatchObject({ updated: 0, failed: 0 })
    const [stored] = await t.db.select().from(products).where(eq(products.slug, 'fx-shirt'))
    expect(stored).toMatchObject({ name: formula, longDescription: '-- hand woven', metaTitle: '@home' })
  })

  it('are written as text in the error report', async () => {
    const state = await importFile(csvOf([{ product_slug: 'fx-bad', name: 'Bad', sku: formula }]), true)
    const report = await errorReport(state.id)
    expect(report.filter((row) => row[2] === 'sku').map((row) => row[1])).toEqual([`'${formula}`])
  })
})
