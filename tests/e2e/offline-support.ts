import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { productsResponse } from '../../src/contract/product'
import { API_HEADERS } from './cart-support'
import { waitForPersistedCache, waitForServiceWorker } from './offline-fixtures'

/** The server itself, not the cuttable gate in front of it: the shop owner works on another network. */
const serverOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300)}`
/** The token the e2e server is started with (playwright.config.ts). */
const ADMIN_TOKEN = 'e2e-admin-token'

export type FarSku = {
  id: number
  name: string
  skuId: number
  sku: string
  price: number
  discountedPrice: number
  stock: number
}

/**
 * The n-th sku with some stock among products 501–600: far from the first hundred the other journeys
 * pick from, so changing its price or stock here never disturbs them.
 */
export async function farSku(request: APIRequestContext, offset: number, minStock = 4): Promise<FarSku> {
  const ids = Array.from({ length: 100 }, (_, i) => i + 501)
  const response = await request.post(`${serverOrigin}/api/v1/product/storefront/get-by-ids?perPage=100`, {
    headers: API_HEADERS,
    data: { ids },
  })
  expect(response.ok()).toBe(true)
  const found: FarSku[] = []
  for (const product of productsResponse.parse(await response.json()).data) {
    const sku = product.skus.find((s) => s.stockQuantity >= minStock)
    if (sku) {
      found.push({
        id: product.id,
        name: product.name,
        skuId: sku.id,
        sku: sku.sku,
        price: sku.price,
        discountedPrice: sku.discountedPrice,
        stock: sku.stockQuantity,
      })
    }
  }
  const pick = found[offset]
  if (!pick) throw new Error(`no far sku at offset ${offset}`)
  return pick
}

/** The shop owner changes a sku on the running server (the admin API). */
export async function setSkuOnServer(
  request: APIRequestContext,
  skuId: number,
  changes: { price?: number; discountedPrice?: number; stockQuantity?: number },
) {
  const response = await request.patch(`${serverOrigin}/api/v1/admin/skus/${skuId}`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    data: changes,
  })
  expect(response.status()).toBe(200)
}

/** The signed-in shopper's orders as the server lists them, asked past the gate (the page's session cookie). */
export async function ordersOnServer(request: APIRequestContext): Promise<{ number: string }[]> {
  const response = await request.get(`${serverOrigin}/api/v1/orders`, { headers: API_HEADERS })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: { number: string }[] }).data
}

export const productCards = (page: Page) => page.locator('main a[href^="/product/"]')

/**
 * A returning shopper's first visit: the worker installed, the home page and its first product seen and saved.
 * Gives that product's path and name, and the paths of products on the home page never opened.
 */
export async function visitOnce(page: Page) {
  await page.goto('/')
  await waitForServiceWorker(page)
  await expect(productCards(page).first()).toBeVisible()
  const seen = (await productCards(page).first().getAttribute('href')) ?? ''
  await productCards(page).first().click()
  await expect(page).toHaveURL(new RegExp(`${seen}$`))
  // the whole product, not the home page's heading or the product's outline
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible()
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  await waitForPersistedCache(page)
  await page.goto('/')
  await expect(productCards(page).nth(3)).toBeVisible()
  const hrefs = await productCards(page).evaluateAll((links) =>
    links.map((a) => a.getAttribute('href') ?? ''),
  )
  const unseen = hrefs.filter((href) => href !== seen)
  expect(unseen.length).toBeGreaterThan(2)
  return { seen, name, unseen }
}
