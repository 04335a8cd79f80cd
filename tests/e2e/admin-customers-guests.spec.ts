import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import {
  addFromProductPage,
  fillGuestCheckout,
  guestAtCheckout,
  pickProduct,
  placeAndReadNumber,
} from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own product, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName.startsWith('mobile') ? 60 : 62)

const COD_REFUSED = 'Cash on delivery is not available for this number. Please contact the shop.'

test('the owner finds a guest who ordered by number, blocks the number, and its next cash-on-delivery order is refused', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000)
  // a guest orders with cash on delivery, never registering
  const { context, page: shop, phone } = await guestAtCheckout(browser, info, offset(info.project.name))
  await placeAndReadNumber(shop)

  await signInAsOwner(page)
  await page.goto('/admin/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  // the number as a shopper might say it: with the country code
  await page.getByLabel('Search', { exact: true }).fill(`+88${phone}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 customer' })).toBeVisible()
  await expect(page.getByText('Guest', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('link', { name: 'Rahim Uddin' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Rahim Uddin' })).toBeVisible()
  await expect(page.getByText('None (orders as a guest)')).toBeVisible()
  await expect(page.getByText('House 12, Road 5, Dhanmondi, Dhaka, Dhaka')).toBeVisible()
  await expect(page.getByText('Risk: new customer.', { exact: false })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('button', { name: 'Block customer' }).click()
  const confirm = page.getByRole('dialog', { name: 'Block customer' })
  await expect(confirm.getByRole('radio', { name: /Refuse cash on delivery/ })).toBeChecked()
  await expect(confirm).toContainText('the block is on the number')
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Block customer' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Rahim Uddin is blocked.' })).toBeVisible()
  await expect(
    page.getByText('Blocked: no cash on delivery for this number; prepaid orders are taken.'),
  ).toBeVisible()
  await expect(confirm).toBeHidden()

  // the same guest tries again with cash on delivery, and reads why it is refused
  const pick = await pickProduct(shop.request, offset(info.project.name))
  await addFromProductPage(shop, pick)
  await shop.goto('/checkout')
  await fillGuestCheckout(shop, phone)
  await shop.getByRole('button', { name: 'Place Order' }).click()
  await expect(shop.getByText(COD_REFUSED).first()).toBeVisible()
  await expect(shop).toHaveURL(/\/checkout$/)
  await context.close()
})
