import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { expectNoSidewaysScroll, openMenuOnPhone, signInAsOwner } from './admin-support'
import {
  API_HEADERS,
  addFromProductPage,
  fillGuestCheckout,
  freshPhone,
  pickProduct,
  placeAndReadNumber,
  placeGuestOrder,
  stockOf,
} from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own products, away from the offsets the shoppers' specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 30 : 34)

/** The texts a number was sent, newest first (the dev outbox; a job queue sends them a moment later). */
async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const answer = await request.get(`/api/v1/dev/sms-outbox?phone=${phone}`, { headers: API_HEADERS })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { data: { body: string }[] }).data.map((text) => text.body)
}

/** A guest's cash-on-delivery order through the API: its id and number. */
const placeOrder = (request: APIRequestContext, skuId: number, quantity: number, phone: string) =>
  placeGuestOrder(request, {
    skuId,
    quantity,
    phone,
    name: 'Karim Ahmed',
    key: `admin-orders-${skuId}-${phone}`,
  })

/** The guest finds the order by number and phone: its timeline is at `step`. */
async function shopperSees(shop: Page, number: string, phone: string, step: string) {
  await shop.goto('/user/orders')
  await shop.getByLabel('Order number').fill(number)
  await shop.getByLabel('Mobile number').fill(phone)
  await shop.getByRole('button', { name: 'Find order' }).click()
  await expect(shop.getByTestId('order-number')).toHaveText(number)
  await expect(
    shop.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]'),
  ).toContainText(step)
}

test('the owner confirms, packs, ships and delivers a guest’s order; the guest follows each step', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000)
  const pick = await pickProduct(page.request, offset(info.project.name))
  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  await addFromProductPage(shop, pick)
  await shop.goto('/checkout')
  const phone = freshPhone()
  await fillGuestCheckout(shop, phone)
  const number = await placeAndReadNumber(shop)

  // the owner finds it by its number
  await signInAsOwner(page)
  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByLabel('Search', { exact: true }).fill(number)
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`q=${number}`))
  await expect(page.getByText('1 order', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: number }).click()

  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByText(pick.product.name).first()).toBeVisible()
  await expect(page.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone}`)
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  const status = page.locator('.order-actions > [role="status"]')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(status).toHaveText('The order is confirmed.')
  await shopperSees(shop, number, phone, 'Confirmed')

  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(status).toHaveText('The order is packed.')
  await shopperSees(shop, number, phone, 'Packed')

  const tracking = `PTH-${Date.now().toString(36).toUpperCase()}`
  await page.getByRole('button', { name: 'Ship' }).click()
  const ship = page.getByRole('dialog', { name: `Ship order ${number}` })
  await ship.getByLabel('Courier').fill('Pathao')
  await ship.getByLabel('Tracking number').fill(tracking)
  await expectAccessible(page)
  await ship.getByRole('button', { name: 'Ship' }).click()
  await expect(status).toHaveText('The order is shipped.')
  await expect(ship).toBeHidden()
  await expect(page.getByTestId('order-tracking')).toHaveText(tracking)
  await shopperSees(shop, number, phone, 'Shipped')
  await expect(shop.getByTestId('order-tracking')).toHaveText(tracking)

  await page.getByRole('button', { name: 'Mark delivered' }).click()
  await expect(status).toHaveText('The order is delivered.')
  await expect(page.getByText('Status: Delivered')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await shopperSees(shop, number, phone, 'Delivered')
  await expect(shop.getByTestId('order-tracking')).toHaveText(tracking)

  // the shopper's texts: received, confirmed, on its way (with the tracking number), delivered
  await expect
    .poll(async () => (await textsTo(page.request, phone)).reverse(), { timeout: 20_000 })
    .toEqual([
      expect.stringContaining(`order ${number} received`),
      expect.stringContaining(`order ${number} is confirmed`),
      expect.stringContaining(`tracking number ${tracking}`),
      expect.stringContaining(`order ${number} was delivered`),
    ])
  await shopper.close()
})

test('an order cancelled with a reason gives its stock back and tells the shopper why', async ({
  page,
  browser,
}, info) => {
  const pick = await pickProduct(page.request, offset(info.project.name) + 1)
  const before = await stockOf(page.request, pick.product.slug, pick.skuId)
  const phone = freshPhone()
  const data = await placeOrder(page.request, pick.skuId, 2, phone)
  expect(await stockOf(page.request, pick.product.slug, pick.skuId)).toBe(before - 2)

  await signInAsOwner(page)
  await page.goto(`/admin/orders?q=${data.number}`)
  await page.getByRole('link', { name: data.number }).click()
  await expect(page.getByRole('heading', { name: `Order ${data.number}`, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel order ${data.number}` })
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog.getByText('Give the reason')).toBeVisible()
  // a reason of the staff's own, sent as written: they say who the cancellation is on
  await dialog.getByLabel('Reason', { exact: true }).selectOption('own')
  await expect(
    dialog.getByText('The customer reads this reason in their SMS, exactly as you write it.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog.getByText('Choose who the cancellation is on')).toBeVisible()
  await dialog.getByLabel('The reason, as the customer will read it').fill('Customer ordered twice')
  // at the customer's request: not held against the number
  await dialog.getByLabel('Who is it on?').selectOption('customer_request')
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.locator('.order-actions > [role="status"]')).toHaveText(
    'The order is cancelled and its stock is back.',
  )
  await expect(page.getByText('Nothing more to do: this order is closed.')).toBeVisible()
  await expect.poll(() => stockOf(page.request, pick.product.slug, pick.skuId)).toBe(before)

  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  await shopperSees(shop, data.number, phone, 'Cancelled')
  await expect(shop.getByText('Customer ordered twice')).toBeVisible()
  await expect
    .poll(async () => (await textsTo(page.request, phone))[0] ?? '', { timeout: 20_000 })
    .toContain('Reason: Customer ordered twice')
  await shopper.close()
})

test('a new order is announced on the list without a reload; the pages read well in Bangla and in the dark', async ({
  page,
}, info) => {
  const pick = await pickProduct(page.request, offset(info.project.name) + 2)
  await signInAsOwner(page)
  await page.goto('/admin/orders')
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible()
  const { number } = await placeOrder(page.request, pick.skuId, 1, freshPhone())
  // the list asks every 5 seconds
  const announced = page.getByRole('status').getByRole('button', { name: /^\d+ new orders?: show$/ })
  await expect(announced).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('link', { name: number })).toHaveCount(0)
  await announced.click()
  await expect(page.getByRole('link', { name: number })).toBeVisible()
  await expect(announced).toHaveCount(0)

  await openMenuOnPhone(page, info)
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await openMenuOnPhone(page, info)
  await page.getByRole('button', { name: 'বাংলা', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')

  const table = page.getByRole('table', { name: 'অর্ডার' })
  await expect(page.getByRole('heading', { name: 'অর্ডার', level: 1, exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'অবস্থা অনুযায়ী অর্ডার' })).toBeVisible()
  // totals in taka with Bengali digits
  await expect(table.getByText(/^৳\s?[০-৯,]+\.[০-৯]{2}$/).first()).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await table.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `অর্ডার ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'টাইমলাইন' })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
})
