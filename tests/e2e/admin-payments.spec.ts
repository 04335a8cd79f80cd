import { expect, type Page, test } from '@playwright/test'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import { readCode } from './auth-support'
import {
  fillCheckoutFields,
  freshPhone,
  guestAtCheckout,
  type Pick,
  pickProduct,
  placeAndReadNumber,
} from './checkout-support'
import { expectAccessible } from './fixtures'

/**
 * "Send Money" to the shop: the owner switches it on with the shop's bKash number, a shopper pays by
 * transfer and gives the transaction ID, and the owner finds the money and verifies the order.
 */
const offset = (projectName: string) => (projectName.startsWith('mobile') ? 8 : 9)

/** The owner's payment settings, as `fill` sets them, saved. */
async function savePaymentSettings(page: Page, fill: () => Promise<void>) {
  await signInAsOwner(page)
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 2, name: 'Payment methods' })).toBeVisible()
  // both viewports save the same values over one settings row: a save over the other's loads it and tries again
  const saved = page.getByRole('status').filter({ hasText: 'Settings saved' })
  const theirs = page.getByRole('button', { name: 'Load the saved settings' })
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await fill()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(saved.or(theirs)).toBeVisible()
    if (await saved.isVisible()) break
    await theirs.click()
  }
  await expect(saved).toBeVisible()
}

test("the owner takes transfers, and verifies a shopper's payment", async ({ page, browser }, info) => {
  test.setTimeout(120_000)
  await savePaymentSettings(page, async () => {
    await page.getByRole('checkbox', { name: /Send Money to the shop/ }).check()
    await page.getByLabel('bKash number for Send Money (empty: not taken)').fill('01812000111')
  })

  // a shopper who has not seen the shop before pays by transfer
  const { context: shopper, page: shop } = await guestAtCheckout(browser, info, offset(info.project.name))
  await shop.getByRole('radio', { name: /Send Money/ }).check()
  await expect(shop.getByTestId('transfer-instruction')).toContainText('to 01812000111')
  const transactionId = `TX${Date.now().toString(36).toUpperCase()}${info.project.name.length}`
  await shop.getByLabel('Transaction ID (TrxID)').fill(transactionId)
  await shop.getByLabel('Number you sent from').fill(freshPhone())
  await expectAccessible(shop)
  const number = await placeAndReadNumber(shop)
  await expect(shop.getByText('We are checking your transfer.')).toBeVisible()

  // the owner finds the money and says so
  await page.goto(`/admin/orders?q=${number}`)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByText(`transaction ID ${transactionId}`)).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Money received: verify' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The payment is verified' })).toBeVisible()

  await shop.reload()
  await expect(shop.getByText('Payment received. Thank you!')).toBeVisible()
  await expect(shop.getByText('Mobile money transfer, paid')).toBeVisible()
  await shopper.close()
})

/** far above any other journey's order, so that only this one asks for the code */
const CONFIRM_ABOVE = 60_000

test('a large cash-on-delivery order: the guest confirms the number by a code and pays the delivery charge first', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000)
  await savePaymentSettings(page, async () => {
    await page.getByRole('checkbox', { name: /Send Money to the shop/ }).check()
    await page.getByLabel('bKash number for Send Money (empty: not taken)').fill('01812000111')
    await page.getByLabel(/Confirm a guest's number by SMS code/).fill(String(CONFIRM_ABOVE))
    await page.getByLabel(/and for cash-on-delivery orders above/).fill(String(CONFIRM_ABOVE))
    // the order is many pieces of one item, above the largest a guest may place by default
    await page.getByLabel('Pieces of one item in an order (at most)').fill('100')
    await page.getByLabel('Pieces in one order (at most)').fill('100')
    await page.getByLabel('Largest order without an account (TK, 0: no limit)').fill('0')
    await page.getByLabel(/^Pieces one mobile number may hold/).fill('0')
  })

  const { baseURL, viewport, isMobile, hasTouch } = info.project.use
  const shopper = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  const shop = await shopper.newPage()
  // a sku with enough in stock to go above the threshold, one for each viewport
  let pick: Pick | undefined
  let price = 0
  for (let offset = info.project.name.startsWith('mobile') ? 30 : 31; !pick; offset += 2) {
    const candidate = await pickProduct(shop.request, offset)
    price = candidate.product.skus.find((sku) => sku.id === candidate.skuId)?.discountedPrice ?? 0
    if (price * (candidate.stock - 1) > CONFIRM_ABOVE) pick = candidate
  }
  const quantity = Math.floor(CONFIRM_ABOVE / price) + 1
  await shop.goto(`/product/${pick.product.slug}`)
  await shop.getByRole('group', { name: 'Size' }).getByRole('radio', { name: pick.size, exact: true }).check()
  await shop
    .getByRole('group', { name: 'Colour' })
    .getByRole('radio', { name: pick.colour, exact: true })
    .check()
  const more = shop.getByRole('button', { name: 'Increase quantity' })
  for (let count = 1; count < quantity; count += 1) await more.click()
  await shop.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(shop.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible()

  await shop.goto('/checkout')
  const phone = freshPhone()
  await fillCheckoutFields(shop, phone)
  await expect(
    shop.getByText(`For cash on delivery of this order, confirm ${phone} with a code we send by SMS.`),
  ).toBeVisible()
  await shop.getByRole('button', { name: 'SEND CODE' }).click()
  await shop.getByLabel('Code from the SMS').fill(await readCode(shop.request, phone))
  await shop.getByRole('button', { name: 'Confirm number' }).click()
  await expect(shop.getByRole('status').filter({ hasText: `${phone} is confirmed.` })).toBeVisible()

  // the delivery charge first, by Send Money; the rest on delivery
  const advance = shop.getByRole('group', { name: 'Delivery charge in advance' })
  await expect(advance.getByTestId('advance-split')).toContainText('before delivery. Pay the rest')
  await advance.getByRole('radio', { name: 'Send Money' }).check()
  await expect(advance.getByTestId('transfer-instruction')).toContainText('to 01812000111')
  await advance.getByLabel('Transaction ID (TrxID)').fill(`AD${Date.now().toString(36).toUpperCase()}`)
  await advance.getByLabel('Number you sent from').fill(freshPhone())
  await expectAccessible(shop)
  await placeAndReadNumber(shop)
  await expect(shop.getByText('We are checking your transfer.')).toBeVisible()
  await expect(shop.getByTestId('order-advance')).toContainText('before delivery,')
  await shopper.close()
})
