// The link that is up and answers nothing ("lie-fi"), measured on the built app with its service worker: how
// soon a returning shopper sees the shell and the page's outline, how soon the page says what could not load,
// and how many orders the shop gets from Place Orders sent on such a link and recovered after a reload.
import { type Browser, chromium, type Page } from '@playwright/test'
import { freshPhone, readCode } from '../e2e/auth-support'
import { fillCheckoutFields } from '../e2e/checkout-support'
import { CuttableProxy } from '../e2e/gate'
import { waitForServiceWorker } from '../e2e/offline-fixtures'
import { visitOnce } from '../e2e/offline-support'
import { median, type WebServerOptions, withWebServer } from './web-server'

const API_HEADERS = { 'x-api-key': process.env.API_KEY ?? 'haat-demo-key' }
const SLOW_PRODUCT = "Couldn't load this product."

/** A phone-sized page whose relative paths go through the gate, as the e2e journeys' pages do. */
async function newPage(browser: Browser, gate: CuttableProxy): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    baseURL: gate.origin,
  })
  return context.newPage()
}

/** From `start` (ms): the shell and the page's outline painted, then the slow-connection state shown. */
async function timeUnderHang(page: Page, start: () => Promise<unknown>) {
  const started = performance.now()
  const go = start()
  await Promise.all([
    page.locator('header').first().waitFor(),
    page.locator('article.product-page').waitFor(),
  ])
  const shellMs = performance.now() - started
  await page.getByRole('status').filter({ hasText: SLOW_PRODUCT }).waitFor({ timeout: 20_000 })
  const slowMs = performance.now() - started
  await go
  return { shellMs, slowMs }
}

async function paintFigures(browser: Browser, gate: CuttableProxy, runs: number) {
  const tapped = { shell: [] as number[], slow: [] as number[] }
  const deepLink = { shell: [] as number[], slow: [] as number[] }
  for (let run = 0; run < runs; run++) {
    const page = await newPage(browser, gate)
    const { unseen } = await visitOnce(page)
    gate.hang()
    const tap = await timeUnderHang(page, () => page.locator(`main a[href="${unseen[0]}"]`).first().click())
    tapped.shell.push(tap.shellMs)
    tapped.slow.push(tap.slowMs)
    const deep = await timeUnderHang(page, () => page.goto(unseen[1] ?? '/', { waitUntil: 'commit' }))
    deepLink.shell.push(deep.shellMs)
    deepLink.slow.push(deep.slowMs)
    gate.restore()
    await page.context().close()
  }
  return { tapped, deepLink }
}

/** A shopper with an account, signed in through a one-time code (the dev SMS outbox gives it back). */
async function signIn(page: Page, number: string) {
  const sent = await page.request.post('/api/v1/auth/customer/send-otp', {
    headers: API_HEADERS,
    data: { phone: number, type: 'login' },
  })
  const { otpId } = (await sent.json()) as { otpId: string }
  const otpCode = await readCode(page.request, number)
  const login = await page.request.post('/api/v1/auth/customer/otp-login', {
    headers: API_HEADERS,
    data: { phone: number, otpId, otpCode },
  })
  if (!login.ok()) throw new Error(`sign-in answered ${login.status()}`)
}

/** Skus with stock among the demo catalogue's last products, one per order. */
async function skusToBuy(origin: string, count: number) {
  const response = await fetch(`${origin}/api/v1/product/storefront/get-by-ids?perPage=100`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: Array.from({ length: 60 }, (_, i) => 140 + i) }),
  })
  const { data } = (await response.json()) as {
    data: { id: number; skus: { sku: string; stockQuantity: number; discountedPrice: number }[] }[]
  }
  const picks = data.flatMap((product) => {
    const sku = product.skus.find((s) => s.stockQuantity >= 2)
    return sku ? [{ product_id: product.id, sku: sku.sku, quantity: 1, price: sku.discountedPrice }] : []
  })
  if (picks.length < count) throw new Error('not enough skus with stock')
  return picks.slice(0, count)
}

/**
 * Place Order on a hung link, still trying past 15 s, a reload while it waits, then the link back: `cycles`
 * times, every other one with the request reaching the server and only its answer lost.
 */
async function orderFigures(browser: Browser, gate: CuttableProxy, origin: string, cycles: number) {
  const page = await newPage(browser, gate)
  await page.goto('/')
  await waitForServiceWorker(page)
  const number = freshPhone()
  await signIn(page, number)
  const recovered: number[] = []
  for (const [cycle, item] of (await skusToBuy(origin, cycles)).entries()) {
    await page.evaluate(
      (items) => localStorage.setItem('haat_cart', JSON.stringify({ user_id: 1, items })),
      [item],
    )
    await page.goto('/checkout')
    await fillCheckoutFields(page, number)
    await page.getByTestId('delivery-zone').filter({ hasText: 'TK' }).waitFor()
    gate.hang({ requestsArrive: cycle % 2 === 1 })
    await page.getByRole('button', { name: 'Place Order' }).click()
    await page.getByTestId('still-trying').waitFor({ timeout: 25_000 })
    await page.reload()
    await page.getByTestId('pending-order').waitFor()
    const restored = performance.now()
    gate.restore()
    await page
      .waitForURL(/\/confirm-order\?number=HT-/, { timeout: 90_000 })
      .catch(async (error: unknown) => {
        const text = await page.locator('main').textContent()
        throw new Error(`order ${cycle + 1} never confirmed; the page says: ${text}`, { cause: error })
      })
    recovered.push(performance.now() - restored)
  }
  const listed = await page.request.get(`${origin}/api/v1/orders`, { headers: API_HEADERS })
  const orders = ((await listed.json()) as { data: { number: string }[] }).data
  await page.context().close()
  return {
    placed: cycles,
    orders: orders.length,
    distinct: new Set(orders.map((o) => o.number)).size,
    recovered,
  }
}

const ms = (values: number[]) =>
  `median ${Math.round(median(values))} ms (${values.map(Math.round).join(', ')})`

export async function benchSpottyLink(options: WebServerOptions & { runs?: number }) {
  const runs = options.runs ?? 5
  await withWebServer({ ...options, env: { DEV_OUTBOX: '1', ...options.env } }, async (origin) => {
    const gate = new CuttableProxy(options.port + 1, options.port)
    await gate.start()
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    try {
      const paint = await paintFigures(browser, gate, runs)
      console.log(
        `\n== A link that answers nothing (mobile viewport, built app, service worker active, ${runs} runs)`,
      )
      console.log(`   unseen product tapped from home: shell + outline ${ms(paint.tapped.shell)}`)
      console.log(`   unseen product tapped from home: "${SLOW_PRODUCT}" ${ms(paint.tapped.slow)}`)
      console.log(`   unseen product opened by link:   shell + outline ${ms(paint.deepLink.shell)}`)
      console.log(`   unseen product opened by link:   "${SLOW_PRODUCT}" ${ms(paint.deepLink.slow)}`)
      const orders = await orderFigures(browser, gate, origin, runs)
      console.log(
        `   Place Order, hang + reload + link back, ${orders.placed} times: ${orders.orders} orders on the server ` +
          `(${orders.distinct} distinct); confirmation after the link came back ${ms(orders.recovered)}`,
      )
    } finally {
      await browser.close()
      await gate.cut()
    }
  })
}
