import { expect, test } from '@playwright/test'
import { expectAccessible, imageLoaded, isMobile, openPage, productCards } from './fixtures'

test('home shows the flash deal and category rows of seeded products with TK prices', async ({ page }) => {
  await openPage(page, '/')
  const deal = page.locator('.home-section--deal')
  await expect(deal.getByRole('heading', { level: 2 })).toHaveText('Eid Flash Deal')
  await expect(deal.locator('.countdown')).toBeVisible()
  await expect(deal.locator('.product-card').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Men', level: 2, exact: true })).toBeVisible()
  const firstPrice = await productCards(page).first().locator('.price__now').textContent()
  expect(firstPrice).toMatch(/^TK \d{1,2}(,\d{2})*,?\d{0,3}\.\d{2}$/)
  await expect.poll(() => imageLoaded(page, 'main .product-card img')).toBe(true)
})

test('footer shows contact, work hours, information columns and payment methods', async ({ page }) => {
  await openPage(page, '/')
  const footer = page.locator('footer.site-footer')
  await expect(footer).toContainText('Saturday to Friday, 10AM to 11PM')
  await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible()
  await expect(footer.getByRole('list', { name: 'Information', exact: true }).getByRole('link')).toHaveCount(
    3,
  )
  await expect(footer.getByRole('list', { name: 'More information' }).getByRole('link')).toHaveCount(3)
  // the methods checkout takes, each by its logo: this run's shop takes cash on delivery and bKash
  const accepted = footer.getByRole('region', { name: 'We accept' }).getByRole('img')
  await expect(accepted).toHaveCount(2)
  await expect(accepted.nth(0)).toHaveAccessibleName('Cash on delivery')
  await expect(accepted.nth(1)).toHaveAccessibleName('bKash')
})

test('the header shows the phone link on desktop and the menu button on phones', async ({
  page,
}, testInfo) => {
  await openPage(page, '/')
  if (isMobile(testInfo)) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toBeVisible()
  } else {
    await expect(page.locator('header a[href^="tel:"]')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  }
})

test('dark mode stays on after a reload', async ({ page }) => {
  await openPage(page, '/')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true')
  const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)
  expect(scheme).toBe('dark')
})

test('the user icon opens the login modal for a guest', async ({ page }) => {
  await openPage(page, '/')
  await page.getByRole('button', { name: 'Log in' }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('home has no serious accessibility violation, in light and dark', async ({ page }) => {
  await openPage(page, '/')
  await expect(productCards(page).first()).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await expectAccessible(page)
})

test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
  await openPage(page, '/no-such-page-here')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a page menu item shows its document', async ({ page }) => {
  await openPage(page, '/about-us')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found')
  await expect(page.locator('.page-document p').first()).toBeVisible()
})

test('corrupt saved data in IndexedDB is discarded and the shop still renders', async ({ page }) => {
  await openPage(page, '/')
  await expect(productCards(page).first()).toBeVisible()
  for (const garbage of ['{not json', JSON.stringify({ some: 'thing else' })]) {
    await page.evaluate(
      (value) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('keyval-store')
          open.onsuccess = () => {
            const transaction = open.result.transaction('keyval', 'readwrite')
            transaction.objectStore('keyval').put(value, 'haat-query-cache')
            transaction.oncomplete = () => resolve()
            transaction.onerror = () => reject(transaction.error)
          }
          open.onerror = () => reject(open.error)
        }),
      garbage,
    )
    await page.reload()
    await expect(productCards(page).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  }
})

test('a rejected request shows the server message as a toast', async ({ page }) => {
  await openPage(page, `/search?text=${'a'.repeat(120)}`)
  await expect(page.getByText('We could not load these products.')).toBeVisible()
  const toast = page.getByRole('status').filter({ hasText: /\w/ })
  await expect(toast.first()).toBeVisible()
  await expect(toast.first()).not.toHaveText('Something went wrong')
})
