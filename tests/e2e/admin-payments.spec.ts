import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import { freshPhone, guestAtCheckout, placeAndReadNumber } from './checkout-support'
import { expectAccessible } from './fixtures'

/**
 * "Send Money" to the shop: the owner switches it on with the shop's bKash number, a shopper pays by
 * transfer and gives the transaction ID, and the owner finds the money and verifies the order.
 */
const offset = (projectName: string) => (projectName.startsWith('mobile') ? 8 : 9)

test("the owner takes transfers, and verifies a shopper's payment", async ({ page, browser }, info) => {
  test.setTimeout(120_000)
  await signInAsOwner(page)
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 2, name: 'Payment methods' })).toBeVisible()
  // both viewports save the same values over one settings row: a save over the other's loads it and tries again
  const saved = page.getByRole('status').filter({ hasText: 'Settings saved' })
  const theirs = page.getByRole('button', { name: 'Load the saved settings' })
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole('checkbox', { name: /Send Money to the shop/ }).check()
    await page.getByLabel('bKash number for Send Money (empty: not taken)').fill('01812000111')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(saved.or(theirs)).toBeVisible()
    if (await saved.isVisible()) break
    await theirs.click()
  }
  await expect(saved).toBeVisible()

  // a shopper who has not seen the shop before pays by transfer
  const { context: shopper, page: shop } = await guestAtCheckout(browser, info, offset(info.project.name))
  await shop.getByRole('radio', { name: /Send Money/ }).check()
  await expect(shop.getByTestId('transfer-instruction')).toContainText('to 01812000111')
  const transactionId = `TX${Date.now().toString(36).toUpperCase()}${info.project.name.length}`
  await shop.getByLabel('Transaction ID (TrxID)').fill(transactionId)
  await shop.getByLabel('Number you sent from').fill(freshPhone())
  await expectAccessible(shop)
  const number = await placeAndReadNumber(shop)
  await expect(shop.getByText('We are checking your transfer.')).toBeVisible()

  // the owner finds the money and says so
  await page.goto(`/admin/orders?q=${number}`)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByText(`transaction ID ${transactionId}`)).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Money received: verify' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The payment is verified' })).toBeVisible()

  await shop.reload()
  await expect(shop.getByText('Payment received. Thank you!')).toBeVisible()
  await expect(shop.getByText('Mobile money transfer, paid')).toBeVisible()
  await shopper.close()
})
