import { expect, type Page, test } from '@playwright/test'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { freshPhone, pickProduct, placeGuestOrder } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own products, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 50 : 52)

/** The guest finds the order by number and phone (the order page as the shopper reads it). */
async function shopperOrder(shop: Page, number: string, phone: string) {
  await shop.goto('/user/orders')
  await shop.getByLabel('Order number').fill(number)
  await shop.getByLabel('Mobile number').fill(phone)
  await shop.getByRole('button', { name: 'Find order' }).click()
  await expect(shop.getByTestId('order-number')).toHaveText(number)
}

test('the owner edits a guest’s order before packing; a change made meanwhile is refused, the guest sees the new order', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000)
  const kept = await pickProduct(page.request, offset(info.project.name))
  const added = await pickProduct(page.request, offset(info.project.name) + 1)
  const phone = freshPhone()
  const placed = await placeGuestOrder(page.request, {
    skuId: kept.skuId,
    quantity: 1,
    phone,
    name: 'Nasrin Akter',
    key: `admin-orders-edit-${kept.skuId}-${phone}`,
  })

  await signInAsOwner(page)
  await page.goto(`/admin/orders/${placed.id}`)
  await expect(page.getByRole('heading', { name: `Order ${placed.number}`, level: 1 })).toBeVisible()
  const totalBefore = (await page.getByTestId('order-total').textContent())?.trim()

  await page.getByRole('button', { name: 'Edit order' }).click()
  const editor = page.getByRole('dialog', { name: `Edit order ${placed.number}` })
  await expect(editor).toBeVisible()
  await editor.getByLabel(/^Quantity of /).fill('2')
  await expect(editor.getByText(/^Quantity of .+: 1 → 2$/)).toBeVisible()

  // someone else confirms the order meanwhile: the save is refused with who did it
  const api = await ownerApi(page)
  const confirmed = await api.post(`/api/v1/admin/orders/${placed.id}/status`, {
    data: { to: 'confirmed', version: 1 },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  await api.dispose()
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    editor
      .getByRole('alert')
      .filter({ hasText: /^Changed by .+ at \d{2}:\d{2}\. The order has been read again/ }),
  ).toBeVisible()

  // a product added by name, its size and colour chosen; the address moved out of Dhaka
  await editor.getByLabel('Find a product').fill(added.product.name)
  await editor
    .getByRole('button', { name: `Choose ${added.product.name}` })
    .first()
    .click()
  await editor.getByLabel(`Size and colour of ${added.product.name}`).selectOption(String(added.skuId))
  await editor.getByRole('button', { name: 'Add to the order' }).click()
  await expect(editor.getByLabel(/^Quantity of /)).toHaveCount(2)
  await editor.getByLabel('Change the delivery address').check()
  await editor.getByLabel('Division').selectOption('Chattogram')
  await editor.getByLabel('District').selectOption('Chattogram')
  await editor.getByLabel('Area (upazila / thana)').selectOption({ index: 1 })
  await editor.getByLabel('Street address').fill('CDA Avenue 12')
  await editor.getByLabel('Reason', { exact: true }).selectOption('own')
  await editor.getByLabel('The reason, as the customer will read it').fill('Customer called')

  const preview = editor.locator('.order-edit__preview')
  await expect(preview.getByText('Delivery address changed')).toBeVisible()
  await expect(preview.getByText(/^Added .+ × 1 at TK/)).toBeVisible()
  const newTotal = (await preview.getByTestId('order-total').textContent())?.trim() ?? ''
  expect(newTotal).toMatch(/^TK [\d,]+\.\d{2}$/)
  expect(newTotal).not.toBe(totalBefore)
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'The order is updated.' })).toBeVisible()
  await expect(page.getByTestId('order-total')).toHaveText(newTotal)
  await expect(page.getByText(added.product.name).first()).toBeVisible()
  // the timeline keeps what changed, and the reason given
  const edited = page.locator('.order-events__event--edit')
  await expect(edited.getByText(/^Quantity of .+: 1 → 2$/)).toBeVisible()
  await expect(edited.getByText(/^Added .+ × 1 at TK/)).toBeVisible()
  await expect(edited.getByText('Customer called', { exact: true })).toBeVisible()
  await expect(page.getByText('CDA Avenue 12')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  // the guest's order page shows the order as it is now
  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  await shopperOrder(shop, placed.number, phone)
  await expect(shop.getByTestId('order-total')).toHaveText(newTotal)
  // among the order's lines (the change below names it too)
  await expect(shop.locator('.order-lines__name').filter({ hasText: added.product.name })).toBeVisible()
  await expect(shop.getByText('CDA Avenue 12')).toBeVisible()
  // the change is told apart from the order's steps, with what changed
  const changes = shop.getByRole('region', { name: 'Changes made by the shop' })
  await expect(changes.getByText(/Delivery address changed; .*Customer called$/)).toBeVisible()
  await shopper.close()

  // once packed, the order can no longer be edited
  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByText('The order is packed.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit order' })).toHaveCount(0)
})
