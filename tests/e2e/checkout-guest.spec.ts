import { expect, test } from '@playwright/test'
import { addFromProductPage, fillGuestCheckout, freshPhone, pickProduct, stockOf } from './checkout-support'
import { expectAccessible } from './fixtures'

const offset = (projectName: string) => (projectName === 'mobile' ? 0 : 1)

test('a guest buys a product end to end and finds the order by number and phone', async ({
  page,
  request,
}, info) => {
  const pick = await pickProduct(request, offset(info.project.name))
  const before = await stockOf(request, pick.product.slug, pick.skuId)
  await addFromProductPage(page, pick)
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible()
  await expectAccessible(page)

  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible()
  await expect(page.getByText(pick.product.name).first()).toBeVisible()
  await expect(page.getByTestId('order-total')).toContainText('TK ')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page).toHaveURL(/\/checkout$/)
  const phone = freshPhone()
  await fillGuestCheckout(page, phone)
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''
  expect(number).toMatch(/^HT-\d{6}-[A-Z0-9]{5}$/)
  await expect(page.getByText(pick.product.name).first()).toBeVisible()
  await expect(page.getByText('Cash on delivery').first()).toBeVisible()
  await expect(page.getByText('What happens next')).toBeVisible()
  await expectAccessible(page)
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('haat_cart') ?? '{}').items?.length))
    .toBe(0)
  expect(await stockOf(request, pick.product.slug, pick.skuId)).toBe(before - 1)

  await page.goto('/user/orders')
  await page.getByLabel('Order number').fill(number)
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByRole('button', { name: 'Find order' }).click()
  await expect(page.getByTestId('order-number')).toHaveText(number)
  await expect(page.getByText('Dhanmondi, Dhaka, Dhaka')).toBeVisible()
})

test('the product URL answers crawlers with the product in the HTML', async ({ request }, info) => {
  const pick = await pickProduct(request, offset(info.project.name))
  const response = await request.get(`/product/${pick.product.slug}`)
  const html = await response.text()
  expect(html).toContain(`<meta property="og:title" content="${pick.product.name}"`)
  expect(html).toContain('"@type":"Product"')
  expect(html).toMatch(/<link rel="preload" as="image" href="\/media\/[^"]+" fetchpriority="high"/)
  const unknown = await (await request.get('/product/no-such-product-anywhere')).text()
  expect(unknown).not.toContain('og:title')
  expect(unknown).toContain('<div id="root">')
})
