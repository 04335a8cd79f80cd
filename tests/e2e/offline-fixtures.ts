import { test as base, expect, type Page } from '@playwright/test'
import { CuttableProxy } from './gate'

const serverPort = Number(process.env.E2E_PORT ?? 4300)
/** Proxy ports: one per parallel worker, next to the server's own port. */
const proxyBasePort = Number(process.env.E2E_PROXY_PORT ?? serverPort + 2)

type Fixtures = { gate: CuttableProxy }

/** Tests of this file talk to the server through the gate, so they can take the network away. */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
  gate: async ({}, use, testInfo) => {
    const gate = new CuttableProxy(proxyBasePort + testInfo.parallelIndex, serverPort)
    await gate.start()
    await use(gate)
    await gate.cut()
  },
  baseURL: async ({ gate }, use) => {
    await use(gate.origin)
  },
})

export { expect }

/** Resolves once the service worker controls the page (it claims the page on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
  })
}

/** Waits until the page's newest cache change is written to IndexedDB (the persister throttles its writes). */
export async function waitForPersistedCache(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-cache', 'saved')
}

/** Network gone for real: the server unreachable and the browser told it is offline. */
export async function goOffline(page: Page, gate: CuttableProxy): Promise<void> {
  await gate.cut()
  await page.context().setOffline(true)
}

export async function goOnline(page: Page, gate: CuttableProxy): Promise<void> {
  await gate.start()
  await page.context().setOffline(false)
}

/** True when the image finished loading with real pixels (not a broken-image icon). */
export async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
    )
}
