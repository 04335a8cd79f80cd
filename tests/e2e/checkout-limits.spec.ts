import { expect, test } from '@playwright/test'
import { findSku, storeList } from './cart-support'
import { fillGuestCheckout, freshPhone } from './checkout-support'

/**
 * The shop's order limits as the shopper meets them (their first values: shoppers' journeys run before the
 * owner's, which may change them): a line over the pieces of one item an order may take is said on the line
 * in the cart and at checkout, which waits until it is lowered.
 */
const PER_LINE = 10

test('a line over the pieces of one item an order may take is said in the cart and at checkout', async ({
  page,
  request,
}) => {
  const item = await findSku(request, (stock) => stock > PER_LINE)
  await page.goto('/')
  await storeList(page, 'haat_cart', [
    { product_id: item.id, sku: item.sku, quantity: PER_LINE + 1, price: item.price },
  ])
  const said = `At most ${PER_LINE} of ${item.name} in one order`

  await page.goto('/cart')
  await expect(page.getByTestId('line-problem')).toHaveText(said)

  await page.goto('/checkout')
  await fillGuestCheckout(page, freshPhone())
  await expect(page.getByTestId('line-problem')).toHaveText(said)
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled()

  // one fewer, and the order can be placed
  await page.goto('/cart')
  await page.getByRole('button', { name: `Decrease quantity of ${item.name.toLowerCase()}` }).click()
  await expect(page.getByTestId('line-problem')).toHaveCount(0)
  await page.goto('/checkout')
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled()
})
