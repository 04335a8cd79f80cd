import { expect, test } from '@playwright/test'
import { freshPhone, registerByPassword } from './auth-support'
import { addFromProductPage, pickProduct } from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

test('a logged-in shopper saves an address, buys with it and sees the order under My orders', async ({
  page,
  request,
}, info) => {
  const pick = await pickProduct(request, 8 + (info.project.name === 'mobile' ? 0 : 1))
  const phone = freshPhone()
  await openPage(page, '/')
  await registerByPassword(page, phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)

  await page.goto('/user/address')
  await page.getByRole('button', { name: 'Add a new address' }).click()
  await page.getByLabel('Full name').fill('Sadia Rahman')
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByLabel('Division').selectOption('Dhaka')
  await page.getByLabel('District').selectOption('Gazipur')
  await page.getByLabel('Area (upazila / thana)').selectOption('Tongi')
  await page.getByLabel('Street address').fill('Station Road 3')
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Station Road 3, Tongi, Gazipur, Dhaka')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Address saved' })).toBeVisible()
  await expectAccessible(page)

  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  await expect(page.getByRole('radio', { name: /Sadia Rahman/ })).toBeChecked()
  await expect(page.getByTestId('delivery-zone')).toContainText('TK 110.00')
  await expectAccessible(page)
  await page.getByLabel(/I agree to the terms/).check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''

  await page.goto('/user/orders')
  await page.getByRole('link', { name: new RegExp(number) }).click()
  await expect(page).toHaveURL(/\/user\/order\/\d+$/)
  await expect(page.getByRole('list', { name: 'Order status' })).toContainText('Order placed')
  await expect(page.getByText('Station Road 3')).toBeVisible()
})
