import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test'
import { SECTIONS } from '../../src/admin/sections'
import { signInAsOwner } from './admin-support'
import { addFromProductPage, pickProduct } from './checkout-support'
import { openPage } from './fixtures'

/** The product's own name, which no shopper or staff member of a renamed shop reads. */
const PRODUCT_NAME = /Haat|হাট/
const RENAMED = { en: 'Dhaka Threads', bn: 'ঢাকা থ্রেডস' }
const BUILT_IN = { en: 'Haat', bn: 'হাট' }
type Names = typeof RENAMED

/** Every text the page shows or names: its title, its words, and what images, links and boxes are called. */
async function pageTexts(page: Page, leaveOut = ''): Promise<string> {
  return page.evaluate((leaveOut) => {
    const body = document.body.cloneNode(true) as HTMLElement
    if (leaveOut) for (const part of body.querySelectorAll(leaveOut)) part.remove()
    const named = [...body.querySelectorAll('[alt], [aria-label], [title], [placeholder]')].flatMap(
      (element) =>
        ['alt', 'aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    )
    return [document.title, body.textContent ?? '', ...named].join('\n')
  }, leaveOut)
}

async function expectNoProductName(page: Page, where: string, leaveOut = '') {
  expect(await pageTexts(page, leaveOut), `${where} names the product`).not.toMatch(PRODUCT_NAME)
}

/** The owner names the shop in the settings form, saving again over a save another test made meanwhile. */
async function nameTheShop(page: Page, names: Names) {
  await page.goto('/admin/settings')
  const saved = page.getByRole('status').filter({ hasText: 'Settings saved' })
  const theirs = page.getByRole('button', { name: 'Load the saved settings' })
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel('Shop name (English)').fill(names.en)
    await page.getByLabel('Shop name (Bangla)').fill(names.bn)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(saved.or(theirs)).toBeVisible()
    if (await saved.isVisible()) break
    await theirs.click()
  }
  await expect(saved).toBeVisible()
  // the back office reads the shop again at once, and keeps it for the next visit
  await expect(page.locator('.admin-brand').first()).toContainText(names.en)
  await expect(page.locator('html')).toHaveAttribute('data-cache', 'saved')
}

/** Someone who has not seen the shop before (the owner's browser keeps the shop's last answer a while). */
async function shopper(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  return context.newPage()
}

test.describe('a shop its owner renamed', () => {
  test('is named as its owner named it on every page a shopper or staff member reads', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    await signInAsOwner(page)
    await nameTheShop(page, RENAMED)
    // the default title began with the shop's name, and follows it
    await page.reload()
    await expect(page.getByLabel('Default title (English)')).toHaveValue(new RegExp(`^${RENAMED.en} — `))
    await expect(page.getByLabel('Default title (Bangla)')).toHaveValue(new RegExp(`^${RENAMED.bn} — `))

    try {
      const pick = await pickProduct(request, 12)
      const guest = await shopper(browser, testInfo)
      await openPage(guest, '/')
      await addFromProductPage(guest, pick)
      for (const language of ['en', 'bn'] as const) {
        const name = RENAMED[language]
        await guest.evaluate((chosen) => localStorage.setItem('haat-lang', chosen), language)
        await openPage(guest, '/')
        await expect(guest.locator('html')).toHaveAttribute('lang', language)
        await expect(guest.locator('header .logo').first()).toHaveAccessibleName(new RegExp(`^${name}: `))
        await expect(guest).toHaveTitle(new RegExp(`^${name} — `))
        await expect(guest.locator('footer .site-footer__legal')).toContainText(name)
        await expectNoProductName(guest, `the home page in ${language}`)

        await openPage(guest, `/product/${pick.product.slug}`)
        await expect(guest.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(guest).toHaveTitle(new RegExp(` \\| ${name}$`))
        await expectNoProductName(guest, `a product page in ${language}`)

        await openPage(guest, '/cart')
        await expect(guest.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(guest).toHaveTitle(new RegExp(`^${name} — `))
        await expectNoProductName(guest, `the cart in ${language}`)

        await openPage(guest, '/checkout')
        await expect(guest.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(guest.locator('footer .site-footer__legal')).toContainText(name)
        await expectNoProductName(guest, `checkout in ${language}`)
      }
      await guest.context().close()

      const manifest = await request.get('/manifest.webmanifest')
      expect(await manifest.json()).toMatchObject({ short_name: RENAMED.en })
      expect(await manifest.text()).not.toMatch(PRODUCT_NAME)

      // the back office's sign-in page, before a session
      for (const language of ['en', 'bn'] as const) {
        const visitor = await shopper(browser, testInfo)
        await visitor.goto('/')
        await visitor.evaluate((chosen) => localStorage.setItem('haat-lang', chosen), language)
        await visitor.goto('/admin')
        await expect(visitor.locator('.admin-brand')).toContainText(RENAMED[language])
        await expect(visitor).toHaveTitle(new RegExp(`${RENAMED[language]} `))
        await expectNoProductName(visitor, `the back office's sign-in page in ${language}`)
        await visitor.context().close()
      }

      // every section of the back office, in both languages; the audit log's changes keep the old name, as they should
      for (const language of ['en', 'bn'] as const) {
        await page.evaluate((chosen) => localStorage.setItem('haat-lang', chosen), language)
        for (const section of SECTIONS) {
          await page.goto(`/admin/${section.path}`)
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
          await expect(page).toHaveTitle(new RegExp(`${RENAMED[language]} `))
          await expectNoProductName(page, `/admin/${section.path} in ${language}`, '.admin-changes')
        }
      }
    } finally {
      await page.evaluate(() => localStorage.setItem('haat-lang', 'en'))
      await nameTheShop(page, BUILT_IN)
    }
  })
})
