import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { isMobile, openPage } from './fixtures'

/**
 * Follows a menu link the way the viewport offers it: the desktop dropdown (hovering its parent
 * first when it sits in a submenu) or, on phones, the menu drawer.
 */
async function followMenuLink(page: Page, testInfo: TestInfo, href: string, parentHref?: string) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.locator(`a[href="${href}"]`).first().click()
    await expect(drawer).toBeHidden()
    return
  }
  const nav = page.getByRole('navigation', { name: 'Main menu' })
  if (parentHref) await nav.locator(`a.main-menu__link[href="${parentHref}"]`).hover()
  await nav.locator(`a[href="${href}"]`).first().click()
}

test('menu items of every type lead to their routes', async ({ page }, testInfo) => {
  await openPage(page, '/')

  await followMenuLink(page, testInfo, '/category/panjabi', '/category/men')
  await expect(page).toHaveURL(/\/category\/panjabi$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panjabi')
  await expect(page.locator('main .product-card').first()).toBeVisible()

  await followMenuLink(page, testInfo, '/brand/nakshi-ghor', '/brand/rong-bahar')
  await expect(page).toHaveURL(/\/brand\/nakshi-ghor$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nakshi Ghor')
  await expect(page.locator('main .product-card').first()).toBeVisible()

  await followMenuLink(page, testInfo, '/flash-deal/weekend-mega-sale', '/flash-deal/eid-flash-deal')
  await expect(page).toHaveURL(/\/flash-deal\/weekend-mega-sale$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend Mega Sale')
  await expect(page.locator('main .product-card').first()).toBeVisible()

  await followMenuLink(page, testInfo, '/about-us')
  await expect(page).toHaveURL(/\/about-us$/)
  await expect(page.locator('.page-document')).toBeVisible()

  await followMenuLink(page, testInfo, '/user/orders')
  await expect(page).toHaveURL(/\/user\/orders$/)
})

test('the menu works from the keyboard', async ({ page }, testInfo) => {
  await openPage(page, '/')
  if (isMobile(testInfo)) {
    await page
      .getByRole('navigation', { name: 'Shortcuts' })
      .getByRole('button', { name: 'Category' })
      .click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    return
  }
  const toggle = page.getByRole('button', { name: 'Women submenu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Saree', exact: true })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/category\/saree$/)
})
