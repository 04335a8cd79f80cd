import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { isMobile, isSearchRequest, openPage, recordRequests } from './fixtures'

/** The search box of the viewport: the header's on desktop, the full-screen overlay's on phones. */
async function openSearch(page: Page, testInfo: TestInfo) {
  await openPage(page, '/')
  if (isMobile(testInfo)) {
    await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Search' }).click()
    const input = page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('searchbox', { name: 'Search products' })
    await expect(input).toBeFocused()
    return input
  }
  const input = page.locator('header').getByRole('searchbox', { name: 'Search products' })
  await input.click()
  return input
}

const dropdown = (page: Page) => page.getByRole('region', { name: 'Search suggestions' })
const searchTerms = (requests: { url(): string }[]) =>
  requests.map((request) => new URL(request.url()).searchParams.get('search'))

/** Counts the page's search requests as it makes them (in the page, so none is missed or late). */
async function countSearchesInPage(page: Page) {
  await page.addInitScript(() => {
    const counter = { searches: 0 }
    Object.assign(window, { searchCounter: counter })
    const original = window.fetch
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/product/storefront') && url.includes('search=')) counter.searches++
      return original(input, init)
    }
  })
  return () =>
    page.evaluate(() => (window as unknown as { searchCounter: { searches: number } }).searchCounter.searches)
}

/**
 * The page's clock, stopped: its timers fire only when the test moves it on, so "not before 800 ms" is
 * checked at 799 and 800 ms of the page's own time, however busy the machine is.
 */
async function stopClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1_000)
}

test('nothing is requested under 2 characters', async ({ page }, testInfo) => {
  const searches = await countSearchesInPage(page)
  await page.clock.install()
  const input = await openSearch(page, testInfo)
  await stopClock(page)
  await input.pressSequentially('p')
  await page.clock.runFor(2_000)
  await input.fill(' p ')
  await page.clock.runFor(2_000)
  expect(await searches()).toBe(0)
  await expect(dropdown(page)).toBeHidden()
})

test('typing asks once, after the 800 ms pause, and shows up to 5 products', async ({ page }, testInfo) => {
  const searches = await countSearchesInPage(page)
  await page.clock.install()
  const input = await openSearch(page, testInfo)
  const requests = recordRequests(page, isSearchRequest)
  await stopClock(page)
  await input.pressSequentially('shirt')
  // while waiting and loading, placeholders show
  await expect(dropdown(page).locator('.search-dropdown__skeleton').first()).toBeVisible()
  await page.clock.runFor(799)
  expect(await searches()).toBe(0)
  await page.clock.runFor(1)
  // one request for the whole word, the moment the pause after the last key is over
  expect(await searches()).toBe(1)
  await page.clock.resume()
  const items = dropdown(page).locator('.search-dropdown__item')
  await expect(items).toHaveCount(5)
  expect(searchTerms(requests)).toEqual(['shirt'])
  const request = requests.at(-1)
  expect(request && new URL(request.url()).searchParams.get('perPage')).toBe('5')
  await expect(items.first().locator('img')).toBeVisible()
  await expect(items.first().locator('.price__now')).toHaveText(/^TK [\d,]+\.\d{2}$/)
})

test('a trailing space asks at once', async ({ page }, testInfo) => {
  const searches = await countSearchesInPage(page)
  await page.clock.install()
  const input = await openSearch(page, testInfo)
  const requests = recordRequests(page, isSearchRequest)
  await stopClock(page)
  await input.pressSequentially('saree ')
  // no time passes: the space's request waits for nothing
  await page.clock.runFor(0)
  expect(await searches()).toBe(1)
  await page.clock.resume()
  await expect(dropdown(page).locator('.search-dropdown__item').first()).toBeVisible()
  expect(searchTerms(requests)).toEqual(['saree'])
})

test('a slower earlier answer is never shown: its request is cancelled', async ({ page }, testInfo) => {
  const input = await openSearch(page, testInfo)
  // the server's answer for "panjabi" is held back until the test lets it go
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => url.pathname.endsWith('/product/storefront') && url.searchParams.get('search') === 'panjabi',
    async (route) => {
      await held
      await route.continue().catch(() => undefined)
    },
  )
  const requests = recordRequests(page, isSearchRequest)
  const earlier = page.waitForRequest(isSearchRequest)
  await input.fill('panjabi ')
  const earlierRequest = await earlier
  const earlierEnded = new Promise<string>((resolve) => {
    page.on('requestfailed', (request) => request === earlierRequest && resolve('cancelled'))
    page.on('requestfinished', (request) => request === earlierRequest && resolve('answered'))
  })
  await input.fill('zzqxjv ')
  await expect(dropdown(page)).toContainText('No Products Found')
  release()
  expect(await earlierEnded).toBe('cancelled')
  await expect(dropdown(page)).toContainText('No Products Found')
  await expect(dropdown(page).locator('.search-dropdown__item')).toHaveCount(0)
  expect(searchTerms(requests)).toEqual(['panjabi', 'zzqxjv'])
})

test('No Products Found when nothing matches', async ({ page }, testInfo) => {
  const input = await openSearch(page, testInfo)
  await input.fill('qqxw ')
  await expect(dropdown(page)).toHaveText('No Products Found')
})

test('the dropdown closes after leaving the box', async ({ page }, testInfo) => {
  await page.clock.install()
  const input = await openSearch(page, testInfo)
  await input.fill('saree ')
  await expect(dropdown(page).locator('.search-dropdown__item').first()).toBeVisible()
  await input.blur()
  await expect(dropdown(page)).toBeHidden()
  await input.focus()
  await expect(dropdown(page)).toBeVisible()
  if (isMobile(testInfo)) {
    // the full-screen overlay plays its 300 ms closing animation, then goes away
    await stopClock(page)
    await page.getByRole('button', { name: 'Close search' }).click()
    const overlay = page.locator('.search-overlay')
    await expect(overlay).toHaveClass(/search-overlay--closing/)
    await page.clock.runFor(299)
    await expect(overlay).toHaveClass(/search-overlay--closing/)
    await page.clock.runFor(1)
    await expect(overlay).toHaveCount(0)
  }
})

test('submit goes to /search with the term, clears the box and lists the results', async ({
  page,
}, testInfo) => {
  const input = await openSearch(page, testInfo)
  await input.fill(' s ')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await input.fill('saree')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/search\?text=saree$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “saree”')
  await expect(page.locator('main .product-card').first()).toBeVisible()
  await expect(page.locator('.listing__count')).toHaveText('32 products')
  if (isMobile(testInfo)) await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden()
  else await expect(input).toHaveValue('')
})

test('/search with no match says No Products Found', async ({ page }) => {
  await openPage(page, '/search?text=zzqxjv')
  await expect(page.getByText('No Products Found')).toBeVisible()
})
