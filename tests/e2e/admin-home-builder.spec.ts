import { type Browser, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test'
import sharp from 'sharp'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { expectAccessible, openPage } from './fixtures'
import { homeSections, saveHome, withHomeLock } from './home-support'

type Named = { slug: string; name: string; nameBn: string }

/** A wide picture of one colour (a banner is 3 : 1), as the owner would upload it. */
const picture = (colour: string) =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer()

/** A shopper who has not seen the shop before (the owner's browser keeps the shop's last answer a while). */
async function shopper(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  return context.newPage()
}

/** What the home page shows, top to bottom: a banner by its pictures' descriptions, a row by its heading. */
async function homeOrder(page: Page | Locator): Promise<string[]> {
  return page
    .locator('.home > section')
    .evaluateAll((sections) =>
      sections.map((section) =>
        section.classList.contains('home-banner')
          ? `banner: ${[...section.querySelectorAll('img')].map((image) => image.alt).join(', ')}`
          : (section.querySelector('h2')?.textContent ?? ''),
      ),
    )
}

/** The section of the builder at this place (its legend begins "Section 3:"). */
const section = (page: Page, number: number) =>
  page.getByRole('group', { name: new RegExp(`^Section ${number}:`) })

async function addSection(page: Page, kind: string) {
  await page.getByLabel('Kind of section to add').selectOption({ label: kind })
  await page.getByRole('button', { name: 'Add the section' }).click()
}

async function fillBanner(
  page: Page,
  number: number,
  colour: string,
  link: string,
  alt: string,
  altBn: string,
) {
  const banner = section(page, number)
  await banner
    .getByLabel('Picture 1 for English pages')
    .setInputFiles({ name: `${colour}.png`, mimeType: 'image/png', buffer: await picture(colour) })
  await expect(banner.getByRole('button', { name: 'Remove image' })).toBeVisible()
  await banner.getByLabel('Picture 1 opens (e.g. /category/panjabi)').fill(link)
  await banner.getByLabel('Picture 1 shows, in English (for shoppers who cannot see it)').fill(alt)
  await banner.getByLabel('Picture 1 shows, in Bangla').fill(altBn)
}

test('the owner builds a home page of two banners and three rows, previews it, and shoppers see it once published', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const api = await ownerApi(page)
  const refs = (
    (await (await api.get('/api/v1/admin/catalogue-refs')).json()) as {
      data: { categories: (Named & { parentId: number | null })[]; brands: Named[] }
    }
  ).data
  // a subcategory: a row can show any level
  const category = refs.categories.find((c) => c.parentId !== null) ?? (refs.categories[0] as Named)
  const brand = refs.brands[0] as Named
  const listing = await api.get('/api/v1/product/storefront?currentPage=1&perPage=2&sort=price_asc')
  const picks = ((await listing.json()) as { data: { name: string }[] }).data.map((card) => card.name)
  expect(picks.length).toBe(2)
  const run = `${testInfo.project.name} ${Date.now().toString(36)}`
  const banners = [`Eid collection ${run}`, `Winter shawls ${run}`]
  const bannersBn = [`ঈদ কালেকশন ${run}`, `শীতের শাল ${run}`]
  const picked = `Our picks ${run}`

  await signInAsOwner(page)
  await withHomeLock(async () => {
    const before = await homeSections(api)
    try {
      // shoppers see one brand's row until the new home page is published
      await saveHome(api, [{ type: 'brand', slug: brand.slug }])
      await page.goto('/admin/home')
      await expect(page.getByRole('heading', { level: 1, name: 'Home page' })).toBeVisible()
      await section(page, 1)
        .getByRole('button', { name: /^Remove Section 1:/ })
        .click()
      await expect(page.getByText('The home page has no sections yet. Add one below.')).toBeVisible()

      await addSection(page, 'Banner')
      await fillBanner(
        page,
        1,
        '#c0392b',
        `/category/${category.slug}`,
        banners[0] as string,
        bannersBn[0] as string,
      )
      await addSection(page, 'Category row')
      await section(page, 2).getByLabel('Category row', { exact: true }).selectOption(category.slug)
      await addSection(page, 'Banner')
      await fillBanner(
        page,
        3,
        '#2e86c1',
        `/brand/${brand.slug}`,
        banners[1] as string,
        bannersBn[1] as string,
      )
      await addSection(page, 'Brand row')
      await section(page, 4).getByLabel('Brand row', { exact: true }).selectOption(brand.slug)
      await addSection(page, 'Chosen products')
      const chosen = section(page, 5)
      await chosen.getByLabel('Chosen products: heading in English (empty: its own name)').fill(picked)
      await chosen.getByLabel('Chosen products: heading in Bangla').fill(`আমাদের পছন্দ ${run}`)
      for (const product of picks) {
        await chosen.getByLabel('Find a product by name or SKU').fill(product)
        await chosen
          .getByRole('button', { name: `Choose ${product}` })
          .first()
          .click()
      }
      await expect(chosen.getByText('2 products chosen')).toBeVisible()
      // the brand row goes above the second banner, from the keyboard
      await section(page, 4)
        .getByRole('button', { name: /^Move up Section 4:/ })
        .focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('status').filter({ hasText: 'moved to position 3 of 5' })).toBeVisible()

      await expectAccessible(page)
      await expectNoSidewaysScroll(page)

      // the preview is the storefront's own page, drawn from what is not yet saved
      await page.getByRole('button', { name: 'Preview', exact: true }).click()
      const preview = page.getByRole('region', { name: 'Preview: the home page today' })
      await expect(preview.locator('.home-banner img')).toHaveCount(2)
      const expected = [`banner: ${banners[0]}`, category.name, brand.name, `banner: ${banners[1]}`, picked]
      await expect.poll(() => homeOrder(preview)).toEqual(expected)
      await expect(preview.locator('.home-section').last().locator('.product-card')).toHaveCount(2)
      await expectAccessible(page)
      await expectNoSidewaysScroll(page)

      // a draft: shoppers still see the home page as published (empty)
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'The draft is saved.' })).toBeVisible()
      const early = await shopper(browser, testInfo)
      await openPage(early, '/')
      await expect(early.getByRole('heading', { level: 2, name: brand.name })).toBeVisible()
      await expect(early.locator('.home > section')).toHaveCount(1)
      await early.context().close()

      await page.getByRole('button', { name: 'Publish' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'The home page is published.' })).toBeVisible()
      await expect(page.getByText('This is the home page shoppers see now.')).toBeVisible()

      // the home page's document is asked again on each view: a shopper sees it on the next view or the one after
      // (one who saw the page a moment ago keeps it for up to a minute, as the back office says)
      const guest = await shopper(browser, testInfo)
      await expect(async () => {
        await openPage(guest, '/')
        await expect(guest.locator('.home-banner').first()).toBeVisible({ timeout: 3_000 })
        expect(await homeOrder(guest)).toEqual(expected)
      }).toPass({ timeout: 20_000, intervals: [1_000, 2_000] })
      await expect(guest.locator('.home-banner img').first()).toHaveJSProperty('complete', true)
      expect(
        await guest
          .locator('.home-banner img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0)
      await expectAccessible(guest)
      await expectNoSidewaysScroll(guest)
      // a banner opens where the owner linked it
      await guest.getByRole('link', { name: banners[0] }).click()
      await expect(guest).toHaveURL(new RegExp(`/category/${category.slug}$`))

      // in Bangla: the pictures' Bangla descriptions and the row's Bangla heading
      await guest.evaluate(() => localStorage.setItem('haat-lang', 'bn'))
      await openPage(guest, '/')
      await expect(guest.locator('html')).toHaveAttribute('lang', 'bn')
      await expect(guest.getByRole('img', { name: bannersBn[0] })).toBeVisible()
      await expect(guest.getByRole('heading', { level: 2, name: `আমাদের পছন্দ ${run}` })).toBeVisible()
      await expectAccessible(guest)
      await guest.context().close()
    } finally {
      await saveHome(api, before.sections)
    }
  })
})
