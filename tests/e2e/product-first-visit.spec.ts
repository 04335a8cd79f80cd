import { expect, type Page, test } from '@playwright/test'
import { productResponse } from '../../src/contract/product'
import { API_HEADERS } from './checkout-support'
import { expectAccessible, failOnPolicyViolations } from './fixtures'

// A product page opened from a shared link: the server's page already shows the product's breadcrumb and main
// picture (server/routes/seo/product-outline.ts), so the picture is the page's largest paint before the app's
// code has run; the app's page then takes its place with the same picture, in the same place, downloaded once.

type Seen =
  | { at: number; by: 'server' | 'preview' | 'page'; box: [number, number, number, number] }
  | { at: number; by: 'none' }
type Watched = { seen: Seen[]; largestPaints: { at: number; url: string }[] }

/**
 * In the page, frame by frame (a frame's callbacks run just before it is painted): which main picture the frame
 * shows, and where; only changes are kept. Frames before the first paint are dropped when the page is read.
 */
function watchPicture() {
  const watched: Watched = { seen: [], largestPaints: [] }
  Object.assign(window, { watched })
  const look = (at: number) => {
    const server = document.querySelector<HTMLElement>('.product-outline__picture img')
    const app = document.querySelector<HTMLElement>('#root main .gallery img')
    const shown = app ?? (server?.checkVisibility() ? server : null)
    const last = watched.seen.at(-1)
    if (!shown) {
      if (last?.by !== 'none') watched.seen.push({ at, by: 'none' })
      return
    }
    const { x, y, width, height } = shown.getBoundingClientRect()
    const by = shown === server ? 'server' : shown.closest('[aria-busy="true"]') ? 'preview' : 'page'
    const box: [number, number, number, number] = [x, y, width, height]
    if (last?.by !== by || !('box' in last) || last.box.some((value, index) => value !== box[index]))
      watched.seen.push({ at, by, box })
  }
  const everyFrame = (at: number) => {
    look(at)
    requestAnimationFrame(everyFrame)
  }
  requestAnimationFrame(everyFrame)
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { url: string })[])
      watched.largestPaints.push({ at: entry.startTime, url: entry.url })
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

/** What the page showed from its first paint on: the state painted first, then every change. */
function fromFirstPaint(watched: Watched, firstPaint: number): Watched {
  const first = watched.seen.findLastIndex((state) => state.at <= firstPaint)
  return { ...watched, seen: watched.seen.slice(Math.max(first, 0)) }
}

async function aProduct(page: Page) {
  const answer = await page.request.get('/api/v1/product/storefront?perPage=1', { headers: API_HEADERS })
  const { slug } = ((await answer.json()) as { data: { slug: string }[] }).data[0] ?? { slug: '' }
  const product = await page.request.get(`/api/v1/product/storefront/${slug}`, { headers: API_HEADERS })
  return productResponse.parse(await product.json()).data
}

/**
 * Holds the app's code until the server's page has painted the picture as its largest paint: on a busy machine the
 * picture's download may otherwise end after the app's code has run, and the paint would be the app's.
 */
async function appCodeAfterThePicture(page: Page, picture: string) {
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await page.waitForFunction(
      (path) =>
        (window as unknown as { watched: Watched }).watched.largestPaints.some(
          (paint) => new URL(paint.url, location.href).pathname === path,
        ),
      `/media/${picture}`,
    )
    await route.continue()
  })
}

/** Opens the page and waits for the app's page; what showed the picture meanwhile, and how often it was asked for. */
async function openAndWatch(page: Page, path: string, picture: string) {
  await failOnPolicyViolations(page.context())
  await page.addInitScript(watchPicture)
  let downloads = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/media/${picture}`) downloads += 1
  })
  await page.goto(path)
  await expect(page.locator('#root main .gallery img').first()).toBeVisible()
  await expect(page.locator('#root main article[aria-busy="true"]')).toHaveCount(0)
  const [watched, firstPaint] = await page.evaluate(
    () =>
      [
        (window as unknown as { watched: Watched }).watched,
        performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
      ] as const,
  )
  expect(firstPaint).toBeGreaterThan(0)
  return { ...fromFirstPaint(watched, firstPaint), downloads }
}

/**
 * The picture shows from the first paint on, in the order given, and never moves or resizes: not at a hand-over
 * (server → preview → page), nor when the desktop menu's row arrives (its room is kept from the first paint).
 */
function expectNoBlink(seen: Seen[], order: Seen['by'][]) {
  expect(seen.map((state) => state.by).filter((by, index, all) => by !== all[index - 1])).toEqual(order)
  const first = seen[0]
  if (!first || !('box' in first)) return
  for (const state of seen) {
    expect(state.by).not.toBe('none')
    if (!('box' in state)) continue
    state.box.forEach((value, index) => {
      expect(value).toBeCloseTo(first.box[index] ?? Number.NaN, 0)
    })
  }
}

/** The app's preview shows between the two when its code is ready before the product's data (a busy machine). */
function previewIfShown(seen: Seen[]): Seen['by'][] {
  return seen.some((state) => state.by === 'preview') ? ['preview'] : []
}

test('a shared product link paints its picture from the server’s page; the app’s page takes its place without a blink', async ({
  page,
}) => {
  const product = await aProduct(page)
  const picture = product.thumbnail.split(',')[0]?.trim() ?? ''
  await appCodeAfterThePicture(page, picture)
  const { seen, largestPaints, downloads } = await openAndWatch(page, `/product/${product.slug}`, picture)
  expectNoBlink(seen, ['server', ...previewIfShown(seen), 'page'])
  // the largest paint is the server's picture, before the app's page existed; the app's same picture is not a new one
  const appeared = seen.find((state) => state.by === 'page')?.at ?? 0
  expect(new URL(largestPaints.at(-1)?.url ?? '/', page.url()).pathname).toBe(`/media/${picture}`)
  expect(largestPaints.at(-1)?.at).toBeLessThan(appeared)
  expect(downloads).toBe(1)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    ...product.categoryPath.map((category) => category.name),
    product.name,
  ])
  // the server's page leaves the document once the app's is there
  await expect(page.locator('.product-outline')).toHaveCount(0)
  await expectAccessible(page)
})

test('while the product’s data is on its way, the page’s preview keeps the server’s picture in its place', async ({
  page,
}) => {
  const product = await aProduct(page)
  const picture = product.thumbnail.split(',')[0]?.trim() ?? ''
  await page.route(`**/api/v1/product/storefront/${product.slug}`, async (route) => {
    await new Promise((done) => setTimeout(done, 2_500))
    await route.continue()
  })
  const { seen, downloads } = await openAndWatch(page, `/product/${product.slug}`, picture)
  expectNoBlink(seen, ['server', 'preview', 'page'])
  expect(downloads).toBe(1)
})

test('the Bangla page’s outline is in Bangla and gives way to the Bangla page in place', async ({ page }) => {
  const product = await aProduct(page)
  const picture = product.thumbnail.split(',')[0]?.trim() ?? ''
  const { seen, downloads } = await openAndWatch(page, `/product/${product.slug}?lang=bn`, picture)
  expectNoBlink(seen, ['server', ...previewIfShown(seen), 'page'])
  expect(downloads).toBe(1)
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(
    page.getByRole('navigation', { name: 'পেজের অবস্থান' }).getByRole('listitem').first(),
  ).toHaveText('হোম')
  await expectAccessible(page)
})
