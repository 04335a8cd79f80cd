import { expect, test } from '@playwright/test'
import { ownerApi } from './admin-support'
import { registerByPassword } from './auth-support'
import { addFromProductPage, fillCheckoutFields, pickProduct } from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

/** A number of this journey's own (016 + the project + the time): no other journey signs it up. */
const pointsPhone = (project: string) => `0164${project === 'mobile' ? 6 : 7}${String(Date.now()).slice(-6)}`

test('a signed-in shopper spends reward points at checkout and sees them on the order and in the history', async ({
  page,
  request,
}, info) => {
  const pick = await pickProduct(request, 24 + (info.project.name === 'mobile' ? 0 : 1))
  const phone = pointsPhone(info.project.name)
  // the run's owner first: setting the owner up on this page's browser ends the page's sessions
  const owner = await ownerApi(page)
  await openPage(page, '/')
  await registerByPassword(page, phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)

  // the shop gives the new shopper 500 points (a manager's change, with its reason)
  const found = await owner.get(`/api/v1/admin/customers?q=${phone}`)
  expect(found.status(), await found.text()).toBe(200)
  const customerId = ((await found.json()) as { data: { id: number }[] }).data[0]?.id
  expect(customerId).toBeDefined()
  const given = await owner.post(`/api/v1/admin/customers/${customerId}/points`, {
    data: { points: 500, reason: 'Welcome gift' },
  })
  expect(given.status(), await given.text()).toBe(200)
  await owner.dispose()

  await addFromProductPage(page, pick)
  await page.goto('/checkout')
  await fillCheckoutFields(page, phone)
  const choice = page.getByRole('checkbox', { name: /^Use \d[\d,]* points \(−TK/ })
  await expect(choice).toBeVisible()
  const label = (await page.getByText(/^Use \d[\d,]* points/).textContent()) ?? ''
  const used = Number(/Use ([\d,]+) points/.exec(label)?.[1]?.replace(/,/g, ''))
  expect(used).toBeGreaterThan(0)
  const before = (await page.getByTestId('order-total').textContent()) ?? ''
  await choice.check()
  // the server's quote with the points spent: the totals say what they took off
  const discount = page.getByRole('complementary').getByTestId('points-discount')
  await expect(discount).toContainText(`Reward points (${used.toLocaleString('en-IN')})`)
  await expect(page.getByTestId('order-total')).not.toHaveText(before)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''

  await page.goto('/user/orders')
  await page.getByRole('link', { name: new RegExp(number) }).click()
  await expect(page).toHaveURL(/\/user\/order\/\d+$/)
  await expect(page.getByTestId('points-discount')).toContainText(
    `Reward points (${used.toLocaleString('en-IN')})`,
  )

  await page.goto('/user/reward-points')
  await expect(page.getByTestId('reward-points')).toHaveText(`${(500 - used).toLocaleString('en-IN')} points`)
  const history = page.getByTestId('points-history').getByRole('listitem')
  await expect(history.first()).toContainText('Spent on an order')
  await expect(history.first()).toContainText(number)
  await expect(history.first()).toContainText(`−${used.toLocaleString('en-IN')}`)
  await expect(history.nth(1)).toContainText('Changed by the shop')
  await expect(history.nth(1)).toContainText('+500')
  await expectAccessible(page)
})
