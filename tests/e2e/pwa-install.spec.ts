import { expect, test } from '@playwright/test'
import { waitForServiceWorker } from './offline-fixtures'

test.describe('installable app', () => {
  test('Chromium reports no installability errors', async ({ page, context }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    // Playwright's contexts are incognito; that is the only reason Chromium may give
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
      [],
    )
  })

  test('the manifest names the shop, its icons, shortcuts and screenshots, all served', async ({
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest')
    expect(response.ok()).toBe(true)
    const manifest = (await response.json()) as {
      display: string
      start_url: string
      icons: { src: string; sizes: string; purpose?: string }[]
      shortcuts: { name: string; url: string }[]
      screenshots: { src: string; form_factor: string }[]
    }
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    )
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Search', 'Cart', 'Wishlist'])
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide'])
    const files = [...manifest.icons, ...manifest.screenshots].map((entry) => entry.src)
    for (const file of [...files, '/favicon.svg', '/icons/apple-touch-icon.png']) {
      const asset = await request.get(file)
      expect(asset.status(), file).toBe(200)
    }
  })

  test('index.html and the worker are revalidated, hashed assets are immutable', async ({
    request,
    page,
  }) => {
    for (const path of ['/', '/sw.js']) {
      expect((await request.get(path)).headers()['cache-control'], path).toContain('no-cache')
    }
    const scripts: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) scripts.push(response.url())
    })
    await page.goto('/')
    const asset = scripts[0] ?? ''
    expect(asset).not.toBe('')
    expect((await request.get(asset)).headers()['cache-control']).toContain('immutable')
  })
})
