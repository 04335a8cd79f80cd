import { type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test'
import type { ShopSettings } from '../../src/contract/settings'
import { FAKE_GA4 } from '../fakes/ga4'
import { FAKE_META } from '../fakes/meta-graph'
import { ownerApi } from './admin-support'
import { findSku, openWishlist, storeList } from './cart-support'
import {
  addFromProductPage,
  fillGuestCheckout,
  freshPhone,
  pickProduct,
  placeAndReadNumber,
} from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

/** the fake Graph API the run's server sends its Conversions API events to (playwright.config.ts) */
const metaGraph = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 49}`
const isMeta = (url: string) => /^https:\/\/([a-z0-9-]+\.)*facebook\.(net|com)\//.test(url)

/**
 * A stand-in for Meta's fbevents.js (there is no internet here): it takes over the base code's queue as the
 * real one does, sets the `_fbp` cookie, and sends each `track` to www.facebook.com/tr with its event ID.
 */
const FBEVENTS = `(function(){var f=window.fbq;f.callMethod=function(){var a=[].slice.call(arguments);
if(a[0]==='track'){var e=a[3]&&a[3].eventID||'',i=(a[2]&&a[2].content_ids||[]).join(',');fetch('https://www.facebook.com/tr/?ev='+encodeURIComponent(a[1])+'&eid='+encodeURIComponent(e)+'&ids='+encodeURIComponent(i),{mode:'no-cors'})}};
document.cookie='_fbp=fb.1.'+Date.now()+'.4242424242; path=/';var q=f.queue.splice(0);q.forEach(function(a){f.callMethod.apply(null,a)})})();`

/** A shopper of their own, every request to Meta's hosts recorded; the pixel's script is the stand-in. */
async function shopper(browser: import('@playwright/test').Browser, info: TestInfo) {
  const { baseURL, viewport } = info.project.use
  const context = await browser.newContext({ baseURL, viewport })
  const toMeta: string[] = []
  const pixel: { ev: string; eid: string; ids: string[] }[] = []
  await context.route(
    (url) => isMeta(url.href),
    async (route) => {
      const url = new URL(route.request().url())
      toMeta.push(url.href)
      if (url.hostname === 'connect.facebook.net')
        return route.fulfill({ contentType: 'text/javascript', body: FBEVENTS })
      pixel.push({
        ev: url.searchParams.get('ev') ?? '',
        eid: url.searchParams.get('eid') ?? '',
        ids: (url.searchParams.get('ids') ?? '').split(',').filter(Boolean),
      })
      return route.fulfill({ status: 200, contentType: 'image/gif', body: '' })
    },
  )
  const scripts: string[] = []
  context.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return { context, page: await context.newPage(), toMeta, pixel, scripts }
}

async function saveMarketing(page: Page, marketing: Partial<ShopSettings['marketing']>) {
  const api = await ownerApi(page)
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const loaded = (await (await api.get('/api/v1/admin/settings')).json()).data
    const saved = await api.put('/api/v1/admin/settings', {
      data: {
        version: loaded.version,
        settings: { ...loaded.settings, marketing: { ...loaded.settings.marketing, ...marketing } },
      },
    })
    if (saved.status() !== 409) return expect(saved.status()).toBe(200)
  }
}

const offline = {
  metaPixelId: '',
  metaAccessToken: '',
  metaTestEventCode: '',
  ga4MeasurementId: '',
  ga4ApiSecret: '',
  askConsent: true,
}

test.describe
  .serial('The ad tags, as the owner switches them on', () => {
    let context: BrowserContext | undefined
    test.afterEach(async () => context?.close())
    test.afterAll(async ({ browser }) => {
      const page = await (await browser.newContext()).newPage()
      await saveMarketing(page, offline)
    })

    test('switched off, no shopper page asks Meta for anything nor loads the tags’ code', async ({
      page: owner,
      browser,
    }, info) => {
      await saveMarketing(owner, offline)
      const run = await shopper(browser, info)
      context = run.context
      const pick = await pickProduct(run.page.request, 6)
      await openPage(run.page, '/')
      await addFromProductPage(run.page, pick)
      await expect(
        run.page.getByRole('complementary', { name: 'Cookies for ads and statistics' }),
      ).toHaveCount(0)
      expect(run.toMeta).toEqual([])
      expect(run.scripts.filter((path) => /\/assets\/(tracking|consent-banner)-/.test(path))).toEqual([])
    })

    test('with consent asked, nothing goes to Meta until the shopper accepts; then the purchase is one event for browser and server', async ({
      page: owner,
      browser,
    }, info) => {
      test.setTimeout(90_000)
      await saveMarketing(owner, {
        metaPixelId: FAKE_META.pixelId,
        metaAccessToken: FAKE_META.accessToken,
        askConsent: true,
      })
      const run = await shopper(browser, info)
      context = run.context
      const { page } = run
      const pick = await pickProduct(page.request, 7)
      await openPage(page, '/')
      const banner = page.getByRole('complementary', { name: 'Cookies for ads and statistics' })
      await expect(banner).toBeVisible()
      await expectAccessible(page)
      await addFromProductPage(page, pick)
      await expect(banner).toBeVisible()
      expect(run.toMeta).toEqual([])

      await banner.getByRole('button', { name: 'Accept' }).click()
      await expect(banner).toHaveCount(0)
      await expect.poll(() => run.pixel.map((hit) => hit.ev)).toContain('PageView')
      await page.getByRole('button', { name: 'Add To Cart' }).click()
      await expect.poll(() => run.pixel.filter((hit) => hit.ev === 'AddToCart').length).toBeGreaterThan(0)
      const added = run.pixel.find((hit) => hit.ev === 'AddToCart')
      expect(added?.eid).toMatch(/^AddToCart-/)
      // the SKU is named as the Meta feed names its item, so the ad's catalogue knows what was added
      expect(added?.ids).toHaveLength(1)
      const feed = await (await page.request.get('/feeds/meta.xml')).text()
      expect(feed).toContain(`<g:id>${added?.ids[0]}</g:id>`)

      // the wish list's Move to cart is an Add To Cart too
      const saved = await findSku(page.request, (stock) => stock >= 1)
      await storeList(page, 'haat_wishlist', [
        { product_id: saved.id, sku: saved.sku, quantity: 1, price: saved.price },
      ])
      const drawer = await openWishlist(page)
      await drawer.getByRole('button', { name: `Move ${saved.name} to cart` }).click()
      await expect
        .poll(() => run.pixel.find((hit) => hit.ev === 'AddToCart' && hit.ids[0] === saved.sku)?.eid)
        .toMatch(/^AddToCart-/)

      await page.goto('/checkout')
      await fillGuestCheckout(page, freshPhone())
      const number = await placeAndReadNumber(page)
      await expect.poll(() => run.pixel.find((hit) => hit.ev === 'Purchase')?.eid).toBe(`purchase-${number}`)
      expect(run.pixel.map((hit) => hit.ev)).toEqual(
        expect.arrayContaining(['ViewContent', 'InitiateCheckout']),
      )

      // the server's own Purchase, through the job queue, under the same event ID and with the browser's _fbp
      type Received = { event_id: string; event_name: string; user_data: { fbp?: string } }
      const received = async () =>
        (await (await page.request.get(`${metaGraph}/_received`)).json()) as Received[]
      const fromServer = async () =>
        (await received()).find((event) => event.event_id === `purchase-${number}`)
      await expect.poll(fromServer, { timeout: 30_000 }).toBeTruthy()
      expect((await fromServer())?.user_data.fbp).toMatch(/^fb\.1\.\d+\.4242424242$/)

      // each browser event the pixel fired reached Meta from the server too, once, under the pixel's event ID
      const fired = run.pixel.filter((hit) =>
        ['ViewContent', 'AddToCart', 'InitiateCheckout'].includes(hit.ev),
      )
      expect(new Set(fired.map((hit) => hit.ev))).toEqual(
        new Set(['ViewContent', 'AddToCart', 'InitiateCheckout']),
      )
      const copies = async () => {
        const events = await received()
        return fired.map(
          (hit) => events.filter((event) => event.event_id === hit.eid && event.event_name === hit.ev).length,
        )
      }
      await expect.poll(copies, { timeout: 30_000 }).toEqual(fired.map(() => 1))
      console.log(
        `events to Meta: ${fired.map((hit) => hit.ev).join(', ')} — each once from the browser and once from the server under one event ID`,
      )

      // accepted once, remembered: the next page loads the pixel without asking
      await page.reload()
      await expect(page.locator('header.site-header')).toBeVisible()
      await expect.poll(() => run.pixel.filter((hit) => hit.ev === 'PageView').length).toBeGreaterThan(1)
      await expect(banner).toHaveCount(0)
    })

    test('declined, the pixel never loads, and the answer is remembered', async ({ browser }, info) => {
      const run = await shopper(browser, info)
      context = run.context
      await openPage(run.page, '/')
      const banner = run.page.getByRole('complementary', { name: 'Cookies for ads and statistics' })
      await banner.getByRole('button', { name: 'Decline' }).click()
      await expect(banner).toHaveCount(0)
      await run.page.reload()
      await expect(run.page.locator('header.site-header')).toBeVisible()
      await expect(run.page.getByRole('link', { name: /^.+: home$/ }).first()).toBeVisible()
      await expect(banner).toHaveCount(0)
      expect(run.toMeta).toEqual([])
    })

    test('Google Analytics 4, accepted: the page’s events name the SKUs by code and the purchase by its order number', async ({
      page: owner,
      browser,
    }, info) => {
      test.setTimeout(90_000)
      await saveMarketing(owner, { ...offline, ga4MeasurementId: FAKE_GA4.measurementId, askConsent: true })
      const run = await shopper(browser, info)
      context = run.context
      const { page } = run
      // gtag.js stands in empty (there is no internet here): what the page says to GA4 is its data layer
      await context.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager|google-analytics)\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      )
      type Ga4Event = { name: string; params: { transaction_id?: string; items?: { item_id: string }[] } }
      const ga4Events = () =>
        page.evaluate(() =>
          ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
            .map((args) => Array.from(args))
            .filter((args) => args[0] === 'event')
            .map((args) => ({ name: args[1], params: args[2] })),
        ) as Promise<Ga4Event[]>
      const ga4Event = async (name: string) => (await ga4Events()).find((event) => event.name === name)

      const pick = await pickProduct(page.request, 8)
      await openPage(page, '/')
      await page
        .getByRole('complementary', { name: 'Cookies for ads and statistics' })
        .getByRole('button', { name: 'Accept' })
        .click()
      await expect.poll(async () => (await ga4Event('page_view'))?.name).toBe('page_view')
      await addFromProductPage(page, pick)
      await expect
        .poll(async () => (await ga4Event('add_to_cart'))?.params.items?.[0]?.item_id)
        .toBe(pick.sku)
      const viewed = (await ga4Event('view_item'))?.params.items?.map((item) => item.item_id)
      expect(viewed).toEqual(pick.product.skus.map((sku) => sku.sku))
      const feed = await (await page.request.get('/feeds/google.xml')).text()
      expect(feed).toContain(`<g:id>${pick.sku}</g:id>`)

      await page.goto('/checkout')
      await fillGuestCheckout(page, freshPhone())
      await expect
        .poll(async () => (await ga4Event('begin_checkout'))?.params.items?.[0]?.item_id)
        .toBe(pick.sku)
      const number = await placeAndReadNumber(page)
      await expect.poll(async () => (await ga4Event('purchase'))?.params.transaction_id).toBe(number)
      expect((await ga4Event('purchase'))?.params.items?.map((item) => item.item_id)).toEqual([pick.sku])
      expect(run.toMeta).toEqual([])
    })
  })
