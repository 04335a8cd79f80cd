import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, type Request, type TestInfo, test } from '@playwright/test'

/** True when the test runs in the phone project (390 × 844). */
export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith('mobile')
}

const watchedContexts = new WeakSet<BrowserContext>()

/**
 * From now on, a page of this browser context that breaks its Content-Security-Policy fails the running test
 * (softly: the test still runs to its end). The browser logs each refusal on the console; the
 * `securitypolicyviolation` event also names those it does not log (an eval whose error the code caught).
 */
export async function failOnPolicyViolations(context: BrowserContext) {
  if (watchedContexts.has(context)) return
  watchedContexts.add(context)
  await context.addInitScript(() => {
    window.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'}`,
      ),
    )
  })
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (!message.text().includes('Content Security Policy')) return
      try {
        test.info()
      } catch {
        return // the test is over
      }
      expect.soft(message.text(), `${page.url()} breaks its Content Security Policy`).toBe('')
    })
  context.pages().forEach(watch)
  context.on('page', watch)
}

/** Opens a page of the app and waits until the shell is there; a policy violation from then on fails the test. */
export async function openPage(page: Page, path: string) {
  await failOnPolicyViolations(page.context())
  await page.goto(path)
  await expect(page.locator('header.site-header')).toBeVisible()
}

/** Product requests carrying a search term, as the search dropdown and /search make them. */
export function isSearchRequest(request: Request): boolean {
  const url = new URL(request.url())
  return url.pathname.endsWith('/product/storefront') && url.searchParams.has('search')
}

/** Records every request matching `filter` from now on. */
export function recordRequests(page: Page, filter: (request: Request) => boolean) {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (filter(request)) seen.push(request)
  })
  return seen
}

/**
 * Fails on any serious or critical accessibility violation (axe), listing them. Colours are read with every
 * animation and transition at its end state, so a toast is judged fully shown or gone, never half faded, however
 * slowly this machine runs (a toast may start leaving while axe reads the page).
 */
export async function expectAccessible(page: Page, exclude: string[] = []) {
  const settled = await page.addStyleTag({
    content:
      '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }',
  })
  try {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    )
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    for (const selector of exclude) builder = builder.exclude(selector)
    const { violations } = await builder.analyze()
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    expect(serious).toEqual([])
  } finally {
    await settled.evaluate((style) => (style as Element).remove()).catch(() => {})
  }
}

/** A listing's product cards. */
export function productCards(page: Page) {
  return page.locator('main .product-card')
}

/** Whether an <img> finished loading real pixels. */
export async function imageLoaded(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
}
