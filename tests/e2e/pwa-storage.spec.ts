import { expect, test } from '@playwright/test'
import { waitForServiceWorker } from './offline-fixtures'

const BUDGET_BYTES = 50 * 1024 * 1024

test.describe('storage budget', () => {
  test('after browsing 50 products the origin stays within 50 MB, with no opaque cache entries', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/')
    await waitForServiceWorker(page)
    const products = new Set<string>()
    for (const category of ['men', 'women', 'kids', 'footwear']) {
      await page.goto(`/category/${category}`)
      const cards = page.locator('main a[href^="/product/"]')
      await expect(cards.first()).toBeVisible()
      // every card image of the listing, scrolled into view so lazy images load too
      for (const image of await page.locator('main img').all()) await image.scrollIntoViewIfNeeded()
      for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
        products.add(href)
      }
    }
    const fifty = [...products].slice(0, 50)
    expect(fifty).toHaveLength(50)
    for (const href of fifty) {
      await page.goto(href)
      await page.waitForLoadState('networkidle')
    }

    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0)
    expect(usage).toBeGreaterThan(0)
    expect(usage).toBeLessThanOrEqual(BUDGET_BYTES)

    const cached = await page.evaluate(async () => {
      const entries: { cache: string; url: string; type: string; status: number }[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          const response = await cache.match(request)
          entries.push({
            cache: name,
            url: request.url,
            type: response?.type ?? 'none',
            status: response?.status ?? 0,
          })
        }
      }
      return entries
    })
    expect(cached.filter((entry) => entry.url.includes('/media/')).length).toBeGreaterThan(0)
    expect(cached.filter((entry) => entry.type === 'opaque' || entry.status !== 200)).toEqual([])
    // the worker never stores API answers
    expect(cached.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'))).toEqual([])
  })
})
