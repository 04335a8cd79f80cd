import { expect, test } from '@playwright/test'
import { formatTaka } from '../../src/lib/money'
import { findSku, openCart, storeList } from './cart-support'
import { waitForPersistedCache } from './offline-fixtures'

test('the cart drawer shows its lines offline from the saved catalogue data', async ({
  page,
  context,
  request,
}) => {
  const item = await findSku(request, (stock) => stock >= 2)
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await storeList(page, 'haat_cart', [{ product_id: item.id, sku: item.sku, quantity: 2, price: item.price }])
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  let drawer = await openCart(page)
  await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(drawer).toHaveCount(0)
  // the query cache is written to IndexedDB shortly after it changes: the page says when it is
  await waitForPersistedCache(page)

  await context.setOffline(true)
  await page.reload()
  drawer = await openCart(page)
  await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()
  await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(item.price * 2))
  await context.setOffline(false)
})
