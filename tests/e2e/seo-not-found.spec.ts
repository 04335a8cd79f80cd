import { expect, test } from '@playwright/test'
import { openPage } from './fixtures'

test('an unknown address answers 404 and still shows the shop’s not-found page', async ({ page }) => {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/no-such-page-here')
  await openPage(page, '/no-such-page-here')
  expect((await answer).status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Eid Flash Deal', level: 2 })).toBeVisible()
})

test('a page of the shop answers 200, and search engines find the sitemap from robots.txt', async ({
  page,
  request,
}) => {
  const response = await page.goto('/about-us')
  expect(response?.status()).toBe(200)
  const robots = await request.get('/robots.txt')
  const sitemap = /^Sitemap: (\S+)$/m.exec(await robots.text())?.[1] ?? ''
  expect(new URL(sitemap).pathname).toBe('/sitemap.xml')
  const index = await request.get('/sitemap.xml')
  expect(index.status()).toBe(200)
  expect(await index.text()).toContain('/sitemap-products-1.xml</loc>')
})
