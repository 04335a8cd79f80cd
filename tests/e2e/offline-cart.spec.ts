import { findSku, openCart, storedList, storeList } from './cart-support'
import { expect, goOffline, test, waitForPersistedCache, waitForServiceWorker } from './offline-fixtures'

test.describe('cart offline', () => {
  test('add, remove and quantity changes work offline and survive a reload', async ({
    page,
    request,
    gate,
  }) => {
    const first = await findSku(request, (stock) => stock >= 3)
    const second = await findSku(request, (stock) => stock >= 1 && stock < 3)
    await page.goto('/')
    await waitForServiceWorker(page)
    await storeList(page, 'haat_cart', [
      { product_id: first.id, sku: first.sku, quantity: 1, price: first.price },
      { product_id: second.id, sku: second.sku, quantity: 1, price: second.price },
    ])
    let drawer = await openCart(page)
    await expect(drawer.getByText(first.name, { exact: true })).toBeVisible()
    await expect(drawer.getByText(second.name, { exact: true })).toBeVisible()
    await waitForPersistedCache(page)

    await goOffline(page, gate)
    await page.reload()
    drawer = await openCart(page)
    await expect(drawer.getByText(first.name, { exact: true })).toBeVisible()
    await drawer.getByRole('button', { name: `Increase quantity of ${first.name}` }).click()
    await expect(drawer.getByTestId('line-quantity').first()).toHaveText('2')
    await drawer.getByRole('button', { name: new RegExp(`^Remove ${escapeRegExp(second.name)}`) }).click()
    await expect(drawer.getByText(second.name, { exact: true })).toHaveCount(0)

    await page.reload()
    drawer = await openCart(page)
    await expect(drawer.getByText(first.name, { exact: true })).toBeVisible()
    await expect(drawer.getByText(second.name, { exact: true })).toHaveCount(0)
    await expect(drawer.getByTestId('line-quantity')).toHaveText(['2'])
    const stored = await storedList(page, 'haat_cart')
    expect(stored?.items.map((item) => [item.sku, item.quantity])).toEqual([[first.sku, 2]])
  })
})

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
