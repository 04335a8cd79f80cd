import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, openMenuOnPhone, signInAsOwner } from './admin-support'
import { expectAccessible } from './fixtures'

test('the owner finds the product feeds, builds them, sees the item count, and the address answers the feed', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await signInAsOwner(page)
  await page.goto('/admin')
  await openMenuOnPhone(page, testInfo)
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Product feeds' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Product feeds' })).toBeVisible()

  const meta = page.getByRole('listitem').filter({ hasText: 'Meta: Facebook and Instagram (English)' })
  const google = page.getByRole('listitem').filter({ hasText: 'Google Merchant Center (English)' })
  const address = await google.getByLabel('Address').inputValue()
  expect(address).toMatch(/\/feeds\/google\.xml(\?token=[\w-]+)?$/)
  await expect(meta.getByLabel('Address')).toHaveValue(/\/feeds\/meta\.xml(\?token=[\w-]+)?$/)
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Meta: Bangla language feed' }).getByLabel('Address'),
  ).toHaveValue(/\/feeds\/meta\.xml\?lang=bn/)

  await page.getByRole('button', { name: 'Rebuild feeds' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Feeds rebuilt.' })).toBeVisible({
    timeout: 60_000,
  })
  const built = google.getByText(/^Built .*: [\d,]+ items, [\d.]+ MB compressed\.$/)
  await expect(built).toBeVisible()
  const items = Number(
    (/: ([\d,]+) items/.exec((await built.textContent()) ?? '')?.[1] ?? '').replace(/,/g, ''),
  )
  expect(items).toBeGreaterThan(0)
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  // the address as pasted into Merchant Center: the feed itself, one item per sku
  const answer = await page.request.get(address)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toMatch(/^application\/xml/)
  const xml = await answer.text()
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')
  expect(xml.split('<item>').length - 1).toBe(items)

  await openMenuOnPhone(page, testInfo)
  await page.getByRole('button', { name: 'বাংলা', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'প্রোডাক্ট ফিড' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ফিড আবার তৈরি করুন' })).toBeVisible()
})
