import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { IMPORT_COLUMNS } from '../../src/contract/admin-import'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { expectAccessible } from './fixtures'
import { startImportInTurn } from './import-support'

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>

/**
 * 500 rows: 247 products in two sizes, and six products of one sku, three of them refused (a price with
 * three decimals, a discounted price above the price, a category that does not exist). Returns the file and
 * the refused rows' numbers in the file (the header is row 1).
 */
function generatedCsv(stamp: string, category: string, brand: string) {
  const row = (slug: string, sku: string, size: string, extra: Row = {}): Row => ({
    product_slug: slug,
    name: `Import shirt ${slug.slice(-6)}`,
    name_bn: 'ইমপোর্ট শার্ট',
    category,
    brand,
    status: 'draft',
    option1_name: 'Size',
    option1_value: size,
    sku,
    price: '1500',
    discounted_price: '1200',
    vat: '5',
    stock: '7',
    ...extra,
  })
  // before which product each single comes, and whether it is refused
  const singles = new Map<number, Row>([
    [20, row(`${stamp}-bad-a`, `${stamp}-BAD-A`.toUpperCase(), 'M', { price: '12.345' })],
    [30, row(`${stamp}-good-a`, `${stamp}-GOOD-A`.toUpperCase(), 'M')],
    [105, row(`${stamp}-bad-b`, `${stamp}-BAD-B`.toUpperCase(), 'M', { discounted_price: '1600' })],
    [150, row(`${stamp}-good-b`, `${stamp}-GOOD-B`.toUpperCase(), 'M')],
    [206, row(`${stamp}-bad-c`, `${stamp}-BAD-C`.toUpperCase(), 'M', { category: `${stamp}-nowhere` })],
    [225, row(`${stamp}-good-c`, `${stamp}-GOOD-C`.toUpperCase(), 'M')],
  ])
  const rows: Row[] = []
  const bad: number[] = []
  for (let product = 0; product < 247; product += 1) {
    const single = singles.get(product)
    if (single) {
      rows.push(single)
      if (single.product_slug?.includes('-bad-')) bad.push(rows.length + 1)
    }
    for (const size of ['M', 'L']) {
      rows.push(row(`${stamp}-p${product}`, `${stamp}-P${product}-${size}`.toUpperCase(), size))
    }
  }
  const lines = [
    IMPORT_COLUMNS.join(','),
    ...rows.map((cells) => IMPORT_COLUMNS.map((c) => cells[c] ?? '').join(',')),
  ]
  return { csv: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`), bad, rows: rows.length }
}

async function chooseCsv(page: Page, csv: Buffer) {
  await page
    .getByLabel('CSV file (one row per SKU)')
    .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: csv })
}

const count = (page: Page, label: string) => page.getByRole('term').filter({ hasText: label }).locator('+ dd')

async function expectRefusedRows(page: Page, bad: number[]) {
  const table = page.getByRole('table', { name: 'Refused rows' })
  const numbers = await table.locator('tbody tr td:first-child').allTextContents()
  expect(numbers).toEqual(bad.map(String))
}

test.describe('importing the catalogue from a CSV file', () => {
  test('the owner checks a 500-row file, sees its 3 bad rows, imports it and reads the report', async ({
    page,
  }, testInfo) => {
    // another journey's import may be running: this one waits its turn
    test.setTimeout(300_000)
    const api = await ownerApi(page)
    const refs = (await (await api.get('/api/v1/admin/catalogue-refs')).json()) as {
      data: { categories: { slug: string }[]; brands: { slug: string }[] }
    }
    const stamp = `e2e-imp-${testInfo.project.name}-${Date.now().toString(36)}`
    const { csv, bad, rows } = generatedCsv(
      stamp,
      refs.data.categories[0]?.slug ?? '',
      refs.data.brands[0]?.slug ?? '',
    )
    expect(rows).toBe(500)

    await signInAsOwner(page)
    await page.goto('/admin/import')
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible()
    await expectAccessible(page)

    // the check writes nothing and finds the three rows
    await chooseCsv(page, csv)
    await startImportInTurn(page, page.getByRole('button', { name: 'Check file' }))
    await expect(page.getByRole('heading', { name: 'Check finished: nothing was saved' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByText('500 rows read.')).toBeVisible()
    await expect(count(page, 'Added')).toHaveText('497')
    await expect(count(page, 'Refused')).toHaveText('3')
    await expectRefusedRows(page, bad)
    const before = await (await api.get('/api/v1/admin/products/export.csv')).text()
    expect(before).not.toContain(stamp)

    // the import writes the 497 and refuses the same 3
    await startImportInTurn(page, page.getByRole('button', { name: 'Import', exact: true }))
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 })
    await expect(count(page, 'Added')).toHaveText('497')
    await expect(count(page, 'Refused')).toHaveText('3')
    await expectRefusedRows(page, bad)
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the report (CSV)' }).click(),
    ])
    const report = readFileSync((await download.path()) ?? '', 'utf8')
    const reportRows = report
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => Number(line.split(',')[0]))
    expect(reportRows).toEqual(bad)

    // the products are there, as drafts, in the export
    const exported = await (await api.get('/api/v1/admin/products/export.csv')).text()
    expect(exported.split(stamp.toUpperCase()).length - 1).toBe(497)
  })
})
