import { expect, test } from '@playwright/test'
import { catalogue } from './cart-support'
import { freshPhone } from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

/**
 * A shopper on a sold-out size or colour asks to be texted when it is back (storefront §2, back in stock). The page is opened
 * as the text's link opens it, on that sku (`?sku=`); the demo catalogue's sold-out skus stay sold out in the
 * shoppers' journeys, and asking changes nothing another journey reads.
 */
test('a shopper asks to be told when a sold-out size is back and sees it taken', async ({
  page,
  request,
}) => {
  const products = await catalogue(request)
  const product = products.find((candidate) => candidate.skus.some((sku) => sku.stockQuantity === 0))
  const soldOut = product?.skus.find((sku) => sku.stockQuantity === 0)
  if (!product || !soldOut) throw new Error('the demo catalogue has no sold-out sku')

  await openPage(page, `/product/${product.slug}?sku=${encodeURIComponent(soldOut.sku)}`)
  await expect(page.getByTestId('stock-status')).toHaveText('Out of stock')
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled()

  const form = page.getByRole('form', { name: "Notify me when it's back" })
  await expect(form).toBeVisible()
  await form.getByLabel('Mobile number').fill('12345')
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('alert')).toContainText('valid mobile number')

  const phone = freshPhone()
  await form.getByLabel('Mobile number').fill(`${phone.slice(0, 5)}-${phone.slice(5)}`)
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(page.getByRole('status').filter({ hasText: "We'll text you when it's back" })).toBeVisible()
  await expectAccessible(page)
})
