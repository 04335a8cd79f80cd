import { expect, test } from '@playwright/test'
import { findSku, isMobile, openCart, storedList } from './cart-support'

// several pages, axe and toasts on a shared CPU: more room than the default minute
test.describe.configure({ timeout: 120_000 })

test('a cart change in one tab shows in the other', async ({ context, request }) => {
  const item = await findSku(request, (stock) => stock >= 2)
  const first = await context.newPage()
  const second = await context.newPage()
  await first.goto('/')
  await second.goto('/')
  const badge = (page: typeof first, count: number) =>
    isMobile(page)
      ? page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })
      : page.getByRole('button', { name: new RegExp(`^Open cart: ${count} Items?`) })
  await expect(badge(second, 0)).toBeVisible()

  await first.evaluate(
    (entry) =>
      localStorage.setItem('haat_cart', JSON.stringify({ user_id: 1, items: [{ ...entry, quantity: 1 }] })),
    { product_id: item.id, sku: item.sku, price: item.price },
  )
  await expect(badge(second, 1)).toBeVisible()

  await first.reload()
  const drawer = await openCart(first)
  await drawer.getByRole('button', { name: `Remove ${item.name}` }).click()
  await expect(badge(second, 0)).toBeVisible()
})

test('corrupt cart and wish list storage is reset and the shop still renders', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => {
    localStorage.setItem('haat_cart', '{"user_id": 1, "items": [{"product_id": "x"')
    localStorage.setItem('haat_wishlist', JSON.stringify(['not', 'a', 'list']))
  })
  await page.reload()
  await expect(page.locator('header').first()).toBeVisible()
  await expect(page.locator('main')).toBeVisible()
  // each key is reset when the app first reads it, which may come a moment after the first paint
  const itemsOf = (key: 'haat_cart' | 'haat_wishlist') =>
    storedList(page, key).then(
      (list) => list?.items,
      () => 'corrupt',
    )
  await expect.poll(() => itemsOf('haat_cart')).toEqual([])
  await expect.poll(() => itemsOf('haat_wishlist')).toEqual([])
  const cart = await storedList(page, 'haat_cart')
  expect(cart?.user_id).toBeGreaterThan(0)
})
