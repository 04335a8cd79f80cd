import {
  expect,
  goOffline,
  goOnline,
  imageLoaded,
  test,
  waitForPersistedCache,
  waitForServiceWorker,
} from './offline-fixtures'

test.describe('browsing offline', () => {
  test('pages seen before open offline after a reload; unseen ones explain and lead back', async ({
    page,
    gate,
  }) => {
    test.setTimeout(120_000)
    await page.goto('/')
    await waitForServiceWorker(page)
    const menuLink = page.locator('a[href="/category/women"]').first()
    await expect(menuLink).toBeAttached()

    // a category listing and three of its products
    await page.goto('/category/women')
    const cards = page.locator('main a[href^="/product/"]')
    await expect(cards.first()).toBeVisible()
    const hrefs = [
      ...new Set(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
    ]
    const seen = hrefs.slice(0, 3)
    const unseen = hrefs.at(-1) ?? '/product/never-opened'
    expect(seen).toHaveLength(3)
    // each page here is a full load: let the throttled persister save before leaving
    await waitForPersistedCache(page)
    const names: string[] = []
    for (const href of seen) {
      await page.goto(href)
      const title = page.getByRole('heading', { level: 1 })
      // while the product loads, its preview is headed by the hidden word "Product"
      await expect(title).not.toHaveText(/^(Product)?$/)
      names.push((await title.textContent()) ?? '')
      await expect.poll(() => imageLoaded(page, 'main img')).toBe(true)
      await waitForPersistedCache(page)
    }
    await page.goto('/search?text=saree')
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible()
    await waitForPersistedCache(page)

    await goOffline(page, gate)
    await page.reload()
    await expect(page.getByText('You are offline. Showing what you have already seen.')).toBeVisible()
    // the shell and the menus (main menu in the drawer on a phone, in the header on a desktop)
    await expect(page.locator('footer a[href="/about-us"]')).toBeVisible()
    const openMenu = page.getByRole('button', { name: 'Open menu' })
    if (await openMenu.isVisible()) await openMenu.click()
    await expect(page.locator('a[href="/category/women"]:visible').first()).toBeVisible()

    await page.goto('/category/women')
    await expect(page.locator(`main a[href="${seen[0]}"]`).first()).toBeVisible()
    await expect.poll(() => imageLoaded(page, 'main img')).toBe(true)

    // a deep link to a product seen before: text and image
    for (const [index, href] of seen.entries()) {
      await page.goto(href)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[index] ?? '')
      await expect.poll(() => imageLoaded(page, 'main img')).toBe(true)
    }

    // the search run before, and a new term answered from what this device has seen
    await page.goto('/search?text=saree')
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible()
    await page.goto(`/search?text=${encodeURIComponent(names[0] ?? '')}`)
    await expect(page.getByText('You are offline: showing products saved on this device.')).toBeVisible()
    await expect(page.locator(`main a[href="${seen[0]}"]`).first()).toBeVisible()

    // never opened: a friendly offline state with the way back, not a browser error
    expect(seen).not.toContain(unseen)
    await page.goto(unseen)
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible()

    // back online: the banner goes and data refreshes without a reload
    const refreshed = page.waitForResponse((response) => response.url().includes('/api/') && response.ok())
    await goOnline(page, gate)
    await refreshed
    await expect(page.getByText('You are offline. Showing what you have already seen.')).toHaveCount(0)
  })

  test('the worker never answers server paths with the app shell', async ({ page, gate }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await goOffline(page, gate)
    for (const path of ['/api/v1/health', '/storage/haat/pages/never-seen.json', '/media/never-seen.webp']) {
      const failed = await page.evaluate(
        (url) =>
          fetch(url).then(
            (response) => `status ${response.status}`,
            () => 'network error',
          ),
        path,
      )
      expect(failed).toBe('network error')
    }
  })
})
