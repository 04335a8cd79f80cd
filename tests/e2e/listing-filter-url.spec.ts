import { expect, type Page, type Request, type TestInfo, test } from '@playwright/test'
import { expectAccessible, isMobile, openPage, productCards, recordRequests } from './fixtures'

/**
 * The listing's filters as the URL carries them: a price range keeps both of its ends and is one step of
 * history, new arrivals are a number of days (`new=7`), and sizes travel as plain text (`size=28`), old quoted
 * links included.
 */

const isListingRequest = (request: Request) => {
  const url = new URL(request.url())
  return url.pathname === '/api/v2/product/storefront' && url.searchParams.get('perPage') === '24'
}
const filtersOf = (request: Request) =>
  JSON.parse(new URL(request.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>

/** The filters: the side panel on desktop, the filter modal on phones (opened when needed). */
async function filters(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    const modal = page.getByRole('dialog', { name: 'Filter' })
    if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await expect(modal).toBeVisible()
    return modal
  }
  return page.getByRole('complementary', { name: 'Filters' })
}

/** On a phone the filter modal covers the listing: the shopper closes it to see the products. */
async function closeFilters(page: Page, testInfo: TestInfo) {
  if (!isMobile(testInfo)) return
  const modal = page.getByRole('dialog', { name: 'Filter' })
  if (await modal.isVisible()) await modal.getByRole('button', { name: /^Show \d+ products?$/ }).click()
  await expect(modal).toBeHidden()
}

async function applyPrice(page: Page, testInfo: TestInfo, min: string, max: string) {
  const panel = await filters(page, testInfo)
  await panel.getByLabel('Minimum price').fill(min)
  await panel.getByLabel('Maximum price').fill(max)
  await panel.getByRole('button', { name: 'Apply' }).click()
}

const count = (page: Page) => page.locator('.listing__count')
const query = (page: Page) => new URL(page.url()).search
const historyLength = (page: Page) => page.evaluate(() => window.history.length)

/** The prices of the cards on screen, as numbers. */
async function pricesShown(page: Page) {
  const texts = await page.locator('main .product-card .price__now').allTextContents()
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')))
}

/** Every card shown is priced within the range (and there is at least one card). */
async function expectPricesWithin(page: Page, min: number, max: number) {
  await expect
    .poll(async () => {
      const prices = await pricesShown(page)
      return prices.length > 0 && prices.every((price) => price >= min && price <= max)
    })
    .toBe(true)
}

/** Products with a waist size (28, 30…) in the men's catalogue are its jeans and trousers. */
async function expectOnlyWaistSizedProducts(page: Page) {
  await expect
    .poll(async () => {
      const names = await productCards(page).locator('h3').allTextContents()
      return names.length > 0 && names.every((name) => /(Jeans|Trousers)$/.test(name.trim()))
    })
    .toBe(true)
}

test.describe('a price range', () => {
  test('keeps both ends, shows only products within it, and is one step of history', async ({
    page,
  }, testInfo) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/category/men')
    await expect(productCards(page)).toHaveCount(24)
    const all = await count(page).textContent()
    // some of the men's products cost under 1000 or over 3000, so the range has something to leave out
    expect((await pricesShown(page)).some((price) => price < 1000 || price > 3000)).toBe(true)
    const entries = await historyLength(page)

    await applyPrice(page, testInfo, '1000', '3000')
    await expect(page).toHaveURL(/minPrice=1000/)
    const params = new URL(page.url()).searchParams
    expect(params.get('minPrice')).toBe('1000')
    expect(params.get('maxPrice')).toBe('3000')
    expect(new URL(page.url()).pathname).toBe('/category/men')
    expect(await historyLength(page)).toBe(entries + 1)
    await expect
      .poll(() => requests.map(filtersOf).at(-1))
      .toEqual({
        category: 'men',
        minPrice: 1000,
        maxPrice: 3000,
      })

    // the panel shows the applied range, both ends
    const panel = await filters(page, testInfo)
    await expect(panel.getByLabel('Minimum price')).toHaveValue('1000')
    await expect(panel.getByLabel('Maximum price')).toHaveValue('3000')
    await closeFilters(page, testInfo)
    await expect(count(page)).not.toHaveText(all ?? '')
    await expectPricesWithin(page, 1000, 3000)

    // one Back undoes the whole Apply
    await page.goBack()
    await expect(page).toHaveURL(/\/category\/men$/)
    await expect(count(page)).toHaveText(all ?? '')
  })

  test('a minimum alone is applied, with no maximum', async ({ page }, testInfo) => {
    await openPage(page, '/category/men?size=28')
    await expect(productCards(page).first()).toBeVisible()
    const entries = await historyLength(page)

    await applyPrice(page, testInfo, '2500', '')
    await expect(page).toHaveURL(/minPrice=2500/)
    const params = new URL(page.url()).searchParams
    expect(params.get('minPrice')).toBe('2500')
    expect(params.has('maxPrice')).toBe(false)
    expect(params.get('size')).toBe('28')
    expect(await historyLength(page)).toBe(entries + 1)
    await closeFilters(page, testInfo)
    await expectPricesWithin(page, 2500, Number.POSITIVE_INFINITY)
    await expectOnlyWaistSizedProducts(page)

    await page.goBack()
    await expect(page).toHaveURL(/\/category\/men\?size=28$/)
  })
})

test.describe('new arrivals', () => {
  test('the last 7 days are one plain value in the URL, asked of the API and read back on a reload', async ({
    page,
  }, testInfo) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/category/men')
    await expect(productCards(page)).toHaveCount(24)
    const all = await count(page).textContent()

    await (await filters(page, testInfo)).getByRole('radio', { name: 'Last 7 days' }).check()
    await expect(page).toHaveURL(/\/category\/men\?new=7$/)
    await expect.poll(() => requests.map(filtersOf).at(-1)).toEqual({ category: 'men', new: 7 })
    await expect(count(page)).not.toHaveText(all ?? '')
    const narrowed = await count(page).textContent()

    await page.reload()
    await expect(count(page)).toHaveText(narrowed ?? '')
    await expect((await filters(page, testInfo)).getByRole('radio', { name: 'Last 7 days' })).toBeChecked()
  })
})

test.describe('sizes in the URL', () => {
  test('a numeric size is written as plain text and filters the listing', async ({ page }, testInfo) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/category/men')
    await expect(productCards(page)).toHaveCount(24)
    const all = await count(page).textContent()

    await (await filters(page, testInfo)).getByRole('checkbox', { name: /^28 \(/ }).check()
    await expect(page).toHaveURL(/\/category\/men\?size=28$/)
    expect(page.url()).not.toContain('%22')
    await expect.poll(() => requests.map(filtersOf).at(-1)).toEqual({ category: 'men', size: ['28'] })
    await expect(count(page)).not.toHaveText(all ?? '')
    const narrowed = await count(page).textContent()
    await closeFilters(page, testInfo)
    await expectOnlyWaistSizedProducts(page)

    // a reload reads the plain value back
    await page.reload()
    await expect(count(page)).toHaveText(narrowed ?? '')
    await expect((await filters(page, testInfo)).getByRole('checkbox', { name: /^28 \(/ })).toBeChecked()
  })

  test('two sizes are one plain, comma-separated value', async ({ page }, testInfo) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/category/men')
    await expect(productCards(page)).toHaveCount(24)

    await (await filters(page, testInfo)).getByRole('checkbox', { name: /^28 \(/ }).check()
    await expect(page).toHaveURL(/\?size=28$/)
    await (await filters(page, testInfo)).getByRole('checkbox', { name: /^30 \(/ }).check()
    await expect(page).toHaveURL(/\/category\/men\?size=28(,|%2C)30$/)
    expect(new URL(page.url()).searchParams.get('size')).toBe('28,30')
    expect(page.url()).not.toContain('%22')
    await expect.poll(() => requests.map(filtersOf).at(-1)).toEqual({ category: 'men', size: ['28', '30'] })

    const panel = await filters(page, testInfo)
    await expect(panel.getByRole('checkbox', { name: /^28 \(/ })).toBeChecked()
    await expect(panel.getByRole('checkbox', { name: /^30 \(/ })).toBeChecked()
    await closeFilters(page, testInfo)
    await expectOnlyWaistSizedProducts(page)
  })

  test('an old link with a quoted size still filters by that size', async ({ page }, testInfo) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/category/men?size=%2228%22')
    await expect(productCards(page).first()).toBeVisible()
    await expectOnlyWaistSizedProducts(page)
    await expect.poll(() => requests.map(filtersOf).at(-1)).toEqual({ category: 'men', size: ['28'] })
    const quoted = await count(page).textContent()
    await expect((await filters(page, testInfo)).getByRole('checkbox', { name: /^28 \(/ })).toBeChecked()
    await closeFilters(page, testInfo)

    // the same products as the plain link
    await openPage(page, '/category/men?size=28')
    await expect(count(page)).toHaveText(quoted ?? '')
    await openPage(page, '/category/men?size=%2228%22')
    await expect(count(page)).toHaveText(quoted ?? '')

    // choosing another size from there writes plain text
    await (await filters(page, testInfo)).getByRole('checkbox', { name: /^30 \(/ }).check()
    await expect(page).toHaveURL(/\?size=28(,|%2C)30$/)
    expect(page.url()).not.toContain('%22')
  })

  test('a search for a number shows its results page', async ({ page }) => {
    const requests = recordRequests(page, isListingRequest)
    await openPage(page, '/search?text=28')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “28”')
    await expect(page.getByText('No Products Found')).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(query(page)).toBe('?text=28')
    await expect
      .poll(() => requests.map((request) => new URL(request.url()).searchParams.get('search')))
      .toContain('28')

    // a term that finds products, with a numeric size chosen on top, keeps the term and the plain size
    await openPage(page, '/search?text=jeans&size=%2228%22')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “jeans”')
    await expect(productCards(page).first()).toBeVisible()
    const last = requests.at(-1)!
    expect(new URL(last.url()).searchParams.get('search')).toBe('jeans')
    expect(filtersOf(last)).toEqual({ size: ['28'] })
  })

  test('the filtered listing has no serious accessibility violation', async ({ page }, testInfo) => {
    await openPage(page, '/category/men?size=28,30&minPrice=1000&maxPrice=3000')
    await expect(productCards(page).first()).toBeVisible()
    await filters(page, testInfo)
    await expectAccessible(page)
  })
})
