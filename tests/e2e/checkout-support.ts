import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test'
import type { Product } from '../../src/contract/product'
import { productsResponse } from '../../src/contract/product'

export const API_HEADERS = { 'x-api-key': 'haat-demo-key' }

export type Pick = {
  product: Product
  skuId: number
  sku: string
  size: string
  colour: string
  stock: number
}

const attribute = (sku: Product['skus'][number], key: string) =>
  sku.attributes.find((a) => a.key.toLowerCase() === key)?.value ?? ''

/**
 * The n-th product (from `offset`) with a sku that has a size, a colour and at least `minStock`
 * in stock. Each test asks for its own offset so parallel tests never buy the same stock.
 */
export async function pickProduct(request: APIRequestContext, offset: number, minStock = 4): Promise<Pick> {
  const ids = Array.from({ length: 100 }, (_, i) => i + 1)
  const response = await request.post('/api/v1/product/storefront/get-by-ids?perPage=100', {
    headers: API_HEADERS,
    data: { ids },
  })
  expect(response.ok()).toBe(true)
  const picks: Pick[] = []
  for (const product of productsResponse.parse(await response.json()).data) {
    const sku = product.skus.find(
      (s) => s.stockQuantity >= minStock && attribute(s, 'size') && attribute(s, 'colour'),
    )
    if (sku) {
      picks.push({
        product,
        skuId: sku.id,
        sku: sku.sku,
        size: attribute(sku, 'size'),
        colour: attribute(sku, 'colour'),
        stock: sku.stockQuantity,
      })
    }
  }
  const pick = picks[offset]
  if (!pick) throw new Error(`no product at offset ${offset}`)
  return pick
}

export async function stockOf(request: APIRequestContext, slug: string, skuId: number): Promise<number> {
  const response = await request.get(`/api/v1/product/storefront/${slug}`, { headers: API_HEADERS })
  const json = (await response.json()) as { data: Product }
  return json.data.skus.find((s) => s.id === skuId)?.stockQuantity ?? -1
}

/**
 * A guest's cash-on-delivery order through the real API, as the checkout sends it (a Dhaka address): its id
 * and number.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  order: { skuId: number; quantity: number; phone: string; name: string; key: string },
) {
  const { name, phone } = order
  const response = await request.post('/api/v1/orders', {
    headers: { ...API_HEADERS, 'idempotency-key': order.key },
    data: {
      lines: [{ skuId: order.skuId, quantity: order.quantity }],
      customer: { name, phone },
      address: {
        name,
        phone,
        division: 'Dhaka',
        district: 'Dhaka',
        area: 'Gulshan',
        street: 'Road 1, House 2',
        landmark: '',
      },
      acceptTerms: true,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: { id: number; number: string } }).data
}

/**
 * Other shoppers buy every unit left of a sku, through the real API: a few pieces each, as the shop's order
 * limits let a guest (3 of the dearest demo product stay under the largest guest order).
 */
export async function buyOut(request: APIRequestContext, skuId: number, quantity: number) {
  for (let left = quantity, order = 0; left > 0; left -= 3, order++) {
    const key = `buy-out-${skuId}-${Date.now()}-${order}`
    const pieces = Math.min(3, left)
    await placeGuestOrder(request, {
      skuId,
      quantity: pieces,
      phone: freshPhone(),
      name: 'Other Shopper',
      key,
    })
  }
}

/** On the product page: the given size and colour, then Add To Cart. */
export async function addFromProductPage(page: Page, pick: Pick) {
  await page.goto(`/product/${pick.product.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: pick.product.name })).toBeVisible()
  await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: pick.size, exact: true }).check()
  await page
    .getByRole('group', { name: 'Colour' })
    .getByRole('radio', { name: pick.colour, exact: true })
    .check()
  await page.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('haat_cart') ?? '{"items":[]}').items.length),
    )
    .toBeGreaterThan(0)
}

/** A guest's contact and a Dhaka address on the checkout page, with the delivery charge for Dhaka shown. */
export async function fillGuestCheckout(page: Page, phone: string) {
  await fillCheckoutFields(page, phone)
  await expect(page.getByTestId('delivery-zone')).toContainText('TK 70.00')
}

/** The checkout's contact and Dhaka address fields filled and the terms accepted. */
export async function fillCheckoutFields(page: Page, phone: string) {
  await page.getByLabel('Full name').fill('Rahim Uddin')
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByLabel('Division').selectOption('Dhaka')
  await page.getByLabel('District').selectOption('Dhaka')
  await page.getByLabel('Area (upazila / thana)').selectOption('Dhanmondi')
  await page.getByLabel('Street address').fill('House 12, Road 5')
  await page.getByLabel(/I agree to the terms/).check()
}

export function freshPhone(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`.padStart(8, '0').slice(-8)
  return `018${digits}`
}

/**
 * A shopper of their own (a fresh browser context at the project's screen) at checkout with one product in
 * the cart and the guest fields filled: the caller chooses how to pay and places the order.
 */
export async function guestAtCheckout(browser: Browser, info: TestInfo, offset: number) {
  const { baseURL, viewport, isMobile, hasTouch } = info.project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  const page = await context.newPage()
  const pick = await pickProduct(page.request, offset)
  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  const phone = freshPhone()
  await fillGuestCheckout(page, phone)
  return { context, page, pick, phone }
}

/** Place Order pressed: the confirmation's order number. */
export async function placeAndReadNumber(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''
  expect(number).toMatch(/^HT-\d{6}-[A-Z0-9]{5}$/)
  return number
}
