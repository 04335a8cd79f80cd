import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, openMenuOnPhone, signInAsOwner } from './admin-support'
import { addFromProductPage, fillCheckoutFields, freshPhone, pickProduct } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own product, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 56 : 58)

test('the owner makes a coupon, a shopper uses it at checkout, and its usage report shows the order', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000)
  const code = `E2E${info.project.name === 'mobile-owner' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`

  // the owner opens Coupons from the navigation and makes a new one
  await signInAsOwner(page)
  await page.goto('/admin')
  await openMenuOnPhone(page, info)
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Coupons' })
    .click()
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /coupons?$/ })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('link', { name: 'New coupon' }).click()
  await expect(page.getByRole('heading', { name: 'New coupon', level: 1 })).toBeVisible()
  await page.getByLabel('Code').fill(code.toLowerCase())
  await page.getByLabel('Name (for the back office)').fill('End-to-end test')
  await page.getByLabel('Percent off', { exact: true }).first().check()
  await page.getByRole('textbox', { name: 'Percent off' }).fill('10')
  await page.getByLabel('Maximum discount in TK (optional)').fill('500')
  await page.getByLabel(/^Free delivery/).check()
  await page.getByLabel('Uses in total').fill('5')
  await page.getByLabel('Uses per customer').fill('1')
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Create coupon' }).click()

  await expect(page.getByRole('heading', { name: code, level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${code} created.` })).toBeVisible()
  await expect(page.getByText('Active', { exact: true })).toBeVisible()
  await expect(page.getByText('0 of 5 used')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  // a guest applies it in the cart and sees the discount and the free delivery at checkout
  const pick = await pickProduct(page.request, offset(info.project.name))
  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  await addFromProductPage(shop, pick)
  await shop.goto('/cart')
  await shop.getByLabel('Coupon code').fill(code.toLowerCase())
  await shop.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(shop.getByText(`Coupon ${code} applied`)).toBeVisible()
  await shop.goto('/checkout')
  const phone = freshPhone()
  await fillCheckoutFields(shop, phone)
  await expect(shop.getByTestId('delivery-zone')).toContainText('TK 0.00')
  const summary = shop.getByRole('complementary', { name: 'Order summary' })
  await expect(summary.getByText(`Coupon ${code}`)).toBeVisible()
  await shop.getByRole('button', { name: 'Place Order' }).click()
  await expect(shop).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await shop.getByTestId('order-number').textContent())?.trim() ?? ''
  expect(number).toMatch(/^HT-\d{6}-[A-Z0-9]{5}$/)
  await shopper.close()

  // the list counts the use; the usage report shows the order
  await page.goto(`/admin/coupons?q=${code}`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) })
  await expect(row.getByRole('link', { name: '1 of 5 used' })).toBeVisible()
  await expect(row.getByText('Active')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await row.getByRole('link', { name: '1 of 5 used' }).click()
  await expect(page.getByRole('heading', { name: `Uses of ${code}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: number })).toBeVisible()
  await expect(page.getByText(phone)).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`coupon-${code.toLowerCase()}-uses.csv`)
})
