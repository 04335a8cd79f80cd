import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { expectAccessible, openPage } from './fixtures'
import { homeSections, saveHome, withHomeLock } from './home-support'

test('the owner builds a running flash deal by hand and it leads the home page with its countdown', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000)
  const name = `Flash ${testInfo.project.name} ${Date.now().toString(36)}`
  const api = await ownerApi(page)
  const listing = await api.get('/api/v1/product/storefront?currentPage=1&perPage=2')
  const picks = ((await listing.json()) as { data: { name: string }[] }).data.map((card) => card.name)
  expect(picks.length).toBe(2)

  await signInAsOwner(page)
  await page.goto('/admin/campaigns/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible()
  await page.getByLabel('Name in English').fill(name)
  // the start is now and the end six hours on, in Dhaka time, unless changed
  await expect(page.getByLabel('Starts')).not.toHaveValue('')
  await page.getByLabel('Discount (%)').fill('15')
  for (const product of picks) {
    await page.getByLabel('Find products by name').fill(product)
    await page
      .getByRole('button', { name: `Add ${product}` })
      .first()
      .click()
  }
  await expect(page.getByRole('heading', { name: 'Chosen products: 2' })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Create campaign' }).click()
  await expect(page).toHaveURL(/\/admin\/campaigns\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible()
  await expect(page.getByText('Running', { exact: true })).toBeVisible()

  await page.goto('/admin/campaigns')
  const row = page.getByRole('listitem').filter({ hasText: name })
  await expect(row.getByText('Running', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  const slug = await row
    .getByRole('link', { name })
    .getAttribute('href')
    .then(async (href) => {
      const answer = await api.get(`/api/v1/admin/campaigns/${href?.split('/').pop()}`)
      return ((await answer.json()) as { data: { slug: string } }).data.slug
    })

  await withHomeLock(async () => {
    const before = await homeSections(api)
    await saveHome(api, [
      { type: 'campaign', slug },
      ...before.sections.filter((section) => section.type !== 'campaign'),
    ])
    try {
      const deal = page.locator('.home-section--deal')
      // the home page's document is asked again on each view (the worker may show its last copy first):
      // a shopper sees the deal on the next view or the one after
      await expect(async () => {
        await openPage(page, '/')
        await expect(deal.getByRole('heading', { level: 2 })).toHaveText(name, { timeout: 3_000 })
      }).toPass({ timeout: 20_000, intervals: [1_000, 2_000] })
      await expect(deal.locator('.countdown')).toBeVisible()
      await expect(deal.locator('.product-card')).toHaveCount(2)
    } finally {
      await saveHome(api, before.sections)
    }
  })
})

test('the owner adds a category and a brand, and reorders categories from the keyboard', async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`
  await signInAsOwner(page)
  await page.goto('/admin/categories')
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  const form = page.locator('form').first()
  for (const name of [`Aaa ${tag}`, `Bbb ${tag}`]) {
    await form.getByLabel('Name in English').fill(name)
    await form.getByRole('button', { name: 'Add category' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible()
  }
  const list = page.locator('.catalogue-list').first()
  const names = () => list.locator(':scope > li strong').allTextContents()
  const second = `Bbb ${tag}`
  // the list has re-read both new categories before its order is taken
  await expect(list.locator(':scope > li strong').filter({ hasText: second })).toHaveCount(1)
  const before = await names()
  await page.getByRole('button', { name: `Move ${second} up` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'New order saved.' })).toBeVisible()
  await expect.poll(names).not.toEqual(before)
  expect((await names()).indexOf(second)).toBe(before.indexOf(second) - 1)
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)

  await page.goto('/admin/brands')
  await page.getByLabel('Name in English').first().fill(`Brand ${tag}`)
  await page.getByRole('button', { name: 'Add brand' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Brand ${tag} saved.` })).toBeVisible()
  await expect(page.getByText(`Brand ${tag}`, { exact: true })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
})
