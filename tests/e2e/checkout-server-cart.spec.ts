import { expect, test } from '@playwright/test'
import { freshPhone, logInByPassword, registerByPassword } from './auth-support'
import { API_HEADERS, addFromProductPage, pickProduct } from './checkout-support'
import { openPage } from './fixtures'

const localCart = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('haat_cart') ?? '{"items":[]}').items as {
        sku: string
        quantity: number
      }[],
  )

test('the cart follows a logged-in shopper to another device', async ({ page, browser, request }, info) => {
  const pick = await pickProduct(request, 10 + (info.project.name === 'mobile' ? 0 : 1))
  const phone = freshPhone()
  await openPage(page, '/')
  await registerByPassword(page, phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)
  await addFromProductPage(page, pick)
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/v1/cart', { headers: API_HEADERS })
      return ((await response.json()) as { data: { skuId: number; quantity: number }[] }).data
    })
    .toEqual([expect.objectContaining({ skuId: pick.skuId, quantity: 1 })])

  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const second = await other.newPage()
  await openPage(second, '/')
  await logInByPassword(second, phone, 'secret-pass')
  await expect(second).toHaveURL(/\/user$/)
  await expect
    .poll(() => localCart(second))
    .toEqual([expect.objectContaining({ sku: pick.sku, quantity: 1 })])
  await second.reload()
  await expect
    .poll(() => localCart(second))
    .toEqual([expect.objectContaining({ sku: pick.sku, quantity: 1 })])
  await other.close()
})
