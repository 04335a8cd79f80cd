import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { findSku, openCart, storedList, storeList } from './cart-support'

test.describe('cart drawer', () => {
  test('+ stops at the stock, − stops at 1, and each change is stored', async ({ page, request }) => {
    const low = await findSku(request, (stock) => stock >= 2 && stock <= 3)
    await page.goto('/')
    await storeList(page, 'haat_cart', [{ product_id: low.id, sku: low.sku, quantity: 1, price: low.price }])
    const drawer = await openCart(page)
    const minus = drawer.getByRole('button', { name: `Decrease quantity of ${low.name}` })
    const plus = drawer.getByRole('button', { name: `Increase quantity of ${low.name}` })
    const quantity = drawer.getByTestId('line-quantity')

    await expect(quantity).toHaveText('1')
    await expect(minus).toBeDisabled()
    for (let n = 2; n <= low.stock; n++) {
      await plus.click()
      await expect(quantity).toHaveText(String(n))
    }
    await expect(plus).toBeDisabled()
    expect((await storedList(page, 'haat_cart'))?.items[0]?.quantity).toBe(low.stock)

    await minus.click()
    await expect(quantity).toHaveText(String(low.stock - 1))
    await expect(plus).toBeEnabled()
    expect((await storedList(page, 'haat_cart'))?.items[0]?.quantity).toBe(low.stock - 1)
  })

  test('shows the line, pushes view_cart in BDT and leads to checkout', async ({ page, request }) => {
    const item = await findSku(request, (stock) => stock >= 4)
    await page.goto('/')
    await storeList(page, 'haat_cart', [
      { product_id: item.id, sku: item.sku, quantity: 2, price: item.price },
    ])
    const drawer = await openCart(page)
    await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()
    await expect(drawer.getByRole('heading', { name: 'Shopping Cart (1)' })).toBeVisible()
    const events = await page.evaluate(() =>
      (
        (
          window as Window & {
            dataLayer?: { event?: string; ecommerce?: { currency: string; value: number } }[]
          }
        ).dataLayer ?? []
      ).filter((entry) => entry.event === 'view_cart'),
    )
    expect(events).toHaveLength(1)
    expect(events[0]?.ecommerce?.currency).toBe('BDT')
    expect(events[0]?.ecommerce?.value).toBeCloseTo(item.price * 2, 2)

    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

    await drawer.getByRole('link', { name: 'Place Order' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(drawer).toBeHidden()
  })

  test('removing the last item closes the drawer; an empty cart says Empty Cart', async ({
    page,
    request,
  }) => {
    const item = await findSku(request, (stock) => stock >= 1)
    await page.goto('/')
    await storeList(page, 'haat_cart', [
      { product_id: item.id, sku: item.sku, quantity: 1, price: item.price },
    ])
    const drawer = await openCart(page)
    await drawer.getByRole('button', { name: `Remove ${item.name}` }).click()
    await expect(drawer).toBeHidden()
    expect((await storedList(page, 'haat_cart'))?.items).toEqual([])

    const reopened = await openCart(page)
    await expect(reopened.getByText('Empty Cart')).toBeVisible()
    await reopened.getByRole('button', { name: 'Close' }).click()
    await expect(reopened).toBeHidden()
  })

  test('Escape closes the drawer after its exit animation', async ({ page }) => {
    await page.goto('/')
    const drawer = await openCart(page)
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveClass(/is-closing/)
    await expect(drawer).toHaveCount(0)
  })
})
