import { expect, test } from '@playwright/test'
import { signInAsOwner } from './admin-support'
import { freshPhone, pickProduct } from './checkout-support'
import { expectAccessible } from './fixtures'
import { bn, findOrderInBangla, placeBanglaOrder, textsTo } from './order-bangla-support'

test('the owner cancels with a reason from the list; the Bangla guest reads it in Bangla, in the SMS and on the order', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000)
  const pick = await pickProduct(page.request, info.project.name === 'mobile-owner' ? 72 : 73)
  const phone = freshPhone()
  const order = await placeBanglaOrder(page.request, {
    skuId: pick.skuId,
    phone,
    key: `order-reasons-${phone}`,
  })

  await signInAsOwner(page)
  await page.goto(`/admin/orders/${order.id}`)
  await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}` })
  const reason = dialog.getByLabel('Reason', { exact: true })
  await reason.selectOption({ label: 'Out of stock' })
  // the staff are told the customer reads it; a listed reason says who the cancellation is on itself
  await expect(reason).toHaveAccessibleDescription(
    'The customer reads this reason in their SMS, in their own language.',
  )
  await expect(dialog.getByLabel('Who is it on?')).toHaveCount(0)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.locator('.order-actions > [role="status"]')).toHaveText(
    'The order is cancelled and its stock is back.',
  )
  await expect(page.locator('.order-events__event--status').last()).toContainText('Out of stock')

  await expect
    .poll(async () => (await textsTo(page.request, phone))[0] ?? '', { timeout: 20_000 })
    .toContain(`কারণ: ${bn('admin-orders.reason-out-of-stock')}`)

  const guest = await browser.newContext()
  const shop = await guest.newPage()
  await findOrderInBangla(shop, order.number, phone)
  const why = shop.locator('.order-facts div', { hasText: bn('orders.cancel-reason') }).locator('dd')
  await expect(why).toHaveText(bn('admin-orders.reason-out-of-stock'))
  await expectAccessible(shop)
  await guest.close()
})
