import { expect, test } from '@playwright/test'
import { API_HEADERS, freshPhone, registerByPassword } from './auth-support'
import { findSku, storedList, storeList } from './cart-support'
import { openPage } from './fixtures'

test('a guest cart and wish list survive login and become the shopper’s', async ({ page, request }) => {
  const item = await findSku(request, (stock) => stock >= 2)
  const line = { product_id: item.id, sku: item.sku, quantity: 2, price: item.price }
  await openPage(page, '/')
  await storeList(page, 'haat_cart', [line])
  await storeList(page, 'haat_wishlist', [{ ...line, quantity: 1 }])

  await registerByPassword(page, freshPhone(), 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)

  const session = await page.request.get('/api/v1/auth/validate-token', { headers: API_HEADERS })
  const userId = ((await session.json()) as { data: { id: number } }).data.id
  const cart = await storedList(page, 'haat_cart')
  expect(cart).toEqual({ user_id: userId, items: [line] })
  const wishlist = await storedList(page, 'haat_wishlist')
  expect(wishlist).toEqual({ user_id: userId, items: [{ ...line, quantity: 1 }] })
})
