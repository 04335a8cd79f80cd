import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { Dashboard } from '../../src/contract/admin-reports'
import { formatTaka, groupIndian } from '../../src/lib/money'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { freshPhone, pickProduct, placeGuestOrder } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Each project buys its own product, away from the offsets the other specs take. */
const offset = (projectName: string) => (projectName === 'mobile-owner' ? 40 : 42)

const numbers = async (owner: APIRequestContext, range: string): Promise<Dashboard> => {
  const answer = await owner.get(`/api/v1/admin/dashboard?range=${range}`)
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { data: Dashboard }).data
}

/** The figure card of this name, as the page shows it. */
const card = (page: Page, name: string) =>
  page.locator('.dashboard-figure').filter({ has: page.getByText(name, { exact: true }) })

/**
 * The page shows what the API counts now (orders placed meanwhile by other journeys may move the figures:
 * read both again until they agree).
 */
async function expectFiguresOf(page: Page, owner: APIRequestContext, range: string) {
  await expect(async () => {
    await page.reload()
    const data = await numbers(owner, range)
    await expect(card(page, 'Revenue')).toContainText(formatTaka(data.figures.revenue), { timeout: 5_000 })
    await expect(card(page, 'Orders')).toContainText(groupIndian(String(data.figures.orders)), {
      timeout: 1_000,
    })
    await expect(card(page, 'Cash on delivery')).toContainText(formatTaka(data.figures.cod.revenue), {
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
}

test('the owner reads the shop’s numbers, changes the days, and downloads the sales report', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const owner = await ownerApi(page)
  const before = await numbers(owner, 'today')

  // a guest's order through the API counts at once, today in Dhaka
  const pick = await pickProduct(page.request, offset(info.project.name))
  const phone = freshPhone()
  const order = await placeGuestOrder(page.request, {
    skuId: pick.skuId,
    quantity: 1,
    phone,
    name: 'Dashboard Shopper',
    key: `admin-dashboard-${pick.skuId}-${phone}`,
  })
  const detail = await owner.get(`/api/v1/admin/orders/${order.id}`)
  const total = ((await detail.json()) as { data: { totals: { total: number } } }).data.totals.total
  const after = await numbers(owner, 'today')
  expect(after.figures.orders).toBeGreaterThanOrEqual(before.figures.orders + 1)
  expect(after.figures.cod.revenue).toBeGreaterThanOrEqual(before.figures.cod.revenue + total)
  expect(after.days).toHaveLength(1)

  await signInAsOwner(page)
  await page.goto('/admin?range=today')
  await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'The shop’s numbers' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page')
  await expectFiguresOf(page, owner, 'today')
  // the orders by status lead to the orders list showing just those
  const newOrders = page.getByRole('region', { name: 'Orders by status' }).getByRole('link', { name: /^New/ })
  await expect(newOrders).toHaveAttribute(
    'href',
    /\/admin\/orders\?status=pending&from=\d{4}-\d{2}-\d{2}&to=/,
  )
  await expect(page.getByRole('heading', { level: 2, name: 'Sections' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Orders', exact: true }).last()).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  // seven days: a chart (hidden from screen readers) and the same figures as a table
  await page.getByRole('link', { name: '7 days' }).click()
  await expect(page).toHaveURL(/range=7d/)
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page')
  await expectFiguresOf(page, owner, '7d')
  await expect(page.locator('.sales-chart canvas').first()).toBeVisible()
  await expect(page.locator('.sales-chart')).toHaveAttribute('aria-hidden', 'true')
  await page.getByText('Revenue per day as a table').click()
  const week = await numbers(owner, '7d')
  await expect(page.getByRole('region', { name: 'Revenue per day' }).first().getByRole('row')).toHaveCount(
    week.days.length + 1,
  )
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  // two dates of one's own: backwards is refused on the page, then the chosen days are shown
  const today = after.range.to
  const dates = page.getByRole('form', { name: 'Choose dates' })
  await dates.getByLabel('From').fill(today)
  await dates.getByLabel('To').fill('2020-01-01')
  await dates.getByRole('button', { name: 'Show' }).click()
  await expect(dates.getByRole('alert')).toHaveText('The end date must not be before the start date')
  await dates.getByLabel('To').fill(today)
  await dates.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${today}&to=${today}`))
  await expectFiguresOf(page, owner, `custom&from=${today}&to=${today}`)

  // the sales report by category, and its CSV
  await page.getByRole('link', { name: 'Sales report' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sales report' })).toBeVisible()
  await page.getByRole('link', { name: 'By category' }).click()
  await expect(page).toHaveURL(/report=sales&by=category/)
  await expect(page.getByRole('columnheader', { name: 'Category' })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: pick.product.category.name }).first()).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^sales-by-category-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const text = readFileSync((await download.path()) ?? '', 'utf8')
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('category,name_bn,orders,items,item_sales')
  expect(text).toMatch(/\r\ntotal,,\d+,\d+,[\d.]+\r\n$/)
  await owner.dispose()
})
