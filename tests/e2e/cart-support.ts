import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { productsResponse } from '../../src/contract/product'

/** Shared steps of the cart and wish list journeys (the real API, read the way the storefront reads it). */
export const API_HEADERS = { 'x-api-key': 'haat-demo-key' }

export type ProductWithSku = {
  id: number
  slug: string
  name: string
  sku: string
  stock: number
  price: number
}

export async function catalogue(request: APIRequestContext) {
  const ids = Array.from({ length: 100 }, (_, i) => i + 1)
  const response = await request.post('/api/v1/product/storefront/get-by-ids?perPage=100', {
    headers: API_HEADERS,
    data: { ids },
  })
  expect(response.ok()).toBe(true)
  return productsResponse.parse(await response.json()).data
}

/** The first sku whose stock passes the test, with its product. */
export async function findSku(
  request: APIRequestContext,
  test: (stock: number) => boolean,
): Promise<ProductWithSku> {
  for (const product of await catalogue(request)) {
    const sku = product.skus.find((s) => test(s.stockQuantity))
    if (sku)
      return {
        id: product.id,
        slug: product.slug,
        name: product.name,
        sku: sku.sku,
        stock: sku.stockQuantity,
        price: sku.discountedPrice,
      }
  }
  throw new Error('the demo catalogue has no such sku')
}

type StoredItem = { product_id: number; sku: string; quantity: number; price: number }

/** Writes the local cart (or wish list) as an earlier visit would have left it, then reloads. */
export async function storeList(page: Page, key: 'haat_cart' | 'haat_wishlist', items: StoredItem[]) {
  await page.evaluate(
    ([storageKey, list]) => localStorage.setItem(storageKey, JSON.stringify({ user_id: 1, items: list })),
    [key, items] as const,
  )
  await page.reload()
}

export async function storedList(page: Page, key: 'haat_cart' | 'haat_wishlist') {
  return page.evaluate(
    (storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? 'null'),
    key,
  ) as Promise<{
    user_id: number
    items: StoredItem[]
  } | null>
}

export function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768
}

/** Opens the cart drawer the way a shopper does: bottom bar on a phone, floating cart on a desktop. */
export async function openCart(page: Page) {
  const opener = isMobile(page)
    ? page.getByRole('button', { name: /^Cart, \d+ items?$/ })
    : page.getByRole('button', { name: /^Open cart/ })
  await opener.click()
  const drawer = page.getByRole('dialog', { name: /Shopping Cart/ })
  await expect(drawer).toBeVisible()
  return drawer
}

export async function openWishlist(page: Page) {
  const opener = isMobile(page)
    ? page.getByRole('button', { name: /^Wishlist, \d+ items?$/ })
    : page.getByRole('button', { name: /^Wish list, \d+ items?$/ })
  await opener.click()
  const drawer = page.getByRole('dialog', { name: /Wish List/ })
  await expect(drawer).toBeVisible()
  return drawer
}
