import { expect, test } from '@playwright/test'
import { addFromProductPage, fillGuestCheckout, freshPhone, pickProduct, stockOf } from './checkout-support'
import { expectAccessible } from './fixtures'

/**
 * Paying with bKash: the shopper is sent to bKash's page (the run's fake of bKash, on loopback), pays or
 * cancels there, and lands back on the order's confirmation, which reads the order from the server.
 */
const offset = (projectName: string) => (projectName === 'mobile' ? 2 : 3)

test('a guest pays with bKash and comes back to a confirmed, paid order', async ({ page, request }, info) => {
  const pick = await pickProduct(request, offset(info.project.name))
  const before = await stockOf(request, pick.product.slug, pick.skuId)
  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  await fillGuestCheckout(page, freshPhone())
  await page.getByRole('radio', { name: /bKash/ }).check()
  await page.getByRole('button', { name: 'Place Order' }).click()

  // bKash's own page, on another origin
  await expect(page.getByRole('heading', { name: 'Pay with bKash' })).toBeVisible()
  await page.getByLabel('Your bKash account number').fill('01770618575')
  await page.getByLabel('bKash PIN').fill('12121')
  await page.getByRole('button', { name: 'Confirm' }).click()

  await expect(page).toHaveURL(/\/confirm-order\?number=HT-[^&]+&payment=paid$/)
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed' })).toBeVisible()
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible()
  await expect(page.getByText('bKash, paid')).toBeVisible()
  await expect(page.getByText('You pay the courier in cash when the parcel arrives.')).toHaveCount(0)
  await expectAccessible(page)
  expect(await stockOf(request, pick.product.slug, pick.skuId)).toBe(before - 1)
})

test('a cancelled bKash payment keeps the order waiting, to be paid from another tab after the app was closed', async ({
  context,
  page,
  request,
}, info) => {
  const pick = await pickProduct(request, offset(info.project.name) + 2)
  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  await fillGuestCheckout(page, freshPhone())
  await page.getByRole('radio', { name: /bKash/ }).check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { name: 'Pay with bKash' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()

  await expect(page).toHaveURL(/payment=cancelled$/)
  await expect(page.getByRole('heading', { name: 'Your order is not placed yet' })).toBeVisible()
  await expect(page.getByText('The bKash payment was not completed.')).toBeVisible()
  await expectAccessible(page)
  const confirmation = page.url()

  // the app is closed; later the shopper opens the confirmation again and pays
  await page.close()
  const later = await context.newPage()
  await later.goto(confirmation)
  await later.getByRole('link', { name: 'Pay with bKash' }).click()
  await expect(later.getByRole('heading', { name: 'Pay with bKash' })).toBeVisible()
  await later.getByLabel('Your bKash account number').fill('01770618575')
  await later.getByLabel('bKash PIN').fill('12121')
  await later.getByRole('button', { name: 'Confirm' }).click()
  await expect(later).toHaveURL(/payment=paid$/)
  await expect(later.getByText('Payment received. Thank you!')).toBeVisible()
})
