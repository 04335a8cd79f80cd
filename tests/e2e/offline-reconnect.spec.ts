import { formatTaka } from '../../src/lib/money'
import { API_HEADERS, openCart, storedList, storeList } from './cart-support'
import { fillGuestCheckout, freshPhone } from './checkout-support'
import {
  expect,
  goOffline,
  goOnline,
  test,
  waitForPersistedCache,
  waitForServiceWorker,
} from './offline-fixtures'
import { farSku, setSkuOnServer } from './offline-support'

const OFFLINE_BANNER = 'You are offline. Showing what you have already seen.'

test.describe('back online', () => {
  test('the cart refreshes without a reload and flags a price and stock changed meanwhile', async ({
    page,
    request,
    gate,
  }, info) => {
    const item = await farSku(request, info.project.name === 'mobile' ? 0 : 1)
    await page.goto('/')
    await waitForServiceWorker(page)
    await storeList(page, 'haat_cart', [
      { product_id: item.id, sku: item.sku, quantity: 2, price: item.discountedPrice },
    ])
    let drawer = await openCart(page)
    await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()
    await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(item.discountedPrice * 2))
    await expect(drawer.getByTestId('price-change')).toHaveCount(0)
    await waitForPersistedCache(page)

    await goOffline(page, gate)
    await page.reload()
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible()
    drawer = await openCart(page)
    await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()

    // meanwhile the shop raises the price and sells most of the stock
    const now = item.discountedPrice + 111.5
    await setSkuOnServer(request, item.skuId, {
      price: item.price + 200,
      discountedPrice: now,
      stockQuantity: 1,
    })
    await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(item.discountedPrice * 2))
    await expect(drawer.getByTestId('price-change')).toHaveCount(0)

    await goOnline(page, gate)
    await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0)
    await expect(drawer.getByTestId('price-change')).toHaveText(
      `Price changed from ${formatTaka(item.discountedPrice)} to ${formatTaka(now)}`,
    )
    await expect(drawer.getByTestId('stock-change')).toHaveText('Only 1 left: quantity lowered to 1')
    await expect(drawer.getByTestId('price-change-notice')).toContainText('A price has changed')
    await expect(drawer.getByTestId('line-quantity')).toHaveText('1')
    await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(now))

    // the cart page points the change out too, until the shopper has seen it
    await page.goto('/cart')
    const line = page.locator('.cart-page__line').filter({ hasText: item.name })
    await expect(line.getByTestId('price-change')).toHaveText(
      `Price changed from ${formatTaka(item.discountedPrice)} to ${formatTaka(now)}`,
    )
    await page.getByTestId('price-change-notice').getByRole('button', { name: 'Got it' }).click()
    await expect(page.getByTestId('price-change')).toHaveCount(0)
    await expect(page.getByTestId('price-change-notice')).toHaveCount(0)
    const stored = await storedList(page, 'haat_cart')
    expect(stored?.items.map((stock) => [stock.sku, stock.price])).toEqual([[item.sku, now]])

    await page.reload()
    await expect(line).toBeVisible()
    await expect(page.getByTestId('price-change')).toHaveCount(0)
  })

  test('going on to checkout counts as having seen a changed price', async ({ page, request }, info) => {
    const item = await farSku(request, info.project.name === 'mobile' ? 2 : 3)
    await page.goto('/')
    await waitForServiceWorker(page)
    await storeList(page, 'haat_cart', [
      { product_id: item.id, sku: item.sku, quantity: 1, price: item.discountedPrice },
    ])
    const now = item.discountedPrice + 50
    await setSkuOnServer(request, item.skuId, { price: item.price + 50, discountedPrice: now })

    // opening the cart asks the server again
    const drawer = await openCart(page)
    await expect(drawer.getByTestId('price-change')).toHaveText(
      `Price changed from ${formatTaka(item.discountedPrice)} to ${formatTaka(now)}`,
    )
    await drawer.getByRole('link', { name: 'Place Order' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect.poll(async () => (await storedList(page, 'haat_cart'))?.items[0]?.price).toBe(now)
    await page.goto('/')
    const again = await openCart(page)
    await expect(again.getByText(item.name, { exact: true })).toBeVisible()
    await expect(again.getByTestId('price-change')).toHaveCount(0)
  })
})

test('Place Order offline explains the connection need and keeps everything typed', async ({
  page,
  request,
  gate,
}, info) => {
  const item = await farSku(request, info.project.name === 'mobile' ? 4 : 5)
  await page.goto('/')
  await waitForServiceWorker(page)
  await storeList(page, 'haat_cart', [
    { product_id: item.id, sku: item.sku, quantity: 1, price: item.discountedPrice },
  ])
  await page.goto('/checkout')
  const phone = freshPhone()
  await fillGuestCheckout(page, phone)
  await page.getByLabel('Email (optional)').fill('rahim@example.com')
  await page.getByLabel('Notes for the delivery (optional)').fill('Call before coming')

  await goOffline(page, gate)
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByTestId('checkout-problem')).toHaveText(
    'You are offline. Placing an order needs a connection — your details are kept, try again when you are back online.',
  )
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByLabel('Full name')).toHaveValue('Rahim Uddin')
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone)
  await expect(page.getByLabel('Email (optional)')).toHaveValue('rahim@example.com')
  await expect(page.getByLabel('Division')).toHaveValue('Dhaka')
  await expect(page.getByLabel('District')).toHaveValue('Dhaka')
  await expect(page.getByLabel('Area (upazila / thana)')).toHaveValue('Dhanmondi')
  await expect(page.getByLabel('Street address')).toHaveValue('House 12, Road 5')
  await expect(page.getByLabel('Notes for the delivery (optional)')).toHaveValue('Call before coming')
  await expect(page.getByLabel(/I agree to the terms/)).toBeChecked()
  expect((await storedList(page, 'haat_cart'))?.items.map((stored) => stored.sku)).toEqual([item.sku])

  // back online, the same details place the order without typing anything again
  await goOnline(page, gate)
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = new URL(page.url()).searchParams.get('number') ?? ''
  const lookup = await request.post('/api/v1/orders/lookup', {
    headers: API_HEADERS,
    data: { number, phone },
  })
  expect(lookup.ok()).toBe(true)
  const { data: order } = (await lookup.json()) as {
    data: { customerName: string; email: string | null; notes: string; address: { street: string } }
  }
  expect(order).toMatchObject({
    customerName: 'Rahim Uddin',
    email: 'rahim@example.com',
    notes: 'Call before coming',
    address: { street: 'House 12, Road 5' },
  })
})
