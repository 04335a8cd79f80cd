import { expect, test } from '@playwright/test'
import { formatTaka } from '../../src/lib/money'
import { catalogue, findSku, isMobile, openCart, storedList, storeList } from './cart-support'

/**
 * A cart left by an earlier visit may hold entries the shop no longer knows: a product that is gone, or a
 * sku its product no longer has. Such a line is skipped (storefront §8), and the drawer counts only the lines the
 * shopper sees: removing the last of them closes it (storefront §4).
 */
test('stale entries are skipped, and removing the last line shown closes the drawer', async ({
  page,
  request,
}) => {
  const valid = await findSku(request, (stock) => stock >= 1)
  const other = (await catalogue(request)).find((product) => product.id !== valid.id)
  if (!other) throw new Error('the demo catalogue has a single product')
  const unknownProductId = 987_654
  const unknownSku = `HT-${other.id}-NO-SUCH-SKU`
  expect(other.skus.map((sku) => sku.sku)).not.toContain(unknownSku)

  await page.goto('/')
  await storeList(page, 'haat_cart', [
    { product_id: valid.id, sku: valid.sku, quantity: 1, price: valid.price },
    { product_id: unknownProductId, sku: `HT-${unknownProductId}-BLACK-M`, quantity: 2, price: 990 },
    { product_id: other.id, sku: unknownSku, quantity: 1, price: other.discounted_price },
  ])

  const drawer = await openCart(page)
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (1)' })).toBeVisible()
  const lines = drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  await expect(lines).toHaveCount(1)
  await expect(drawer.getByText(valid.name, { exact: true })).toBeVisible()
  if (other.name !== valid.name) await expect(drawer.getByText(other.name, { exact: true })).toHaveCount(0)
  await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(valid.price))

  await drawer.getByRole('button', { name: `Remove ${valid.name}` }).click()
  await expect(drawer).toBeHidden()

  // nothing unknown stays behind in storage, and the badge says the cart is empty
  await expect.poll(async () => (await storedList(page, 'haat_cart'))?.items).toEqual([])
  const badge = isMobile(page)
    ? page.getByRole('button', { name: 'Cart, 0 items' })
    : page.getByRole('button', { name: /^Open cart: 0 Items?/ })
  await expect(badge).toBeVisible()

  const reopened = await openCart(page)
  await expect(reopened.getByText('Empty Cart')).toBeVisible()
})

test('stale entries alone leave an empty cart, and are dropped from storage', async ({ page, request }) => {
  const known = (await catalogue(request))[0]
  if (!known) throw new Error('the demo catalogue is empty')
  await page.goto('/')
  await storeList(page, 'haat_cart', [
    { product_id: 987_655, sku: 'HT-987655-NAVY-L', quantity: 1, price: 1290 },
    { product_id: known.id, sku: `HT-${known.id}-NO-SUCH-SKU`, quantity: 1, price: known.discounted_price },
  ])

  const drawer = await openCart(page)
  await expect(drawer.getByText('Empty Cart')).toBeVisible()
  await expect(drawer.getByRole('heading', { name: 'Shopping Cart (0)' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Place Order' })).toHaveCount(0)
  await expect.poll(async () => (await storedList(page, 'haat_cart'))?.items).toEqual([])
})
