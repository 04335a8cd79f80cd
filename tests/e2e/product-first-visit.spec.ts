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
 * In the page, from its first paint (nothing shows before it): after every change of the document, which main
 * picture shows, and where.
 */
function watchPicture() {
  const watched: Watched = { seen: [], largestPaints: [] }
  Object.assign(window, { watched })
  let painted = false
  const look = () => {
    if (!painted) return
    const server = document.querySelector<HTMLElement>('.product-outline__picture img')
    const app = document.querySelector<HTMLElement>('#root main .gallery img')
    const shown = app ?? (server?.checkVisibility() ? server : null)
    if (!shown) {
      watched.seen.push({ at: performance.now(), by: 'none' })
      return
    }
    const { x, y, width, height } = shown.getBoundingClientRect()
    const by = shown === server ? 'server' : shown.closest('[aria-busy="true"]') ? 'preview' : 'page'
    watched.seen.push({ at: performance.now(), by, box: [x, y, width, height] })
  }
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true })
  new PerformanceObserver(() => {
    painted = true
    look()
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { url: string })[])
      watched.largestPaints.push({ at: entry.startTime, url: entry.url })
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

async function aProduct(page: Page) {
  const answer = await page.request.get('/api/v1/product/storefront?perPage=1', { headers: API_HEADERS })
  const { slug } = ((await answer.json()) as { data: { slug: string }[] }).data[0] ?? { slug: '' }
  const product = await page.request.get(`/api/v1/product/storefront/${slug}`, { headers: API_HEADERS })
  return productResponse.parse(await product.json()).data
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
  const watched = await page.evaluate(() => (window as unknown as { watched: Watched }).watched)
  return { ...watched, downloads }
}

/**
 * The picture shows from the first paint on, and each hand-over (server → preview → page) keeps it in place:
 * same size, same spot (the app's header is a pixel taller than the shell's on wide screens). A move inside one
 * of them is the page's own (the desktop menu's row arriving), not a hand-over.
 */
function expectNoBlink(seen: Seen[], order: Seen['by'][]) {
  expect(seen.map((state) => state.by).filter((by, index, all) => by !== all[index - 1])).toEqual(order)
  seen.forEach((state, index) => {
    const before = seen[index - 1]
    if (!before || before.by === state.by || !('box' in before) || !('box' in state)) return
    const [x, y, width, height] = state.box
    expect(x).toBeCloseTo(before.box[0], 0)
    expect(Math.abs(y - before.box[1])).toBeLessThanOrEqual(1)
    expect(width).toBeCloseTo(before.box[2], 0)
    expect(height).toBeCloseTo(before.box[3], 0)
  })
}

test('a shared product link paints its picture from the server’s page; the app’s page takes its place without a blink', async ({
  page,
}) => {
  const product = await aProduct(page)
  const picture = product.thumbnail.split(',')[0]?.trim() ?? ''
  const { seen, largestPaints, downloads } = await openAndWatch(page, `/product/${product.slug}`, picture)
  expectNoBlink(seen, ['server', 'page'])
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
  expectNoBlink(seen, [
    'server',
    ...(seen.some((state) => state.by === 'preview') ? ['preview' as const] : []),
    'page',
  ])
  expect(downloads).toBe(1)
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await expect(
    page.getByRole('navigation', { name: 'পেজের অবস্থান' }).getByRole('listitem').first(),
  ).toHaveText('হোম')
  await expectAccessible(page)
})
