import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { findSku, openWishlist, storedList, storeList } from './cart-support'

// several pages, axe and toasts on a shared CPU: more room than the default minute
test.describe.configure({ timeout: 120_000 })

test.describe('wish list drawer', () => {
  test('says Empty Wish List when nothing is saved', async ({ page }) => {
    await page.goto('/')
    const drawer = await openWishlist(page)
    await expect(drawer.getByText('Empty Wish List')).toBeVisible()
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  })

  test('an item added from the quick view opens its product page', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('button', { name: /^Quick View/ })
      .first()
      .click()
    const modal = page.getByRole('dialog', { name: 'Quick View' })
    const heading = modal.getByRole('heading', { level: 3 })
    await expect(heading).toBeVisible()
    const name = (await heading.textContent()) ?? ''
    const href = await modal.getByRole('link', { name: 'View Full Product Details' }).getAttribute('href')
    await modal.getByRole('button', { name: 'Add To Wishlist' }).click()
    const toast = page.getByText(`${name} added to wish list`)
    await expect(toast).toBeVisible()
    // the toast closes by itself after 2 s once the pointer is off it (hovering pauses it)
    await page.mouse.move(0, 0)
    await expect(toast).toBeHidden()
    await modal.getByRole('button', { name: 'Close' }).first().click()
    await expect(modal).toHaveCount(0)

    const drawer = await openWishlist(page)
    await expect(drawer.getByText(name, { exact: true })).toBeVisible()
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await drawer.getByRole('link', { name: `View ${name}` }).click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(drawer).toHaveCount(0)
  })

  test('moves an item to the cart', async ({ page, request }) => {
    const item = await findSku(request, (stock) => stock >= 1)
    await page.goto('/')
    await storeList(page, 'haat_wishlist', [
      { product_id: item.id, sku: item.sku, quantity: 1, price: item.price },
    ])
    const drawer = await openWishlist(page)
    await drawer.getByRole('button', { name: `Move ${item.name} to cart` }).click()
    await expect(drawer).toHaveCount(0)
    expect((await storedList(page, 'haat_wishlist'))?.items).toEqual([])
    expect((await storedList(page, 'haat_cart'))?.items).toEqual([
      { product_id: item.id, sku: item.sku, quantity: 1, price: item.price },
    ])
  })
})
