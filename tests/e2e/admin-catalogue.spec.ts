import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import type { AdminRefs } from '../../src/contract/admin-refs'
import { formatTaka } from '../../src/lib/money'
import { ownerApi, signInAsOwner } from './admin-support'
import { openCart } from './cart-support'
import { expectAccessible } from './fixtures'

/** A small PNG of one colour, as a phone's photo would arrive (the server re-encodes it). */
const photo = (red: number) =>
  sharp({ create: { width: 60, height: 75, channels: 3, background: { r: red, g: 90, b: 70 } } })
    .png()
    .toBuffer()

test('the owner makes a product shoppers find, and a price change reaches a shopper’s cart', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(60_000)
  const unique = `${info.project.name}${Date.now().toString(36)}`
  const name = `Editor Kurti ${unique}`
  const slug = `editor-kurti-${unique}`

  const api = await ownerApi(page)
  const refs = (await (await api.get('/api/v1/admin/catalogue-refs')).json()) as { data: AdminRefs }
  await api.dispose()
  const category = refs.data.categories.find((one) => one.slug === 'panjabi') ?? refs.data.categories[1]
  const brand = refs.data.brands[0]
  if (!category || !brand) throw new Error('the demo catalogue has no categories or brands')

  await signInAsOwner(page)
  await page.goto('/admin/products/new')
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await expect(page.getByLabel("Slug (the page's address)")).toHaveValue(slug)
  await page.getByLabel('Category', { exact: true }).selectOption(String(category.id))
  await page.getByLabel('Brand', { exact: true }).selectOption(String(brand.id))

  // three photos at once, put in order with the keyboard
  await page.getByLabel('Add images', { exact: true }).setInputFiles(
    await Promise.all(
      [40, 140, 240].map(async (red, index) => ({
        name: `photo-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: await photo(red),
      })),
    ),
  )
  await expect(page.getByText('3 uploaded.')).toBeVisible()
  await expect(page.getByText('Image 3', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Move image 2 up' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Image 2 is now image 1.')).toBeVisible()
  await page.getByLabel('Alt text (English)').first().fill(`${name}, front`)

  // two sizes × two colours
  const options = [
    ['Size', ['S', 'M']],
    ['Colour', ['Red', 'Blue']],
  ] as const
  for (const [index, [option, values]] of options.entries()) {
    await page.getByRole('button', { name: 'Add an option' }).click()
    await page.getByLabel('Option name', { exact: true }).nth(index).fill(option)
    const value = page.getByLabel('New value', { exact: true }).nth(index)
    for (const text of values) {
      await value.fill(text)
      await value.press('Enter')
    }
  }
  await expect(page.getByLabel(/^Sku code, /)).toHaveCount(4)
  // a code left empty is made on save
  await expect(page.getByLabel('Sku code, M / Blue', { exact: true })).toHaveValue('')
  await page.locator('#editor-all-price').fill('1500')
  await page.getByRole('button', { name: 'Apply Price (TK) to all' }).click()
  await page.locator('#editor-all-discountedPrice').fill('1200')
  await page.getByRole('button', { name: 'Apply Discounted price (TK) to all' }).click()
  for (const stock of await page.getByLabel(/^Stock, /).all()) await stock.fill('6')

  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Edit product', level: 1 })).toBeVisible()
  await expect(page.getByText(/^Version 1\b/)).toBeVisible()
  await expect(page.getByLabel('Sku code, M / Blue', { exact: true })).toHaveValue(/^EDT-\d{3,}-M-BLUE$/)
  await expectAccessible(page)
  // nothing wider than the screen once the page has settled (a status sliding in may pass over the edge)
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0)

  // published: the shop's listing, search and product page show it
  await page.getByLabel('Status', { exact: true }).selectOption('active')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Saved (version 2).')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open the product page in the shop' })).toHaveAttribute(
    'href',
    `/product/${slug}`,
  )

  const shopper = await browser.newContext()
  const shop = await shopper.newPage()
  await shop.goto(`/category/${category.slug}?sort=newest`)
  await expect(shop.getByRole('link', { name }).first()).toBeVisible()
  await shop.goto(`/search?text=${encodeURIComponent(name)}`)
  await expect(shop.getByRole('link', { name }).first()).toBeVisible()
  await shop.goto(`/product/${slug}`)
  await expect(shop.getByRole('heading', { name, level: 1 })).toBeVisible()
  await shop.getByRole('radio', { name: 'M', exact: true }).check({ force: true })
  await shop.getByRole('radio', { name: 'Blue', exact: true }).check({ force: true })
  await shop.getByRole('button', { name: 'Add To Cart' }).first().click()
  const drawer = await openCart(shop)
  await expect(drawer.getByTestId('cart-total')).toHaveText(formatTaka(1200))

  // the owner lowers the price and renames the address: the shopper's cart flags the price, the old
  // address leads to the new one
  await page.getByLabel("Slug (the page's address)").fill(`${slug}-new`)
  await page.locator('#editor-all-discountedPrice').fill('1100')
  await page.getByRole('button', { name: 'Apply Discounted price (TK) to all' }).click()
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Saved (version 3).')).toBeVisible()

  // someone following an old link lands on the product at its new address
  const visitor = await browser.newContext()
  const old = await visitor.newPage()
  await old.goto(`/product/${slug}`)
  await expect(old).toHaveURL(new RegExp(`/product/${slug}-new$`))
  await expect(old.getByRole('heading', { name, level: 1 })).toBeVisible()
  await visitor.close()

  await shop.reload()
  const again = await openCart(shop)
  await expect(again.getByTestId('price-change')).toHaveText(
    `Price changed from ${formatTaka(1200)} to ${formatTaka(1100)}`,
  )
  await shopper.close()
})
