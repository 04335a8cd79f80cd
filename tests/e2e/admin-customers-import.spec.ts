import { readFileSync } from 'node:fs'
import { expect, type Locator, test } from '@playwright/test'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import { expectAccessible } from './fixtures'

/** Shopify's customers export of 60 customers (tests/fixtures/other-shops/generate-customers.ts). */
const shopifyCustomers = readFileSync(
  new URL('../fixtures/other-shops/shopify-customers.csv', import.meta.url),
)

const count = (panel: Locator, label: string) =>
  panel.getByRole('term').filter({ hasText: label }).locator('+ dd')

test("the owner brings customers in from a Shopify export, then reads a number's history at the previous shop", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsOwner(page)
  await page.goto('/admin/import')
  const panel = page.getByRole('region', { name: 'Customers from another shop' })
  await expect(panel).toBeVisible()
  await panel
    .getByLabel('Customers or orders export (CSV)')
    .setInputFiles({ name: 'customers_export.csv', mimeType: 'text/csv', buffer: shopifyCustomers })

  // the check saves nothing, and says what the import will do
  await panel.getByRole('button', { name: 'Check customers file' }).click()
  await expect(panel.getByRole('heading', { name: 'Check finished: nothing was saved' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(panel.getByText('A Shopify customers export. 60 rows read.')).toBeVisible()
  await expect(count(panel, 'Left out (no mobile number)')).toHaveText('10')
  await expect(count(panel, 'Rows of a number already read')).toHaveText('2')
  const left = panel.getByRole('region', { name: 'Rows left out' })
  await expect(left.getByRole('row')).toHaveCount(11)
  // row 6 of the file: a number from abroad
  await expect(left.getByRole('row').nth(1)).toContainText('Tanvir Khan')
  await expect(left.getByRole('row').nth(1)).toContainText(
    'Not a Bangladeshi mobile number: the row is left out',
  )
  await expectAccessible(page)

  await panel.getByRole('button', { name: 'Import customers' }).click()
  await expect(panel.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 })
  await expect(count(panel, 'Notes kept')).toHaveText('10')
  await expectNoSidewaysScroll(page)

  // the number as the old shop wrote it, with its country code
  await page.goto('/admin/customers')
  await page.getByLabel('Search', { exact: true }).fill('+880 1712-000000')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 customer' })).toBeVisible()
  await page.getByRole('link', { name: 'Rahim Hossain' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Rahim Hossain' })).toBeVisible()
  await expect(
    page.getByText(/^From your previous shop: 1 order, 0 delivered, 0 cancelled, 0 returned/),
  ).toBeVisible()
  await expect(page.getByText('Prefers evening delivery (customer 0)')).toBeVisible()
  await expect(page.getByText('From Shopify', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
})
