import { expect, type Request, test } from '@playwright/test'
import { productCards, recordRequests } from './fixtures'

// A first visit's data is asked for by index.html before the app's scripts arrive; the app then uses
// those answers instead of asking again. Each piece of data crosses the network once.
const isData = (request: Request) => /\/api\/v\d\/product\/|\/storage\/[^/]+\/menus\//.test(request.url())
const describe = (request: Request) => {
  const url = new URL(request.url())
  return `${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`.trim()
}

/** Every data request of the visit, once the page shows its products and has settled. */
async function dataRequestsOf(page: import('@playwright/test').Page, path: string) {
  const seen = recordRequests(page, isData)
  await page.goto(path)
  await expect(productCards(page).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  return seen.map(describe)
}

const once = (requests: string[]) => new Set(requests).size === requests.length

test('a first visit of the home page asks for the menu and each section exactly once', async ({ page }) => {
  const requests = await dataRequestsOf(page, '/')
  expect(requests.filter((request) => request.includes('/get-by-logic'))).toHaveLength(5)
  expect(requests.filter((request) => request.includes('/menus/main_menu.json'))).toHaveLength(1)
  expect(once(requests), requests.join('\n')).toBe(true)
  await expect(page.locator('.home-section--deal .product-card').first()).toBeVisible()
})

for (const [page, path, scope] of [
  ['a category', '/category/men', 'filters=%7B%22category%22%3A%22men%22%7D'],
  ['a search', '/search?text=panjabi', 'search=panjabi'],
  ['a sorted category (the app asks itself)', '/category/men?sort=price_asc', 'price_asc'],
] as const) {
  test(`a first visit of ${page} asks for its listing exactly once`, async ({ page: tab }) => {
    const requests = await dataRequestsOf(tab, path)
    const listings = requests.filter((request) => request.includes('/product/storefront?'))
    expect(listings, requests.join('\n')).toHaveLength(1)
    expect(listings[0]).toContain(scope)
    expect(once(requests), requests.join('\n')).toBe(true)
  })
}
