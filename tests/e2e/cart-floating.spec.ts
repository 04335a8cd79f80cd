import { expect, test } from '@playwright/test'
import { formatTaka } from '../../src/lib/money'
import { findSku, isMobile, openCart, storeList } from './cart-support'

test('the floating cart shows count and total on large screens, never on checkout pages', async ({
  page,
  request,
}) => {
  const item = await findSku(request, (stock) => stock >= 3)
  await page.goto('/')
  await storeList(page, 'haat_cart', [{ product_id: item.id, sku: item.sku, quantity: 3, price: item.price }])
  const floating = page.getByRole('button', { name: /^Open cart/ })

  if (isMobile(page)) {
    // phones reach the cart from the bottom bar instead
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible()
    await expect(floating).toHaveCount(0)
    return
  }

  await expect(floating).toBeVisible()
  await expect(floating).toContainText('1 Item')
  await expect(floating).toContainText(formatTaka(item.price * 3))

  const drawer = await openCart(page)
  await expect(floating).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(drawer).toHaveCount(0)
  await expect(floating).toBeVisible()

  for (const path of ['/checkout', '/confirm-order']) {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    await expect(floating).toHaveCount(0)
  }
  await page.goto('/cart')
  await expect(floating).toBeVisible()
})
