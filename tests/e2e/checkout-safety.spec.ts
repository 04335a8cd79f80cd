import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import {
  addFromProductPage,
  buyOut,
  fillGuestCheckout,
  freshPhone,
  pickProduct,
  stockOf,
} from './checkout-support'

const offset = (base: number, projectName: string) => base + (projectName === 'mobile' ? 0 : 1)

test('double-clicking Place Order makes one order', async ({ page, request }, info) => {
  const pick = await pickProduct(request, offset(2, info.project.name))
  const before = await stockOf(request, pick.product.slug, pick.skuId)
  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  await fillGuestCheckout(page, freshPhone())
  const orderIds: number[] = []
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST') {
      const json = (await response.json().catch(() => null)) as { data?: { id: number } } | null
      if (json?.data) orderIds.push(json.data.id)
    }
  })
  await page.getByRole('button', { name: 'Place Order' }).dblclick()
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  await expect(page.getByTestId('order-number')).toBeVisible()
  expect(new Set(orderIds).size).toBe(1)
  expect(await stockOf(request, pick.product.slug, pick.skuId)).toBe(before - 1)
})

test('an item sold out between cart and checkout shows its per-line message', async ({
  page,
  request,
}, info) => {
  const pick = await pickProduct(request, offset(4, info.project.name))
  await addFromProductPage(page, pick)
  await page.goto('/cart')
  await expect(page.getByText(pick.product.name).first()).toBeVisible()
  await buyOut(request, pick.skuId, await stockOf(request, pick.product.slug, pick.skuId))
  await page.goto('/checkout')
  await expect(page.getByTestId('line-problem')).toHaveText(`${pick.product.name} is out of stock`)
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled()
})

test('a shopper writes a review with a photo', async ({ page, request }, info) => {
  const pick = await pickProduct(request, offset(6, info.project.name))
  await page.goto(`/product/${pick.product.slug}`)
  const form = page.getByRole('form', { name: 'Write a review' })
  await form.getByRole('radio', { name: '4 stars' }).check()
  await form.getByLabel('Your name').fill('Nadia Islam')
  await form.getByLabel('Mobile number').fill(freshPhone())
  await form.getByLabel('Your review').fill('Soft cotton, true to size.')
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c05030' } })
    .png()
    .toBuffer()
  await form.getByLabel(/^Photos/).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByRole('img', { name: 'Your upload' })).toBeVisible()
  await form.getByRole('button', { name: 'Submit review' }).click()
  await expect(page.getByText('Your review will appear once it is approved')).toBeVisible()
})
