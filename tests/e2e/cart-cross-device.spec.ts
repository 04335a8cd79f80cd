import { type Browser, expect, type Page, test } from '@playwright/test'
import { freshPhone, logInByPassword, registerByPassword } from './auth-support'
import { API_HEADERS, addFromProductPage, pickProduct } from './checkout-support'
import { openPage } from './fixtures'

const localCart = (page: Page) =>
  page.evaluate(() =>
    (
      JSON.parse(localStorage.getItem('haat_cart') ?? '{"items":[]}').items as {
        sku: string
        quantity: number
      }[]
    ).map(({ sku, quantity }) => ({ sku, quantity })),
  )

const serverCart = async (page: Page) => {
  const response = await page.request.get('/api/v1/cart', { headers: API_HEADERS })
  const { data } = (await response.json()) as { data: { skuId: number; quantity: number }[] }
  return data.map(({ skuId, quantity }) => ({ skuId, quantity }))
}

/** The shopper switches back to this device's tab: it is shown and focused again. */
async function comeBack(page: Page) {
  await page.bringToFront()
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('focus'))
  })
}

/** The same shopper logs in on a second device (a fresh browser context) and opens its cart. */
async function logInOnLaptop(browser: Browser, phone: Page, number: string) {
  const context = await browser.newContext({ viewport: phone.viewportSize() ?? undefined })
  const laptop = await context.newPage()
  await openPage(laptop, '/')
  await logInByPassword(laptop, number, 'secret-pass')
  await expect(laptop).toHaveURL(/\/user$/)
  await laptop.goto('/cart')
  return { context, laptop }
}

test('the cart follows the shopper between two devices that both logged in before', async ({
  page: phone,
  browser,
  request,
}, info) => {
  const base = info.project.name === 'mobile' ? 12 : 14
  const shirt = await pickProduct(request, base)
  const other = await pickProduct(request, base + 1)
  const number = freshPhone()

  await openPage(phone, '/')
  await registerByPassword(phone, number, 'secret-pass')
  await expect(phone).toHaveURL(/\/user$/)
  const { context, laptop } = await logInOnLaptop(browser, phone, number)
  await expect(laptop.getByText('Empty Cart')).toBeVisible()

  // added on the phone: the laptop shows it once the shopper is back on its tab
  await addFromProductPage(phone, shirt)
  await expect.poll(() => serverCart(phone)).toEqual([{ skuId: shirt.skuId, quantity: 1 }])
  await comeBack(laptop)
  const laptopLine = laptop.getByRole('group', { name: `Quantity of ${shirt.product.name}` })
  await expect(laptopLine.getByTestId('line-quantity')).toHaveText('1')

  // a new quantity and a second product on the laptop: the phone has them after a reload
  await laptop
    .getByRole('button', { name: `Increase quantity of ${shirt.product.name.toLowerCase()}` })
    .click()
  await expect(laptopLine.getByTestId('line-quantity')).toHaveText('2')
  await addFromProductPage(laptop, other)
  await expect
    .poll(() => serverCart(laptop))
    .toEqual(
      expect.arrayContaining([
        { skuId: shirt.skuId, quantity: 2 },
        { skuId: other.skuId, quantity: 1 },
      ]),
    )
  await phone.goto('/cart')
  await expect(
    phone.getByRole('group', { name: `Quantity of ${shirt.product.name}` }).getByTestId('line-quantity'),
  ).toHaveText('2')
  await expect(
    phone.getByRole('group', { name: `Quantity of ${other.product.name}` }).getByTestId('line-quantity'),
  ).toHaveText('1')

  // removed on the laptop: gone from the phone when the shopper comes back to it
  await laptop.goto('/cart')
  await laptop.getByRole('button', { name: `Remove ${shirt.product.name}` }).click()
  await expect.poll(() => serverCart(laptop)).toEqual([{ skuId: other.skuId, quantity: 1 }])
  await comeBack(phone)
  await expect(phone.getByRole('button', { name: `Remove ${shirt.product.name}` })).toHaveCount(0)
  await expect.poll(() => localCart(phone)).toEqual([{ sku: other.sku, quantity: 1 }])
  await context.close()
})

test('changes made offline on one device join the changes made elsewhere meanwhile', async ({
  page: phone,
  browser,
  request,
}, info) => {
  const base = info.project.name === 'mobile' ? 16 : 18
  const shirt = await pickProduct(request, base)
  const other = await pickProduct(request, base + 1)
  const number = freshPhone()

  await openPage(phone, '/')
  await registerByPassword(phone, number, 'secret-pass')
  await expect(phone).toHaveURL(/\/user$/)
  await addFromProductPage(phone, shirt)
  await expect.poll(() => serverCart(phone)).toEqual([{ skuId: shirt.skuId, quantity: 1 }])

  const { context, laptop } = await logInOnLaptop(browser, phone, number)
  const laptopShirt = laptop.getByRole('group', { name: `Quantity of ${shirt.product.name}` })
  await expect(laptopShirt.getByTestId('line-quantity')).toHaveText('1')

  await context.setOffline(true)
  await laptop
    .getByRole('button', { name: `Increase quantity of ${shirt.product.name.toLowerCase()}` })
    .click()
  await expect(laptopShirt.getByTestId('line-quantity')).toHaveText('2')
  await addFromProductPage(phone, other)
  await expect
    .poll(() => serverCart(phone))
    .toEqual([
      { skuId: shirt.skuId, quantity: 1 },
      { skuId: other.skuId, quantity: 1 },
    ])

  await context.setOffline(false)
  await expect(
    laptop.getByRole('group', { name: `Quantity of ${other.product.name}` }).getByTestId('line-quantity'),
  ).toHaveText('1')
  await expect
    .poll(() => serverCart(phone))
    .toEqual([
      { skuId: shirt.skuId, quantity: 2 },
      { skuId: other.skuId, quantity: 1 },
    ])
  await phone.goto('/cart')
  await expect(
    phone.getByRole('group', { name: `Quantity of ${shirt.product.name}` }).getByTestId('line-quantity'),
  ).toHaveText('2')
  await context.close()
})
