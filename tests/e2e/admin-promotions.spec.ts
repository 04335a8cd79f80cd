import { type Browser, expect, type TestInfo, test } from '@playwright/test'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { pickProduct } from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

/** A shopper who has not seen the shop before. */
async function shopper(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  return context.newPage()
}

const taka = (amount: number) =>
  `TK ${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test('the owner offers buy 2 get 1 free on one product; a shopper with three in the cart gets the cheapest free, by name, in English and Bangla', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000)
  // one product of its own per run, so no other journey's cart meets the offer
  const pick = await pickProduct(page.request, testInfo.project.name === 'mobile-owner' ? 41 : 43)
  const price = pick.product.skus.find((sku) => sku.id === pick.skuId)?.discountedPrice ?? 0
  const name = `Buy 2 get 1 ${testInfo.project.name} ${Date.now().toString(36)}`
  const api = await ownerApi(page)

  await signInAsOwner(page)
  await page.goto('/admin/promotions')
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible()
  await page.getByRole('button', { name: 'New promotion' }).click()
  await page.getByLabel('Name in English (shoppers read it in the cart)').fill(name)
  await page.getByLabel('Name in Bangla').fill(`২টি কিনলে ১টি ফ্রি ${testInfo.project.name}`)
  await page.getByLabel('Kind of offer').selectOption({ label: 'Buy X, get Y' })
  await page.getByLabel('Buy (items)').fill('2')
  await page.getByLabel('Get (items)').fill('1')
  await page.getByLabel('Off the items they get (%; 100 is free)').fill('100')
  // by its SKU code: two products may share a name
  await page.getByLabel('Find a product by name or SKU').fill(pick.sku)
  await page.getByRole('button', { name: `Choose ${pick.product.name}`, exact: true }).click()
  await expect(page.getByText('1 product chosen')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Save the promotion' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible()
  const card = page.getByRole('listitem').filter({ hasText: name })
  await expect(card).toContainText('Running')
  await expect(card).toContainText('Buy X, get Y: buy 2, get 1 free')
  const { data } = (await (await api.get('/api/v1/admin/promotions')).json()) as {
    data: { id: number; name: string; rules: unknown }[]
  }
  const saved = data.find((promotion) => promotion.name === name) as
    | { id: number; rules: { productIds: number[] } }
    | undefined
  const id = saved?.id
  // the offer names the product the shopper buys
  expect(saved?.rules.productIds).toEqual([pick.product.id])

  try {
    const guest = await shopper(browser, testInfo)
    await openPage(guest, `/product/${pick.product.slug}`)
    await guest
      .getByRole('group', { name: 'Size' })
      .getByRole('radio', { name: pick.size, exact: true })
      .check()
    await guest
      .getByRole('group', { name: 'Colour' })
      .getByRole('radio', { name: pick.colour, exact: true })
      .check()
    const more = guest.getByRole('button', { name: 'Increase quantity' })
    await more.click()
    await more.click()
    await guest.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(guest.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible()

    await openPage(guest, '/cart')
    const offer = guest.locator('.order-totals div').filter({ hasText: `Offer: ${name}` })
    await expect(offer).toContainText(`-${taka(price)}`)
    await expectAccessible(guest)
    await expectNoSidewaysScroll(guest)

    // checkout shows the same offer and a total that has it taken off
    await openPage(guest, '/checkout')
    await expect(guest.locator('.order-totals div').filter({ hasText: `Offer: ${name}` })).toContainText(
      `-${taka(price)}`,
    )

    await guest.evaluate(() => localStorage.setItem('haat-lang', 'bn'))
    await openPage(guest, '/cart')
    await expect(guest.locator('.order-totals')).toContainText(
      `অফার: ২টি কিনলে ১টি ফ্রি ${testInfo.project.name}`,
    )
    await guest.context().close()
  } finally {
    if (id) expect((await api.delete(`/api/v1/admin/promotions/${id}`)).status()).toBe(204)
  }
})
