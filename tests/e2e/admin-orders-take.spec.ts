import { expect, test } from '@playwright/test'
import {
  expectNoSidewaysScroll,
  openMenuOnPhone,
  ownerApi,
  signInAsOwner,
  staffThroughApi,
} from './admin-support'
import { API_HEADERS, freshPhone, pickProduct, stockOf } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project takes its own products, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 56 : 58)

test('a staff member takes a phone order for a guest with an advance by TrxID; it goes through the workflow and the guest reads it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000)
  const pick = await pickProduct(page.request, offset(info.project.name))
  const stockBefore = await stockOf(page.request, pick.product.slug, pick.skuId)
  const phone = freshPhone()
  const trxId = `TK${Date.now().toString(36).toUpperCase()}`.slice(0, 12)

  // a member of staff (not an owner) signed in with their own session
  await signInAsOwner(page)
  const owner = await ownerApi(page)
  const salma = await staffThroughApi(owner, 'staff', 'Salma')
  await page.context().clearCookies()
  await page.context().addCookies(salma.session.cookies)

  const started = Date.now()
  await page.goto('/admin/orders')
  await page.getByRole('link', { name: 'Take an order' }).click()
  await expect(page.getByRole('heading', { name: 'Take an order', level: 1 })).toBeVisible()

  await page.getByLabel('Where the order came from').selectOption('phone')
  await page.getByLabel("Customer's mobile number").fill(phone)
  await expect(page.getByText('A new customer: no orders from this number yet.')).toBeVisible()
  await page.getByLabel("Customer's name").fill('Nasrin Akter')

  await page.getByLabel('Find a product').fill(pick.product.name)
  await page
    .getByRole('button', { name: `Choose ${pick.product.name}` })
    .first()
    .click()
  await page.getByLabel(`Size and colour of ${pick.product.name}`).selectOption(String(pick.skuId))
  await page.getByRole('button', { name: 'Add to the order' }).click()
  await page.getByLabel(/^Quantity of /).fill('2')

  await page.getByLabel('Division').selectOption('Dhaka')
  await page.getByLabel('District').selectOption('Dhaka')
  await page.getByLabel('Area (upazila / thana)').selectOption('Dhanmondi')
  await page.getByLabel('Street address').fill('House 9, Road 4')

  await page.getByLabel('Discount by hand (TK)').fill('50')
  await page.getByLabel('Reason for the discount').fill('Regular customer')
  await page.getByLabel('Advance already received').check()
  await page.getByLabel('Received through').selectOption('bkash')
  await page.getByLabel('Transaction ID (TrxID)').fill(trxId)
  await page.getByLabel('Amount received (TK)').fill('200')

  // the server's price: the shop's discount, the delivery charge of Dhaka city, what the courier collects
  const summary = page.locator('.take-order__summary')
  await expect(summary.getByText('Shop discount')).toBeVisible()
  await expect(summary.getByText(/^Delivery \(Inside Dhaka/)).toBeVisible()
  const total = Number(
    ((await summary.getByTestId('order-total').textContent()) ?? '').replace(/[^\d.]/g, ''),
  )
  expect(total).toBeGreaterThan(0)
  await expect(summary.getByTestId('take-collect')).toContainText(`${(total - 200).toLocaleString('en-IN')}`)
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('button', { name: 'Create order' }).click()
  await expect(page.getByRole('heading', { name: /^Order HT-/, level: 1 })).toBeVisible()
  const seconds = (Date.now() - started) / 1000
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
    .replace('Order ', '')
    .trim()
  await expect(page.getByTestId('order-source')).toHaveText('Phone call')
  await expect(page.getByText('Regular customer')).toBeVisible()
  await expect(page.getByTestId('order-total')).toHaveText(new RegExp(total.toLocaleString('en-IN')))
  // the figure the note keeps: from the orders list to the order's page, 19 steps
  console.log(`phone order (${info.project.name}): taken in ${seconds.toFixed(1)} s`)
  expect(await stockOf(page.request, pick.product.slug, pick.skuId)).toBe(stockBefore - 2)

  // the shopper's text names the order and links to its page
  const textOf = async () => {
    const outbox = await page.request.get(`/api/v1/dev/sms-outbox?phone=${phone}`, { headers: API_HEADERS })
    const texts = ((await outbox.json()) as { data: { body: string }[] }).data.map((m) => m.body)
    return texts.find((body) => body.includes(number)) ?? ''
  }
  await expect.poll(textOf).toMatch(/\/confirm-order\?number=HT-/)
  const text = await textOf()

  // the same workflow: packed, shipped and delivered by the staff member
  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByText('The order is packed.')).toBeVisible()

  // the guest follows the link and finds the order with their number
  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  const link = new URL(text.match(/https?:\/\/\S+/)?.[0] ?? '/', 'http://shop.invalid')
  await shop.goto(`${link.pathname}${link.search}`)
  await shop.getByLabel('Mobile number').fill(phone)
  await shop.getByRole('button', { name: 'Find order' }).click()
  await expect(shop.getByTestId('order-number')).toHaveText(number)
  await expect(shop.getByText('Shop discount')).toBeVisible()
  await shopper.close()

  // shipped and delivered (the courier's word): the shopper paid the rest at the door, the cash is with the courier
  const orderId = Number(new URL(page.url()).pathname.split('/').pop())
  for (const step of [
    { to: 'shipped', courier: 'Steadfast', trackingNumber: `SF${orderId}` },
    { to: 'delivered' },
  ]) {
    const current = await owner.get(`/api/v1/admin/orders/${orderId}`)
    const { version } = ((await current.json()) as { data: { version: number } }).data
    const moved = await owner.post(`/api/v1/admin/orders/${orderId}/status`, { data: { ...step, version } })
    expect(moved.status(), await moved.text()).toBe(200)
  }

  // the owner records Steadfast's payout statement: the order is no longer waiting for its cash
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const ownerPage = await ownerContext.newPage()
  await signInAsOwner(ownerPage)
  await ownerPage.goto('/admin')
  await expect(ownerPage.getByText('Cash with couriers').first()).toBeVisible()
  await ownerPage.getByRole('link', { name: 'See them and record payouts' }).click()
  await expect(ownerPage.getByRole('heading', { name: 'Cash with couriers', level: 1 })).toBeVisible()
  const waiting = ownerPage.getByRole('link', { name: number })
  await expect(waiting).toBeVisible()
  const collected = total - 200
  const statement = [
    'Invoice,Consignment ID,Recipient Name,Recipient Phone,Collected Amount,Delivery Charge,COD Charge',
    `${number},,Nasrin Akter,${phone},${collected},60,${(collected / 100).toFixed(2)}`,
  ].join('\n')
  await ownerPage.getByLabel('Payout file (CSV)').setInputFiles({
    name: 'steadfast-payout.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement),
  })
  await expect(ownerPage.getByTestId('cash-preview')).toContainText(/^1 order: TK/)
  await expectAccessible(ownerPage)
  await ownerPage.getByRole('button', { name: 'Record 1 order paid out' }).click()
  await expect(ownerPage.getByText(/^1 order recorded paid out: TK/)).toBeVisible()
  await expect(waiting).toHaveCount(0)
  await ownerPage.goto(`/admin/orders/${orderId}`)
  await expect(ownerPage.getByTestId('order-cash')).toHaveText(
    /^Paid out on .+: TK [\d,.]+ collected, TK [\d,.]+ kept by the courier\.$/,
  )
  await ownerContext.close()

  // the same page in Bangla
  await page.goto('/admin/orders/take')
  await openMenuOnPhone(page, info)
  await page.getByRole('button', { name: 'বাংলা', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'অর্ডার নিন', level: 1 })).toBeVisible()
  await expect(page.getByLabel('গ্রাহকের মোবাইল নম্বর')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await owner.dispose()
  await salma.api.dispose()
})

test('an order half-taken is saved as a draft and finished later', async ({ page }, info) => {
  const pick = await pickProduct(page.request, offset(info.project.name) + 1)
  const phone = freshPhone()
  await signInAsOwner(page)
  await page.goto('/admin/orders/take')
  await page.getByLabel('Where the order came from').selectOption('facebook')
  await page.getByLabel("Customer's mobile number").fill(phone)
  await page.getByLabel("Customer's name").fill('Shirin Sultana')
  await page.getByLabel('Find a product').fill(pick.product.name)
  await page
    .getByRole('button', { name: `Choose ${pick.product.name}` })
    .first()
    .click()
  await page.getByLabel(`Size and colour of ${pick.product.name}`).selectOption(String(pick.skuId))
  await page.getByRole('button', { name: 'Add to the order' }).click()
  await page.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page.getByText('Draft saved.', { exact: false })).toBeVisible()

  // later: the draft is listed, opened, completed and placed
  await page.goto('/admin/orders/take')
  await page.getByRole('link', { name: 'Continue the draft for Shirin Sultana' }).click()
  await expect(page.getByLabel("Customer's mobile number")).toHaveValue(phone)
  await expect(page.getByLabel(/^Quantity of /)).toHaveValue('1')
  await expect(page.getByLabel(/^Quantity of /)).toHaveAccessibleName(new RegExp(pick.product.name))
  await page.getByLabel('Division').selectOption('Dhaka')
  await page.getByLabel('District').selectOption('Dhaka')
  await page.getByLabel('Area (upazila / thana)').selectOption('Gulshan')
  await page.getByLabel('Street address').fill('Road 11, House 3')
  await page.getByRole('button', { name: 'Create order' }).click()
  await expect(page.getByRole('heading', { name: /^Order HT-/, level: 1 })).toBeVisible()
  await expect(page.getByTestId('order-source')).toHaveText('Facebook')
  await page.goto('/admin/orders/take')
  await expect(page.getByRole('link', { name: 'Continue the draft for Shirin Sultana' })).toHaveCount(0)
})
