import { expect, type Page, test } from '@playwright/test'
import { formatTaka } from '../../src/lib/money'
import { openMenuOnPhone, ownerApi, signInAsOwner } from './admin-support'
import { freshPhone, pickProduct, placeGuestOrder } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own products, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 44 : 46)

type Placed = { id: number; number: string; name: string; phone: string; total: number }

/** Two guests' cash-on-delivery orders through the API, both named with `tag` (to find them on the list). */
async function placeTwo(page: Page, projectName: string, tag: string): Promise<[Placed, Placed]> {
  const pick = await pickProduct(page.request, offset(projectName))
  const owner = await ownerApi(page)
  const place = async (name: string, quantity: number): Promise<Placed> => {
    const phone = freshPhone()
    const { id, number } = await placeGuestOrder(page.request, {
      skuId: pick.skuId,
      quantity,
      phone,
      name,
      key: `admin-orders-print-${tag}-${quantity}-${phone}`,
    })
    const detail = await owner.get(`/api/v1/admin/orders/${id}`)
    expect(detail.ok()).toBe(true)
    const total = ((await detail.json()) as { data: { totals: { total: number } } }).data.totals.total
    return { id, number, name, phone, total }
  }
  const first = await place(`Nadia ${tag}`, 1)
  const second = await place(`Rafiq ${tag}`, 2)
  await owner.dispose()
  return [first, second]
}

/** Letters only, fresh for each run: the customers' second name, to find this test's orders by. */
const freshTag = () =>
  `Print${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] as string)}`

/** window.print is the browser's dialog: the page only has to ask for it. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    window.print = () => {
      ;(window as unknown as { printed: number }).printed =
        ((window as unknown as { printed?: number }).printed ?? 0) + 1
    }
  })
}
const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)

/** The PDF's pages: the `/Type /Page` objects (not the `/Pages` tree), and each one's MediaBox in points. */
function pdfPages(pdf: Buffer) {
  const text = pdf.toString('latin1')
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (box) => [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])],
  )
  return { count: pages.length, boxes }
}

async function printedPdf(page: Page) {
  await page.evaluate(() => document.fonts.ready)
  return pdfPages(await page.pdf({ preferCSSPageSize: true }))
}

test('the owner prints two orders’ invoices in one go: one A4 page each, with the cash to collect and a QR code', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const orders = await placeTwo(page, info.project.name, freshTag())
  await stubPrint(page)
  await signInAsOwner(page)
  await page.goto(`/admin/orders/print?ids=${orders.map((order) => order.id).join(',')}&layout=invoice`)

  await expect(page.getByRole('heading', { name: 'Invoices of 2 orders', level: 1 })).toBeVisible()
  for (const order of orders) {
    const invoice = page.getByRole('article', { name: `Invoice ${order.number}` })
    await expect(invoice).toBeVisible()
    await expect(invoice.getByTestId('print-number')).toHaveText(order.number)
    await expect(invoice.getByText(order.name).first()).toBeVisible()
    await expect(invoice.getByTestId('print-collect')).toHaveText(`Cash to collect${formatTaka(order.total)}`)
    await expect(invoice.getByTestId('order-total')).toHaveText(formatTaka(order.total))
    await expect(invoice.getByRole('img', { name: `QR code of order ${order.number}` })).toBeVisible()
    await expect(invoice.locator('svg[data-code="qr"] path')).toHaveAttribute('d', /^M/)
    await expect(invoice.getByRole('columnheader', { name: 'VAT (incl.)' })).toBeVisible()
  }
  // the shop's details from its settings
  await expect(page.getByText('support@haat.com.bd').first()).toBeVisible()
  // the dialog opened once, by itself
  await expect.poll(() => printCalls(page)).toBe(1)
  await expectAccessible(page)

  // the button asks again
  await page.getByRole('button', { name: 'Print', exact: true }).click()
  await expect.poll(() => printCalls(page)).toBe(2)

  // on paper: the sheets alone, without the back office around them
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeHidden()
  await expect(page.locator('.admin-bar')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden()
  await expect(page.getByRole('article', { name: `Invoice ${orders[0].number}` })).toBeVisible()
  const pdf = await printedPdf(page)
  expect(pdf.count).toBe(2)
  for (const [width, height] of pdf.boxes) {
    // A4: 210 × 297 mm
    expect(width).toBeCloseTo(595, -1)
    expect(height).toBeCloseTo(842, -1)
  }
})

test('courier labels: 4 × 6 in each, the recipient, the cash to collect and a barcode; in Bangla with Bengali digits', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const orders = await placeTwo(page, info.project.name, freshTag())
  await stubPrint(page)
  await signInAsOwner(page)
  await page.goto(`/admin/orders/print?ids=${orders.map((order) => order.id).join(',')}&layout=label`)

  await expect(page.getByRole('heading', { name: 'Courier labels of 2 orders', level: 1 })).toBeVisible()
  for (const order of orders) {
    const label = page.getByRole('article', { name: `Courier label of order ${order.number}` })
    await expect(label.getByText(order.name, { exact: true })).toBeVisible()
    await expect(label.getByText(order.phone, { exact: true })).toBeVisible()
    await expect(label.getByTestId('label-collect')).toHaveText(`Cash to collect${formatTaka(order.total)}`)
    await expect(label.getByRole('img', { name: `Barcode of order ${order.number}` })).toBeVisible()
    await expect(label.getByText(order.number, { exact: true })).toBeVisible()
  }
  await expect.poll(() => printCalls(page)).toBe(1)
  await expectAccessible(page)

  const pdf = await printedPdf(page)
  expect(pdf.count).toBe(2)
  expect(pdf.boxes).toEqual([
    [288, 432],
    [288, 432],
  ])

  // the back office's language, not the order's: Bangla with Bengali digits
  await page.emulateMedia({ media: 'screen' })
  await openMenuOnPhone(page, info)
  await page.getByRole('button', { name: 'বাংলা', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(page.getByRole('heading', { name: '২টি অর্ডারের কুরিয়ার লেবেল', level: 1 })).toBeVisible()
  const [first] = orders
  const label = page.getByRole('article', { name: `অর্ডার ${first.number}-এর কুরিয়ার লেবেল` })
  await expect(label.getByTestId('label-collect')).toHaveText(
    `আদায় করতে হবে${formatTaka(first.total, { lang: 'bn' })}`,
  )
  await expect(label.getByText(formatTaka(first.total, { lang: 'bn' }))).toHaveText(/^৳ [০-৯,]+\.[০-৯]{2}$/)
  await expectAccessible(page)
  // a change of language redraws the labels without asking for the dialog again
  expect(await printCalls(page)).toBe(1)
})

/** The print page's address asks for these orders, in this order, in this layout. */
async function expectPrintPage(page: Page, ids: number[], layout: 'invoice' | 'label') {
  await expect
    .poll(() => {
      const url = new URL(page.url())
      return [url.pathname, url.searchParams.get('ids'), url.searchParams.get('layout')]
    })
    .toEqual(['/admin/orders/print', ids.join(','), layout])
}

test('the order page prints its invoice and its label; the list prints the chosen orders’ in its order', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const tag = freshTag()
  const [older, newer] = await placeTwo(page, info.project.name, tag)
  await stubPrint(page)
  await signInAsOwner(page)

  await page.goto(`/admin/orders/${older.id}`)
  await expect(page.getByRole('heading', { name: `Order ${older.number}`, level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Print invoice', exact: true }).click()
  await expectPrintPage(page, [older.id], 'invoice')
  await expect(page.getByRole('heading', { name: 'Invoice of 1 order', level: 1 })).toBeVisible()
  await expect(page.getByRole('article', { name: `Invoice ${older.number}` })).toBeVisible()
  await page.getByRole('link', { name: 'Back to orders' }).click()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()

  await page.goto(`/admin/orders/${older.id}`)
  await page.getByRole('link', { name: 'Print label', exact: true }).click()
  await expectPrintPage(page, [older.id], 'label')
  await expect(page.getByRole('article', { name: `Courier label of order ${older.number}` })).toBeVisible()

  // the list, newest first: both chosen, printed in that order
  await page.goto(`/admin/orders?q=${tag}`)
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible()
  await page.getByRole('checkbox', { name: `Choose order ${older.number}` }).check()
  await page.getByRole('checkbox', { name: `Choose order ${newer.number}` }).check()
  await page.getByRole('button', { name: 'Print invoices', exact: true }).click()
  await expectPrintPage(page, [newer.id, older.id], 'invoice')
  const invoices = page.getByRole('article')
  await expect(invoices).toHaveCount(2)
  await expect(invoices.nth(0)).toHaveAccessibleName(`Invoice ${newer.number}`)
  await expect(invoices.nth(1)).toHaveAccessibleName(`Invoice ${older.number}`)

  await page.goBack()
  await expect(page.getByRole('checkbox', { name: `Choose order ${older.number}` })).toBeVisible()
  await page.getByRole('checkbox', { name: `Choose order ${older.number}` }).check()
  await page.getByRole('checkbox', { name: `Choose order ${newer.number}` }).check()
  await page.getByRole('button', { name: 'Print labels', exact: true }).click()
  await expectPrintPage(page, [newer.id, older.id], 'label')
  await expect(page.getByRole('article')).toHaveCount(2)
})

test('an address naming no orders to print says so', async ({ page }) => {
  await signInAsOwner(page)
  await page.goto('/admin/orders/print?ids=12,abc&layout=invoice')
  await expect(page.getByRole('heading', { name: 'Nothing to print', level: 1 })).toBeVisible()
  await page.goto('/admin/orders/print?ids=2000000000&layout=label')
  await expect(page.getByRole('alert')).toHaveText(/Order not found/)
})
