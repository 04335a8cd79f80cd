import { expect, test } from '@playwright/test'
import { signInAsOwner } from './admin-support'
import { API_HEADERS, catalogue } from './cart-support'
import { freshPhone } from './checkout-support'
import { expectAccessible } from './fixtures'

/**
 * The owner reads the demand for sold-out skus (docs/decisions/0040): shoppers ask to be told about one (through
 * the storefront's API, as the product page does), and the report and the product editor count them. A sku of
 * its own: the last sold-out one of the demo catalogue (the shopper's journey asks about the first).
 */
test('the owner sees how many shoppers wait for a sold-out size, in the report and the product editor', async ({
  page,
  request,
}) => {
  const products = await catalogue(request)
  const product = products.findLast((candidate) => candidate.skus.some((sku) => sku.stockQuantity === 0))
  const soldOut = product?.skus.find((sku) => sku.stockQuantity === 0)
  if (!product || !soldOut) throw new Error('the demo catalogue has no sold-out sku')
  for (let n = 0; n < 3; n += 1) {
    const asked = await request.post('/api/v1/stock-alerts', {
      headers: API_HEADERS,
      data: { sku: soldOut.id, phone: freshPhone(), language: 'en' },
    })
    expect(asked.status()).toBe(201)
  }

  await signInAsOwner(page)
  await page.goto('/admin/waiting-for-stock')
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for stock' })).toBeVisible()
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: soldOut.sku }) })
  await expect(row.getByRole('link', { name: product.name })).toBeVisible()
  const waiting = Number(await row.getByRole('cell').nth(1).textContent())
  // this journey's three, and as many from its run on the other screen
  expect(waiting).toBeGreaterThanOrEqual(3)
  await expectAccessible(page)

  await row.getByRole('link', { name: product.name }).click()
  await expect(page.getByText(`${waiting} shoppers waiting`)).toBeVisible()
})
