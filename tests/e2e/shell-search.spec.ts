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

test('nothing is requested under 2 characters', async ({ page }, testInfo) => {
  const input = await openSearch(page, testInfo)
  const requests = recordRequests(page, isSearchRequest)
  await input.pressSequentially('p')
  await page.waitForTimeout(1200)
  await input.fill(' p ')
  await page.waitForTimeout(1200)
  expect(requests).toHaveLength(0)
  await expect(dropdown(page)).toBeHidden()
})

/**
 * Times keys and search requests inside the page, so a busy test machine cannot blur the measure:
 * a debounce timer may fire late under load, never early.
 */
async function timeSearchInPage(page: Page) {
  await page.addInitScript(() => {
    const marks = { lastKey: 0, space: 0, request: 0, lastRequest: 0, longestKeyGap: 0 }
    Object.assign(window, { searchMarks: marks })
    document.addEventListener('keydown', (event) => {
      const now = performance.now()
      if (marks.lastKey) marks.longestKeyGap = Math.max(marks.longestKeyGap, now - marks.lastKey)
      marks.lastKey = now
      if (event.key === ' ') marks.space = marks.lastKey
    })
    const original = window.fetch
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/product/storefront') && url.includes('search=')) {
        marks.lastRequest = performance.now()
        if (!marks.request) marks.request = marks.lastRequest
      }
      return original(input, init)
    }
  })
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            searchMarks: Record<'lastKey' | 'space' | 'request' | 'lastRequest' | 'longestKeyGap', number>
          }
        ).searchMarks,
    )
}

test('typing asks once, after the 800 ms pause, and shows up to 5 products', async ({ page }, testInfo) => {
  const readMarks = await timeSearchInPage(page)
  const input = await openSearch(page, testInfo)
  const requests = recordRequests(page, isSearchRequest)
  await input.pressSequentially('shirt', { delay: 60 })
  // while waiting and loading, placeholders show
  await expect(dropdown(page).locator('.search-dropdown__skeleton').first()).toBeVisible()
  await page.waitForRequest(isSearchRequest)
  await page.waitForTimeout(1200)
  const marks = await readMarks()
  // the word's request waits out the pause after the last key
  expect(marks.lastRequest - marks.lastKey).toBeGreaterThanOrEqual(790)
  // one request for the whole word; only a machine too busy to send the keys within 800 ms of each
  // other makes a pause mid-word, which the app then rightly answers too
  if (marks.longestKeyGap < 790) expect(searchTerms(requests)).toEqual(['shirt'])
  else expect(searchTerms(requests).at(-1)).toBe('shirt')
  const request = requests.at(-1)
  expect(request && new URL(request.url()).searchParams.get('perPage')).toBe('5')
  const items = dropdown(page).locator('.search-dropdown__item')
  await expect(items).toHaveCount(5)
  await expect(items.first().locator('img')).toBeVisible()
  await expect(items.first().locator('.price__now')).toHaveText(/^TK [\d,]+\.\d{2}$/)
})

test('a trailing space asks at once', async ({ page }, testInfo) => {
  const readMarks = await timeSearchInPage(page)
  const input = await openSearch(page, testInfo)
  const requests = recordRequests(page, isSearchRequest)
  const waiting = page.waitForRequest(isSearchRequest)
  // the word and its space in one go: the space follows the last letter long before the 800 ms pause ends
  await input.pressSequentially('saree ')
  await waiting
  const marks = await readMarks()
  expect(marks.request - marks.space).toBeGreaterThanOrEqual(0)
  expect(marks.request - marks.space).toBeLessThan(400)
  expect(searchTerms(requests)).toEqual(['saree'])
})

test('a slower earlier answer is never shown', async ({ page }, testInfo) => {
  const input = await openSearch(page, testInfo)
  await page.route(
    (url) => url.pathname.endsWith('/product/storefront') && url.searchParams.get('search') === 'panjabi',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await route.continue().catch(() => undefined)
    },
  )
  const requests = recordRequests(page, isSearchRequest)
  await input.fill('panjabi ')
  await expect.poll(() => requests.length).toBe(1)
  await input.fill('zzqxjv ')
  await expect(dropdown(page)).toContainText('No Products Found')
  await page.waitForTimeout(3000)
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
  const input = await openSearch(page, testInfo)
  await input.fill('saree ')
  await expect(dropdown(page).locator('.search-dropdown__item').first()).toBeVisible()
  await input.blur()
  await expect(dropdown(page)).toBeHidden()
  await input.focus()
  await expect(dropdown(page)).toBeVisible()
  if (isMobile(testInfo)) {
    // the full-screen overlay plays its closing animation, then goes away
    const phases = await page.evaluate(async () => {
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      document.querySelector<HTMLButtonElement>('button[aria-label="Close search"]')?.click()
      await wait(120)
      const during = document.querySelector('.search-overlay')?.className ?? ''
      await wait(400)
      return { during, after: document.querySelector('.search-overlay') !== null }
    })
    expect(phases).toEqual({ during: expect.stringContaining('search-overlay--closing'), after: false })
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
