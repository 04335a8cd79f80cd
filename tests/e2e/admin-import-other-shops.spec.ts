import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { FIXTURE_FILES, skuCount } from '../fixtures/other-shops/generate'
import { type PhotoServer, startPhotoServer } from '../fixtures/other-shops/photo-server'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import { expectAccessible } from './fixtures'
import { startImportInTurn } from './import-support'

// A shop moving in: the owner checks the product export of its old platform, reads what the import would do,
// imports it and finds that it did just that (docs/catalogue-csv.md, "Files from Shopify and WooCommerce").

const COUNTS = ['Added', 'Updated', 'Unchanged', 'Refused', 'Drafts: photo missing'] as const

/** What the result shows: the rows read, each count, and the photos left out. */
async function result(page: Page) {
  const counts: Record<string, string> = {}
  for (const label of COUNTS) {
    counts[label] =
      (await page.getByRole('term').filter({ hasText: label }).locator('+ dd').textContent()) ?? ''
  }
  const photos = page.getByRole('table', { name: 'Photos left out' }).locator('tbody tr')
  return {
    rows: await page.getByText(/rows? read\./).textContent(),
    counts,
    photosLeftOut: await photos.allTextContents(),
  }
}

let photos: PhotoServer
test.beforeAll(async () => {
  photos = await startPhotoServer()
})
test.afterAll(async () => {
  await photos?.close()
})

test.describe('moving in from Shopify and WooCommerce', () => {
  test('the owner checks each export, then imports it, and the import does what the check said', async ({
    page,
  }, testInfo) => {
    // two files of a hundred products and their photos, twice each, and maybe another journey's import first
    test.setTimeout(600_000)
    await signInAsOwner(page)
    await page.goto('/admin/import')
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible()

    const timings: string[] = []
    for (const [format, drafts] of [
      ['shopify', 2],
      ['woocommerce', 3],
    ] as const) {
      const csv = photos.served(readFileSync(FIXTURE_FILES[format], 'utf8'))
      await page
        .getByLabel('CSV file (one row per SKU)')
        .setInputFiles({ name: `${format}-products.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })

      // the check: what the import would add, and which photos it would leave out
      const checking = await startImportInTurn(page, page.getByRole('button', { name: 'Check file' }))
      await expect(page.getByRole('heading', { name: 'Check finished: nothing was saved' })).toBeVisible({
        timeout: 180_000,
      })
      const checkSeconds = (performance.now() - checking) / 1000
      const checked = await result(page)
      expect(checked.counts).toEqual({
        Added: String(skuCount(format)),
        Updated: '0',
        Unchanged: '0',
        Refused: '0',
        'Drafts: photo missing': String(drafts),
      })
      await expect(page.getByRole('heading', { name: '3 photos left out' })).toBeVisible()
      expect(checked.photosLeftOut).toHaveLength(3)
      expect(checked.photosLeftOut.join('\n')).toContain('The address answered 404 instead of a photo')
      expect(checked.photosLeftOut.join('\n')).toContain('No photo came within 3 seconds')
      if (format === 'shopify') {
        await expectAccessible(page)
        await expectNoSidewaysScroll(page)
      }

      // the import: the same counts, the same photos left out
      const importing = await startImportInTurn(
        page,
        page.getByRole('button', { name: 'Import', exact: true }),
      )
      await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 180_000 })
      const importSeconds = (performance.now() - importing) / 1000
      expect(await result(page)).toEqual(checked)

      const timing = `${format}: ${skuCount(format)} SKUs, check ${checkSeconds.toFixed(1)} s, import ${importSeconds.toFixed(1)} s`
      timings.push(timing)
      console.log(`import time, ${timing}`)
    }
    testInfo.annotations.push({ type: 'import time', description: timings.join('; ') })
  })
})
