import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { expectAccessible, isMobile, openPage, productCards, recordRequests } from './fixtures'

const listingRequest = (request: { url(): string }) => {
  const url = new URL(request.url())
  return url.pathname === '/api/v2/product/storefront' && url.searchParams.get('perPage') === '24'
}
const filtersOf = (request: { url(): string }) =>
  JSON.parse(new URL(request.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>

/** The filters: the side panel on desktop, the filter modal on phones (opened when needed). */
async function filters(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    const modal = page.getByRole('dialog', { name: 'Filter' })
    if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Filter' }).click()
    await expect(modal).toBeVisible()
    return modal
  }
  return page.getByRole('complementary', { name: 'Filters' })
}

const count = (page: Page) => page.locator('.listing__count')

test('filters live in the URL and survive reload and Back', async ({ page }, testInfo) => {
  await openPage(page, '/category/men')
  await expect(productCards(page)).toHaveCount(24)
  const all = await count(page).textContent()

  await (await filters(page, testInfo)).getByRole('checkbox', { name: /^Kashful/ }).check()
  await expect(page).toHaveURL(/\/category\/men\?brand=kashful$/)
  await expect(count(page)).toHaveText('25 products')

  await (await filters(page, testInfo)).getByRole('checkbox', { name: /^XL/ }).check()
  await expect(page).toHaveURL(/brand=kashful/)
  await expect(page).toHaveURL(/size=XL/)
  await expect(count(page)).not.toHaveText('25 products')
  const narrowed = await count(page).textContent()

  await page.reload()
  await expect(count(page)).toHaveText(narrowed ?? '')
  const panel = await filters(page, testInfo)
  await expect(panel.getByRole('checkbox', { name: /^Kashful/ })).toBeChecked()
  await expect(panel.getByRole('checkbox', { name: /^XL/ })).toBeChecked()
  if (isMobile(testInfo)) await page.keyboard.press('Escape')

  await page.goBack()
  await expect(page).toHaveURL(/\/category\/men\?brand=kashful$/)
  await expect(count(page)).toHaveText('25 products')
  await page.goBack()
  await expect(page).toHaveURL(/\/category\/men$/)
  await expect(count(page)).toHaveText(all ?? '')
})

test('an emptied filter leaves the URL', async ({ page }, testInfo) => {
  await openPage(page, '/category/men?brand=kashful&inStock=true')
  await expect(count(page)).toBeVisible()
  const panel = await filters(page, testInfo)
  await panel.getByRole('checkbox', { name: /^Kashful/ }).uncheck()
  await expect(page).toHaveURL(/\/category\/men\?inStock=true$/)
  await (await filters(page, testInfo)).getByRole('checkbox', { name: 'In stock only' }).uncheck()
  await expect(page).toHaveURL(/\/category\/men$/)
})

test('the category filter keeps only the last comma entry', async ({ page }) => {
  const requests = recordRequests(page, listingRequest)
  await openPage(page, '/brand/kashful?category=men,panjabi')
  await expect(productCards(page).first()).toBeVisible()
  expect(requests.length).toBeGreaterThan(0)
  expect(filtersOf(requests[0]!)).toMatchObject({ category: 'panjabi', brand: ['kashful'] })
})

test('sorting by price orders the cards and is kept in the URL', async ({ page }, testInfo) => {
  await openPage(page, '/category/women')
  await expect(productCards(page)).toHaveCount(24)
  await (await filters(page, testInfo)).getByLabel('Sort by').selectOption('price_asc')
  await expect(page).toHaveURL(/sort=price_asc/)
  if (isMobile(testInfo)) await page.keyboard.press('Escape')
  await expect
    .poll(async () => {
      const prices = await page.locator('main .product-card .price__now').allTextContents()
      const values = prices.map((text) => Number(text.replace(/[^\d.]/g, '')))
      return (
        values.length === 24 && values.every((value, index) => index === 0 || value >= values[index - 1]!)
      )
    })
    .toBe(true)
})

test('pagination moves through pages of 24, starting at 1, and Back returns', async ({ page }) => {
  await openPage(page, '/category/women')
  await expect(productCards(page)).toHaveCount(24)
  const pager = page.getByRole('navigation', { name: 'Pages' })
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  const firstOnPage1 = await productCards(page).first().locator('h3').textContent()
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/\/category\/women\?page=2$/)
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await expect(productCards(page).first().locator('h3')).not.toHaveText(firstOnPage1 ?? '')
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=3$/)
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(/\/category\/women$/)
  await expect(productCards(page).first().locator('h3')).toHaveText(firstOnPage1 ?? '')
})

test('a malformed listing link still shows the listing', async ({ page }) => {
  await openPage(page, '/category/men?page=abc&sort=cheapest&minPrice=-3')
  await expect(productCards(page)).toHaveCount(24)
})

test('a listing with no match says No Products Found', async ({ page }) => {
  await openPage(page, '/category/men?minPrice=999999')
  await expect(page.getByText('No Products Found')).toBeVisible()
})

test('the listing and its filters have no serious accessibility violation', async ({ page }, testInfo) => {
  await openPage(page, '/category/men')
  await expect(productCards(page).first()).toBeVisible()
  await expectAccessible(page)
  await filters(page, testInfo)
  await expectAccessible(page)
})

test('a listing is headed by the name the shop gave its category', async ({ page }) => {
  await openPage(page, '/category/t-shirts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('T-Shirts')
  await expect(productCards(page).first()).toBeVisible()
  // the tab and a bookmark name it too, as the server's page did before the app's code ran
  await expect(page).toHaveTitle('T-Shirts | Haat')
  await openPage(page, '/category/t-shirts?page=2')
  await expect(page).toHaveTitle('T-Shirts — Page 2 | Haat')
})
