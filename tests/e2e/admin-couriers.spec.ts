import { expect, test } from '@playwright/test'
import { signInAsOwner } from './admin-support'
import { API_HEADERS, guestAtCheckout, placeAndReadNumber } from './checkout-support'
import { expectAccessible } from './fixtures'

/**
 * A parcel through Pathao: the owner sends a shopper's order to Pathao (the run's fake of Pathao's merchant
 * API), the order is shipped with its consignment, and Pathao's webhook, when the rider delivers, moves the
 * shopper's order to delivered.
 */
const offset = (projectName: string) => (projectName.startsWith('mobile') ? 10 : 11)
/** the fake Pathao's address (playwright.config.ts: the app's port + 52) */
const pathao = (port: number) => `http://127.0.0.1:${port + 52}`

test('the owner books a Pathao parcel and its delivery reaches the shopper', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000)
  const { baseURL } = info.project.use
  const {
    context: shopper,
    page: shop,
    phone,
  } = await guestAtCheckout(browser, info, offset(info.project.name))
  const number = await placeAndReadNumber(shop)

  await signInAsOwner(page)
  await page.goto(`/admin/orders?q=${number}`)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await page.getByRole('button', { name: 'Send to Pathao' }).click()
  // the booking job runs within a second; the page follows it
  await expect(page.getByText(/^Booked, waiting for pickup/)).toBeVisible({ timeout: 20_000 })
  await expectAccessible(page)

  await shop.reload()
  await expect(shop.getByText('Shipped').first()).toBeVisible()
  const consignment = (await shop.getByTestId('order-tracking').textContent())?.trim() ?? ''
  expect(consignment).not.toBe('')
  await expect(shop.getByRole('link', { name: "Track the parcel on Pathao's page" })).toHaveAttribute(
    'href',
    /pathao\.com\/tracking/,
  )

  // Pathao's rider delivers: its webhook reaches the shop
  const port = Number(new URL(baseURL ?? 'http://127.0.0.1:4300').port)
  const delivered = await shop.request.post(`${pathao(port)}/_fake/advance`, {
    data: { consignmentId: consignment, status: 'Delivered' },
  })
  expect(delivered.ok()).toBe(true)
  const status = async () => {
    const answer = await shop.request.post('/api/v1/orders/lookup', {
      headers: API_HEADERS,
      data: { number, phone },
    })
    return ((await answer.json()) as { data: { status: string } }).data.status
  }
  await expect.poll(status, { timeout: 15_000 }).toBe('delivered')
  await shop.reload()
  await expect(shop.getByText('Delivered').first()).toBeVisible()
  await shopper.close()
})
