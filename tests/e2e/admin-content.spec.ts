import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, ownerApi, signInAsOwner } from './admin-support'
import { expectAccessible, isMobile } from './fixtures'

test('the owner adds a page to a menu, orders it by keyboard, and shoppers find it in the shop', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  // both projects run at once: each edits its own menu (the header's on desktop, the footer's on a phone)
  const mobile = isMobile(testInfo)
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`
  const slug = `sizes-${stamp}`
  const itemName = `Sizes ${stamp}`

  const api = await ownerApi(page)
  const created = await api.post('/api/v1/admin/pages', {
    data: { slug, title: `Size guide ${stamp}`, markdown: 'Measure **twice**, order once.' },
  })
  expect(created.status(), await created.text()).toBe(201)
  await api.dispose()

  await signInAsOwner(page)
  // a desktop's run changes the header's menu, a phone's the footer's: only the desktop makes a category in it
  const categoryName = `Festive ${stamp}`
  if (!mobile) {
    await page.goto('/admin/categories')
    const form = page.locator('form').first()
    await form.getByLabel('Name in English').fill(categoryName)
    await form.getByLabel('Parent category').selectOption({ label: 'Men' })
    await form.getByLabel('Add to the main menu').check()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Add category' }).click()
    await expect(page.getByRole('status')).toContainText(categoryName)
  }
  await page.goto('/admin/menus')
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible()
  await page.getByLabel('Menu to edit').selectOption(mobile ? 'footer_menu' : 'main_menu')
  const rows = page.locator('.content-row')
  await expect(rows.first()).toBeVisible()
  const before = await rows.count()

  await page.getByLabel('Type').selectOption('page')
  await page.getByLabel('Opens').selectOption(slug)
  await expect(page.getByLabel('Name in English', { exact: true }).last()).toHaveValue(`Size guide ${stamp}`)
  await page.getByLabel('Name in English', { exact: true }).last().fill(itemName)
  await page.getByRole('button', { name: 'Add item' }).click()
  await expect(rows).toHaveCount(before + 1)

  // moved up one place by keyboard alone; the move is announced
  await page.getByRole('button', { name: `Move up ${itemName}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toContainText(
    `${itemName} moved to position ${before} of ${before + 1}`,
  )
  await expect(rows.nth(before - 1)).toContainText(slug)

  // into the submenu of the item above, then back to the very top in one step, by keyboard alone
  await page.getByRole('button', { name: `Into submenu ${itemName}` }).focus()
  await page.keyboard.press('Enter')
  await expect(rows.nth(before - 1)).toHaveAttribute('data-depth', '1')
  const moveTo = page.getByLabel(`${itemName}: Move to`)
  await moveTo.focus()
  await page.keyboard.press('ArrowDown')
  await expect(moveTo.locator('option:checked')).toHaveText('Top of the menu')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: `Move ${itemName}`, exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toContainText(`${itemName} moved: Top of the menu.`)
  await expect(rows.first()).toContainText(slug)
  await expect(rows.first()).toHaveAttribute('data-depth', '0')
  if (!mobile) {
    // the new category is in its parent's submenu, as it was made
    const category = rows.filter({ has: page.locator(`input[value="${categoryName}"]`) })
    await expect(category).toHaveAttribute('data-depth', '1')
  }

  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Save the menu' }).click()
  await expect(page.getByRole('status')).toContainText('The menu is saved')

  await page.goto('/')
  const menu = mobile ? page.locator('footer') : page.getByRole('navigation', { name: 'Main menu' })
  const link = menu.getByRole('link', { name: itemName })
  await expect(link).toBeAttached()
  if (!mobile) {
    // the new category in Men's dropdown
    await menu.getByRole('button', { name: 'Men submenu', exact: true }).click()
    await expect(menu.getByRole('link', { name: categoryName })).toBeVisible()
  }
  await link.evaluate((element: HTMLElement) => element.click())
  await expect(page.getByRole('heading', { level: 1, name: `Size guide ${stamp}` })).toBeVisible()
  await expect(page.getByText('Measure twice, order once.')).toBeVisible()
})

test('the page editor previews what shoppers get, and the home page sections are laid out for this screen', async ({
  page,
}) => {
  await signInAsOwner(page)
  await page.goto('/admin/pages')
  await page.getByRole('link', { name: 'About Us' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  // a page written before Markdown opens as Markdown, previewed as the server renders it
  await expect(page.getByLabel('Text in English (Markdown)')).toHaveValue(/## What we care about/)
  const preview = page.getByRole('region', { name: 'Preview in English' })
  await expect(preview.getByRole('heading', { name: 'What we care about' })).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
  await page.getByLabel('Text in English (Markdown)').fill('Hello <img src=x onerror=alert(1)> **world**')
  await expect(preview.locator('strong')).toHaveText('world')
  await expect(preview.locator('[onerror]')).toHaveCount(0)

  await page.goto('/admin/home')
  await expect(page.getByRole('heading', { level: 1, name: 'Home page' })).toBeVisible()
  await expect(page.getByLabel('Kind of section to add')).toBeVisible()
  await expectAccessible(page)
  await expectNoSidewaysScroll(page)
})
