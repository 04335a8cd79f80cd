import type { Locator, Page } from '@playwright/test'
import { freshPhone, registerByPassword } from './auth-support'
import { isMobile, storeList } from './cart-support'
import { fillGuestCheckout } from './checkout-support'
import { expectAccessible } from './fixtures'
import { expect, test, waitForPersistedCache, waitForServiceWorker } from './offline-fixtures'
import { farSku, ordersOnServer, visitOnce } from './offline-support'

/**
 * The link that is up and answers nothing ("lie-fi"): the gate accepts every connection and never sends a
 * byte back, while the browser still says it is online. A returning shopper (worker active, the home page and
 * one product seen) keeps a working shop, and an order placed then ends as exactly one order.
 */

const shell = (page: Page) => [
  page.locator('header').first(),
  page.locator('footer a[href="/about-us"]'),
  ...(isMobile(page) ? [page.getByRole('navigation', { name: 'Shortcuts' })] : []),
]

async function expectShell(page: Page) {
  for (const part of shell(page)) await expect(part).toBeVisible()
}

/** A signed-in shopper at checkout with one far sku in the cart and the Dhaka address filled in. */
async function readyToOrder(page: Page, offset: number) {
  const item = await farSku(page.request, offset)
  await page.goto('/')
  await waitForServiceWorker(page)
  const phone = freshPhone()
  await registerByPassword(page, phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)
  await storeList(page, 'haat_cart', [
    { product_id: item.id, sku: item.sku, quantity: 1, price: item.discountedPrice },
  ])
  await page.goto('/checkout')
  await fillGuestCheckout(page, phone)
}

test.describe('a link that answers nothing', () => {
  test('the shell paints at once, an unseen product says it could not load and arrives when the link is back', async ({
    page,
    gate,
  }) => {
    test.setTimeout(120_000)
    const { seen, name, unseen } = await visitOnce(page)
    const [tapped = '', deepLinked = ''] = unseen

    gate.hang()
    const started = Date.now()
    await page.locator(`main a[href="${tapped}"]`).first().click()
    await expect(page).toHaveURL(new RegExp(`${tapped}$`))
    const outline = page.locator('article.product-page')
    await expect(outline).toBeVisible()
    await expectShell(page)
    // what the home page's card showed of it is on screen while the product itself is still on its way
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^(Product)?$/)
    const slowState = page.getByRole('status').filter({ hasText: "Couldn't load this product." })
    await expect(slowState).toBeHidden()
    const shellAfter = Date.now() - started
    await expect(slowState).toBeVisible({ timeout: 10_000 })
    test.info().annotations.push({ type: 'shell-ms', description: String(shellAfter) })
    test.info().annotations.push({ type: 'slow-state-ms', description: String(Date.now() - started) })
    await expect(page.getByText('Slow connection — showing what we have')).toBeVisible()
    await expect(slowState.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expectAccessible(page)

    // the link comes back: the product arrives in place, without a reload, and the banner goes
    gate.restore()
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible({ timeout: 45_000 })
    await expect(slowState).toBeHidden()
    await expect(page.getByText('Slow connection — showing what we have')).toBeHidden()

    // a deep link opened on the hung link: the shell and the outline, never a blank page
    gate.hang()
    await page.goto(deepLinked)
    await expectShell(page)
    await expect(page.locator('article.product-page')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: "Couldn't load this product." })).toBeVisible({
      timeout: 10_000,
    })

    // a product seen before renders whole from the device
    await page.goto(seen)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible()
  })

  test('the search dropdown answers from the device instead of waiting', async ({ page, gate }) => {
    const { name } = await visitOnce(page)
    gate.hang()
    let input: Locator
    if (isMobile(page)) {
      await page
        .getByRole('navigation', { name: 'Shortcuts' })
        .getByRole('button', { name: 'Search' })
        .click()
      input = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search products' })
    } else input = page.locator('header').getByRole('searchbox', { name: 'Search products' })
    await input.fill(name.split(' ').slice(0, 2).join(' '))
    const dropdown = page.getByRole('region', { name: 'Search suggestions' })
    await expect(dropdown.getByRole('link', { name: new RegExp(escapeRegExp(name)) }).first()).toBeVisible()
  })

  test('Place Order keeps trying, survives a reload and ends as exactly one order once the link is back', async ({
    page,
    gate,
  }, info) => {
    test.setTimeout(180_000)
    await readyToOrder(page, info.project.name === 'mobile' ? 8 : 9)
    await waitForPersistedCache(page)

    // the order reaches the shop and its answer is lost: every retry carries the same key
    gate.hang({ requestsArrive: true })
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByRole('button', { name: 'Placing order…' })).toBeVisible()
    await expect(page.getByTestId('still-trying')).toContainText(
      "Still trying — your order is safe, don't close the app.",
      { timeout: 25_000 },
    )

    // a reload while it waits: the order is still on its way, and no second one can be placed meanwhile
    await page.reload()
    const pending = page.getByTestId('pending-order')
    await expect(pending).toContainText('Your order is on its way to the shop.')
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled()
    await page.goto('/cart')
    await expect(page.getByTestId('pending-order')).toBeVisible()
    await page.goto('/confirm-order')
    await expect(page.getByRole('heading', { level: 1, name: 'Your order is on its way' })).toBeVisible()
    await expect(page.getByTestId('pending-order')).toContainText(/Placed at \d\d:\d\d/)
    await expectAccessible(page)

    gate.restore()
    await expect(page).toHaveURL(/\/confirm-order\?number=HT-/, { timeout: 60_000 })
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' }),
    ).toBeVisible()
    const number = new URL(page.url()).searchParams.get('number')
    const orders = await ordersOnServer(page.request)
    expect(orders.map((order) => order.number)).toEqual([number])
    await expect(page.getByTestId('pending-order')).toHaveCount(0)
  })
})

test('an order left waiting in a closed tab is sent by the worker once the link is back', async ({
  page,
  context,
  gate,
}, info) => {
  test.setTimeout(180_000)
  await readyToOrder(page, info.project.name === 'mobile' ? 10 : 11)

  gate.hang()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByTestId('still-trying')).toBeVisible({ timeout: 25_000 })
  // the shopper closes the shop's only tab with the order still on its way
  const devtools = await context.newCDPSession(await context.newPage())
  await page.close()
  gate.restore()

  // with no page of the shop open, the worker sends the order: its Background Sync attempt may still be under
  // way, and the browser wakes it again for the outbox's tag (dispatched here rather than waiting for
  // Chromium's own retry schedule)
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  )
  await devtools.send('ServiceWorker.enable')
  const registration = (await registrations).find((r) => r.scopeURL.startsWith(gate.origin))
  expect(registration).toBeDefined()
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin: gate.origin,
    registrationId: registration?.registrationId ?? '',
    tag: 'haat-order-outbox',
    lastChance: false,
  })
  await expect.poll(async () => (await ordersOnServer(context.request)).length, { timeout: 30_000 }).toBe(1)

  // the next time the shop opens, it shows the order the worker placed, and places nothing more
  const next = await context.newPage()
  await next.goto('/cart')
  await expect(next).toHaveURL(/\/confirm-order\?number=HT-/)
  await expect(next.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible()
  const number = new URL(next.url()).searchParams.get('number')
  expect((await ordersOnServer(context.request)).map((order) => order.number)).toEqual([number])
})

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
