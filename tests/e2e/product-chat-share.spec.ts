import { type Browser, devices, expect, type Page, test } from '@playwright/test'
import { expectNoSidewaysScroll, signInAsOwner } from './admin-support'
import { expectAccessible, openPage } from './fixtures'

/**
 * Chat to order and sharing on the product page. The owner switches WhatsApp and Messenger on and off for
 * every shopper, so this journey runs once (playwright.config.ts CHAT_TO_ORDER), on a 360 px phone and on a
 * desktop browser of its own.
 */
const screens = {
  phone: { ...devices['Pixel 7'], viewport: { width: 360, height: 740 } },
  desktop: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
}
const WHATSAPP_TYPED = '01711-234567'
const WHATSAPP_DIGITS = '8801711234567'
const MESSENGER = 'haat.fashion'

/** The owner sets the chat section of the settings and saves it (loading a save someone made meanwhile). */
async function saveChat(page: Page, show: boolean) {
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 2, name: 'Chat to order' })).toBeVisible()
  const saved = page.getByRole('status').filter({ hasText: 'Settings saved' })
  const theirs = page.getByRole('button', { name: 'Load the saved settings' })
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel('WhatsApp number').fill(WHATSAPP_TYPED)
    await page.getByLabel('Facebook page username (m.me/username)').fill(MESSENGER)
    await page.getByLabel('Show “Order on WhatsApp” on product pages').setChecked(show)
    await page.getByLabel('Show “Message us on Messenger” on product pages').setChecked(show)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(saved.or(theirs)).toBeVisible()
    if (await saved.isVisible()) return
    await theirs.click()
  }
  await expect(saved).toBeVisible()
}

/** A shopper new to the shop on `screen`, whose share sheet (the browser's Web Share API) records what it is given. */
async function shopperOn(browser: Browser, baseURL: string | undefined, screen: keyof typeof screens) {
  const context = await browser.newContext({ ...screens[screen], baseURL })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await context.addInitScript(() => {
    const shared: ShareData[] = []
    Object.defineProperty(window, 'sharedData', { value: shared })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data)
      },
    })
  })
  return context.newPage()
}

/** Opens the first product of the home page; answers its slug and its canonical address, as its page's head says. */
async function openProduct(page: Page, suffix = '') {
  await openPage(page, '/')
  const href = (await page.locator('main a[href^="/product/"]').first().getAttribute('href')) ?? ''
  const slug = href.replace('/product/', '')
  await openPage(page, `${href}${suffix}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const head = await (await page.request.get(`${href}${suffix}`)).text()
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1] ?? 'none'
  return { slug, canonical }
}

const textOf = async (page: Page, name: string | RegExp) => {
  const href = (await page.getByRole('link', { name }).getAttribute('href')) ?? ''
  const url = new URL(href)
  return { address: url.origin + url.pathname, text: url.searchParams.get('text') ?? '' }
}

test('the owner’s WhatsApp and Messenger take a shopper’s order with the product named, and every product can be shared', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  await signInAsOwner(page)
  await saveChat(page, true)

  for (const screen of ['phone', 'desktop'] as const) {
    const shopper = await shopperOn(browser, baseURL, screen)
    const { canonical } = await openProduct(shopper)
    const name = await shopper.getByRole('heading', { level: 1 }).textContent()
    const size = shopper.getByRole('group', { name: 'Size' }).getByRole('radio', { checked: true })
    const colour = shopper.getByRole('group', { name: 'Colour' }).getByRole('radio', { checked: true })
    const price = await shopper.locator('.purchase__price .price__now').textContent()
    const expected = [
      'Hello! I would like to order this:',
      name,
      `Size: ${await size.getAttribute('value')}`,
      ...((await colour.count()) > 0 ? [`Colour: ${await colour.getAttribute('value')}`] : []),
      `Price: ${price}`,
      canonical,
    ].join('\n')

    const whatsapp = shopper.getByRole('link', { name: /^Order on WhatsApp/ })
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\//)
    expect(await textOf(shopper, /^Order on WhatsApp/)).toEqual({
      address: `https://wa.me/${WHATSAPP_DIGITS}`,
      text: expected,
    })
    expect(await textOf(shopper, /^Message us on Messenger/)).toEqual({
      address: `https://m.me/${MESSENGER}`,
      text: expected,
    })

    // the shared links are the canonical address, the server's own (not the address this browser typed)
    expect(canonical).toMatch(/^http:\/\/localhost:\d+\/product\//)
    await expect(shopper.getByRole('link', { name: /^Share on Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
    )
    expect((await textOf(shopper, /^Share on WhatsApp/)).text).toBe(`${name}\n${canonical}`)
    await shopper.getByRole('button', { name: 'Copy link' }).click()
    await expect(shopper.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
    expect(await shopper.evaluate(() => navigator.clipboard.readText())).toBe(canonical)

    const share = shopper.getByRole('button', { name: 'Share…' })
    if (screen === 'phone') {
      await share.click()
      expect(
        await shopper.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData),
      ).toEqual([{ title: name, url: canonical }])
    } else {
      await expect(share).toHaveCount(0)
    }

    await expectNoSidewaysScroll(shopper)
    await expectAccessible(shopper)
    await shopper.evaluate(() => {
      document.documentElement.dataset.theme = 'dark'
      document.documentElement.style.colorScheme = 'dark'
    })
    await expectAccessible(shopper)
    await shopper.context().close()
  }

  // a Bangla shopper writes in Bangla, the price in Bengali digits, and shares the Bangla page's address
  const bangla = await shopperOn(browser, baseURL, 'desktop')
  const { canonical } = await openProduct(bangla, '?lang=bn')
  expect(canonical).toMatch(/\?lang=bn$/)
  const { text } = await textOf(bangla, /^হোয়াটসঅ্যাপে অর্ডার করুন/)
  const lines = text.split('\n')
  expect(lines[0]).toBe('হ্যালো! আমি এটি অর্ডার করতে চাই:')
  expect(lines.at(-2)).toMatch(/^দাম: ৳ [০-৯,]+\.[০-৯]{2}$/)
  expect(lines.at(-1)).toBe(canonical)
  await bangla.context().close()

  await saveChat(page, false)
  for (const screen of ['phone', 'desktop'] as const) {
    const shopper = await shopperOn(browser, baseURL, screen)
    const { canonical } = await openProduct(shopper)
    // the shop's answer has arrived once the share links carry the server's canonical address
    await expect(shopper.getByRole('link', { name: /^Share on Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
    )
    await expect(shopper.getByRole('link', { name: /^Order on WhatsApp/ })).toHaveCount(0)
    await expect(shopper.getByRole('link', { name: /^Message us on Messenger/ })).toHaveCount(0)
    await shopper.context().close()
  }
})
