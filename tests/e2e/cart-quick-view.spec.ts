import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { openCart, storedList } from './cart-support'

// several pages, axe and toasts on a shared CPU: more room than the default minute
test.describe.configure({ timeout: 120_000 })

test.describe('quick view', () => {
  test('adds the chosen sku to the cart and links to the product page', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('button', { name: /^Quick View/ })
      .first()
      .click()
    const modal = page.getByRole('dialog', { name: 'Quick View' })
    await expect(modal.getByRole('heading', { level: 3 })).toBeVisible()
    const name = (await modal.getByRole('heading', { level: 3 }).textContent()) ?? ''

    const results = await new AxeBuilder({ page }).include('.popup').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

    const details = modal.getByRole('link', { name: 'View Full Product Details' })
    await expect(details).toHaveAttribute('href', /^\/product\/[^/]+$/)

    const addToCart = modal.getByRole('button', { name: 'Add To Cart' })
    if (await addToCart.isDisabled()) {
      // the first choice is sold out: pick a size that is in stock
      await modal.locator('.choice:not(.is-out) input:not(:disabled)').first().check()
    }
    await modal.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(modal.getByTestId('quick-view-quantity')).toHaveText('2')
    await addToCart.click()
    const toast = page.getByText(`${name} added to cart`)
    await expect(toast).toBeVisible()
    // the toast closes by itself after 2 s once the pointer is off it (hovering pauses it)
    await page.mouse.move(0, 0)
    await expect(toast).toBeHidden()

    const cart = await storedList(page, 'haat_cart')
    expect(cart?.items).toHaveLength(1)
    expect(cart?.items[0]?.quantity).toBe(2)

    await details.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(modal).toHaveCount(0)

    const drawer = await openCart(page)
    await expect(drawer.getByText(name, { exact: true })).toBeVisible()
    await expect(drawer.getByTestId('line-quantity')).toHaveText('2')
  })

  test('Buy Now adds and goes to checkout', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('button', { name: /^Quick View/ })
      .first()
      .click()
    const modal = page.getByRole('dialog', { name: 'Quick View' })
    const buyNow = modal.getByRole('button', { name: 'Buy Now' })
    await expect(buyNow).toBeVisible()
    if (await buyNow.isDisabled())
      await modal.locator('.choice:not(.is-out) input:not(:disabled)').first().check()
    await buyNow.click()
    await expect(page).toHaveURL(/\/checkout$/)
    expect((await storedList(page, 'haat_cart'))?.items).toHaveLength(1)
  })
})
