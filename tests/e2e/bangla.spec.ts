import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { listingResponse, productResponse, productsResponse } from '../../src/contract/product'
import { API_HEADERS, freshPhone, pickProduct } from './checkout-support'
import { expectAccessible, isMobile, openPage, productCards } from './fixtures'
import { bn } from './order-bangla-support'

const toBengali = (text: string) => text.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] as string)

/** Taps the language switch: in the header on a desktop, in the menu drawer on a phone. */
async function switchTo(page: Page, testInfo: TestInfo, name: 'বাংলা' | 'English') {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: name === 'বাংলা' ? 'Open menu' : bn('shell.open-menu') }).click()
    await page.getByRole('dialog').getByRole('button', { name, exact: true }).click()
  } else {
    await page.getByRole('banner').getByRole('button', { name, exact: true }).click()
  }
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'বাংলা' ? 'bn' : 'en')
}

/**
 * A 360 px screenshot of the page in the test's artifacts, after checking that no element's text runs
 * out of its box (Bangla words are longer and taller than English ones).
 */
async function expectNothingOverflows(page: Page, testInfo: TestInfo, name: string) {
  // phones are checked at 360 px, the narrowest the shop is made for
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  if (isMobile(testInfo)) await page.setViewportSize({ width: 360, height: 780 })
  const overflowing = await page.evaluate(() => {
    const found: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element)
      if (
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        element.closest('[aria-hidden="true"]')
      )
        continue
      // visually hidden text (a screen reader's) is clipped to 1 px on purpose
      if (element.clientWidth <= 1 || !element.textContent?.trim()) continue
      // a box that scrolls on purpose (a row of chips, a table) is not text overflowing
      if (['auto', 'scroll'].includes(style.overflowX) || element.matches('input, select, textarea')) continue
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.trim().slice(0, 40)}`,
        )
    }
    return found
  })
  if (isMobile(testInfo)) {
    const path = testInfo.outputPath(`${name}-360px.png`)
    await page.screenshot({ path, fullPage: true })
    await testInfo.attach(`${name}-360px.png`, { path, contentType: 'image/png' })
    await page.setViewportSize(size)
  }
  expect(overflowing, `text overflowing its box on ${name}`).toEqual([])
}

test('a shopper switches the shop to Bangla and shops, searches and orders in Bangla', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const pick = await pickProduct(request, isMobile(testInfo) ? 30 : 31)
  const answer = await request.get(`/api/v1/product/storefront/${pick.product.slug}`, {
    headers: { ...API_HEADERS, 'Accept-Language': 'bn' },
  })
  const banglaProduct = productResponse.parse(await answer.json()).data
  const banglaName = banglaProduct.name
  expect(banglaName).toMatch(/[\u0980-\u09FF]/)
  // the sku's size and colour as the Bangla answer names them (the English value stays the choice's key)
  const labelOf = (value: string) =>
    banglaProduct.skus.find((sku) => sku.id === pick.skuId)?.attributes.find((a) => a.value === value)
      ?.label ?? value
  const colourBn = labelOf(pick.colour)
  expect(colourBn).toMatch(/[\u0980-\u09FF]/)
  // a colour of the men's listing and its Bangla, for its filter
  const men = await request.get(
    `/api/v1/product/storefront?perPage=1&lang=bn&filters=${encodeURIComponent(JSON.stringify({ category: 'men', inStock: true }))}`,
    { headers: API_HEADERS },
  )
  const menColour = listingResponse.parse(await men.json()).facets.colours[0]
  if (!menColour) throw new Error('the men’s listing has no colour to filter on')
  expect(menColour.label).toMatch(/[\u0980-\u09FF]/)

  await openPage(page, '/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await switchTo(page, testInfo, 'বাংলা')

  // home: the shell and the catalogue's names in Bangla
  if (isMobile(testInfo))
    await expect(page.getByRole('navigation', { name: bn('shell.shortcuts') })).toBeVisible()
  else await expect(page.getByPlaceholder(bn('catalog.search-products'))).toBeVisible()
  await expect(page.getByRole('link', { name: bn('catalog.view-all') }).first()).toBeVisible()
  await expect(productCards(page).first()).toContainText(/[\u0980-\u09FF]/)
  await expect(productCards(page).first()).toContainText('৳')
  await expectAccessible(page)
  await expectNothingOverflows(page, testInfo, 'home')

  // a listing with a filter
  await page.goto('/category/men')
  await expect(page.locator('.listing__count')).toContainText('টি পণ্য')
  const filters = isMobile(testInfo) ? page.getByRole('dialog') : page.getByRole('complementary')
  if (isMobile(testInfo)) await page.getByRole('button', { name: bn('catalog.filter') }).click()
  await filters.getByRole('checkbox', { name: bn('catalog.in-stock-only') }).check()
  await expect(page).toHaveURL(/inStock=true/)
  // a colour filter named in Bangla, its link keeping the English value
  await filters.getByRole('checkbox', { name: new RegExp(`^${menColour.label} \\(`) }).check()
  await expect.poll(() => new URL(page.url()).searchParams.get('colour') ?? '').toContain(menColour.value)
  if (isMobile(testInfo)) await page.getByRole('button', { name: /পণ্য দেখুন$/ }).click()
  await expect(productCards(page).first()).toContainText(/[\u0980-\u09FF]/)
  await expectAccessible(page)
  await expectNothingOverflows(page, testInfo, 'listing')

  // search in Bangla and in the romanised spelling shoppers type: both find panjabis
  for (const text of ['পাঞ্জাবি', 'panjabi']) {
    await page.goto(`/search?text=${encodeURIComponent(text)}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(text)
    await expect(productCards(page).first()).toContainText('পাঞ্জাবি')
  }

  // the product page, then into the cart
  await page.goto(`/product/${pick.product.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: banglaName })).toBeVisible()
  await page
    .getByRole('group', { name: bn('product.size') })
    .getByRole('radio', { name: labelOf(pick.size), exact: true })
    .check()
  await page
    .getByRole('group', { name: bn('product.colour') })
    .getByRole('radio', { name: colourBn, exact: true })
    .check()
  await page.getByRole('button', { name: bn('product.add-to-cart') }).click()
  await expect(page.getByRole('status').filter({ hasText: bn('product.added-to-cart') })).toBeVisible()
  await expectAccessible(page)
  await expectNothingOverflows(page, testInfo, 'product')

  const opener = isMobile(testInfo)
    ? page.getByRole('button', { name: /^কার্ট, ১টি পণ্য$/ })
    : page.getByRole('button', { name: new RegExp(`^${bn('cart.open-cart').split(':')[0]}`) })
  await opener.click()
  const drawer = page.getByRole('dialog', { name: bn('cart.drawer-title') })
  await expect(drawer).toBeVisible()
  await expect(drawer).toContainText(banglaName)
  await expect(drawer).toContainText(colourBn)
  await expect(drawer).toContainText('৳')
  await expectAccessible(page)
  await drawer
    .getByRole('link', { name: bn('cart.place-order') })
    .or(drawer.getByRole('button', { name: bn('cart.place-order') }))
    .first()
    .click()

  // checkout with a Bangla address and the mobile number typed in Bengali digits (once the drawer has
  // played its closing animation: the page behind a modal drawer takes no input)
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: bn('checkout.title') })).toBeVisible()
  const phone = freshPhone()
  await page.getByLabel(bn('checkout.full-name'), { exact: true }).fill('রহিম উদ্দিন')
  await page.getByLabel(bn('checkout.mobile'), { exact: true }).fill(toBengali(phone))
  await page.getByLabel(bn('checkout.division'), { exact: true }).selectOption({ label: 'ঢাকা' })
  await page.getByLabel(bn('checkout.district'), { exact: true }).selectOption({ label: 'ঢাকা' })
  await page.getByLabel(bn('checkout.area'), { exact: true }).selectOption({ label: 'ধানমন্ডি' })
  await page.getByLabel(bn('checkout.street'), { exact: true }).fill('বাড়ি ১২, রোড ৫')
  await page.getByLabel(bn('checkout.terms')).check()
  await expect(page.getByTestId('delivery-zone')).toContainText('৳ ৭০.০০')
  await expectAccessible(page)
  await expectNothingOverflows(page, testInfo, 'checkout')
  await page.getByRole('button', { name: bn('checkout.place-order') }).click()

  // the confirmation, in Bangla
  await expect(page).toHaveURL(/\/confirm-order\?number=HT-/)
  await expect(page.getByRole('heading', { level: 1, name: bn('orders.thank-you') })).toBeVisible()
  await expect(page.getByText(bn('orders.cod')).first()).toBeVisible()
  await expect(page.getByText('ধানমন্ডি').first()).toBeVisible()
  await expectAccessible(page)
  await expectNothingOverflows(page, testInfo, 'confirmation')

  // the choice survives a reload, and the shop opens in Bangla offline too
  await page.goto('/')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(page.getByRole('link', { name: bn('catalog.view-all') }).first()).toBeVisible()
  // this device has the typeface since the switch: pages use it from their first paint
  await expect(page.locator('html')).toHaveAttribute('data-typeface', 'bengali')
  const typefaceShown = () =>
    page.evaluate(async () => {
      await document.fonts.ready
      const fonts = await document.fonts.load('400 1em "Haat Bengali"', 'অ')
      return fonts.length > 0 && getComputedStyle(document.body).fontFamily.includes('Haat Bengali')
    })
  expect(await typefaceShown()).toBe(true)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  // the worker keeps Bangla's files once it controls the page
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys()
          const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat()
          const kept = (file: RegExp) => urls.some((request) => file.test(request.url))
          return kept(/\/assets\/bangla-[^/]+\.js$/) && kept(/\/assets\/noto-sans-bengali-[^/]+\.woff2$/)
        }),
      { timeout: 20_000 },
    )
    .toBe(true)
  await page.context().setOffline(true)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(page.getByRole('link', { name: bn('catalog.view-all') }).first()).toBeVisible()
  await expect(productCards(page).first()).toContainText(/[\u0980-\u09FF]/)
  expect(await typefaceShown()).toBe(true)
  await page.context().setOffline(false)

  // and back to English with one tap
  await switchTo(page, testInfo, 'English')
  await expect(page.getByRole('link', { name: 'View all' }).first()).toBeVisible()
})

test('the first visit follows the browser’s languages, and a stored choice wins', async ({ browser }) => {
  const bangla = await browser.newContext({ locale: 'bn-BD' })
  const first = await bangla.newPage()
  await openPage(first, '/')
  await expect(first.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(first.getByRole('link', { name: bn('catalog.view-all') }).first()).toBeVisible()
  await bangla.close()

  const english = await browser.newContext({ locale: 'en-US' })
  const second = await english.newPage()
  await openPage(second, '/')
  await expect(second.locator('html')).toHaveAttribute('lang', 'en')
  await second.evaluate(() => localStorage.setItem('haat-lang', 'bn'))
  await second.reload()
  await expect(second.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(second.getByRole('link', { name: bn('catalog.view-all') }).first()).toBeVisible()
  await english.close()
})

test('the catalogue answers in the language asked for, in English by default', async ({ request }) => {
  const read = async (headers: Record<string, string>, query = '') => {
    const response = await request.post(`/api/v1/product/storefront/get-by-ids?perPage=4${query}`, {
      headers: { ...API_HEADERS, ...headers },
      data: { ids: [1, 2, 3, 4] },
    })
    expect(response.ok()).toBe(true)
    return productsResponse.parse(await response.json()).data.map((product) => product.name)
  }
  const english = await read({})
  const bangla = await read({ 'Accept-Language': 'bn' })
  expect(english.every((name) => !/[\u0980-\u09FF]/.test(name))).toBe(true)
  expect(bangla.every((name) => /[\u0980-\u09FF]/.test(name))).toBe(true)
  expect(await read({}, '&lang=bn')).toEqual(bangla)
})
