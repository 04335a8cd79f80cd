import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { startFakePushService } from '../fakes/push-service'
import { ownerApi } from './admin-support'
import {
  API_HEADERS,
  addFromProductPage,
  fillGuestCheckout,
  freshPhone,
  pickProduct,
  placeAndReadNumber,
} from './checkout-support'
import { expectAccessible } from './fixtures'
import { waitForServiceWorker } from './offline-fixtures'

// Order updates by web push on the built app with its service worker: the guest allows them after an order,
// the owner confirms the order, the shop's push reaches the push service (the fake on loopback checks its
// signature and opens it with the browser's keys), and the worker shows it; a tap opens the order's page.
//
// Headless Chromium cannot make a push subscription (its contexts are incognito, where the Push API refuses
// to subscribe), and its push service would be Google's. So the browser's side of the push service is played
// by the fake: `pushManager.subscribe` hands out the fake's endpoint and the keys the test made, as a browser
// would, and the message the fake received is delivered into the worker through the DevTools protocol
// (`ServiceWorker.deliverPushMessage`), as the browser's push service would deliver it.

const offset = (projectName: string) => (projectName === 'mobile' ? 7 : 8)

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } }

/** The browser's push service, as far as the page can see it, is the fake. */
async function pushServiceIsTheFake(context: BrowserContext, subscription: Subscription) {
  await context.addInitScript((made: Subscription) => {
    let current: PushSubscription | null = null
    const fake = {
      endpoint: made.endpoint,
      expirationTime: null,
      getKey: () => null,
      toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
      unsubscribe: async () => {
        current = null
        return true
      },
    } as unknown as PushSubscription
    PushManager.prototype.subscribe = async () => {
      current = fake
      return fake
    }
    PushManager.prototype.getSubscription = async () => current
  }, subscription)
}

/** The owner confirms the order in the back office's API. */
async function confirmOrder(ownerPage: Page, id: number) {
  const owner = await ownerApi(ownerPage)
  const detail = await owner.get(`/api/v1/admin/orders/${id}`)
  expect(detail.status(), await detail.text()).toBe(200)
  const { version } = ((await detail.json()) as { data: { version: number } }).data
  const moved = await owner.post(`/api/v1/admin/orders/${id}/status`, { data: { to: 'confirmed', version } })
  expect(moved.status(), await moved.text()).toBe(200)
  await owner.dispose()
}

/** Delivers a push message into the page's service worker, as the browser's push service would. */
async function deliverPush(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page)
  const origin = new URL(page.url()).origin
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data })
  await cdp.detach()
}

const notificationsShown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    const shown = (await registration?.getNotifications()) ?? []
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      url: (n.data as { url?: unknown }).url,
    }))
  })

test('a guest allows order updates after ordering, and the shop’s confirmation shows on the phone and opens the order', async ({
  browser,
  context,
  page,
}, info) => {
  test.setTimeout(180_000)
  const pushService = await startFakePushService()
  try {
    const phoneBrowser = pushService.subscribe()
    await context.grantPermissions(['notifications'])
    await pushServiceIsTheFake(context, { endpoint: phoneBrowser.endpoint, keys: phoneBrowser.keys })

    const pick = await pickProduct(page.request, offset(info.project.name))
    await addFromProductPage(page, pick)
    await page.goto('/checkout')
    const phone = freshPhone()
    await fillGuestCheckout(page, phone)
    const number = await placeAndReadNumber(page)
    await waitForServiceWorker(page)

    const offer = page.getByRole('region', { name: 'Get order updates on this phone' })
    await expect(offer).toBeVisible()
    await expectAccessible(page)
    await offer.getByRole('button', { name: 'Allow notifications' }).click()
    await expect(offer.getByText('Order updates are on for this phone.')).toBeVisible()

    const lookup = await page.request.post('/api/v1/orders/lookup', {
      headers: API_HEADERS,
      data: { number, phone },
    })
    const order = ((await lookup.json()) as { data: { id: number } }).data
    const shop = await page.request.get('/api/v1/shop', { headers: API_HEADERS })
    const shopName = ((await shop.json()) as { data: { name: { en: string } } }).data.name.en

    const arriving = pushService.nextPush()
    const ownerContext = await browser.newContext({ baseURL: info.project.use.baseURL })
    await confirmOrder(await ownerContext.newPage(), order.id)
    await ownerContext.close()
    const push = await arriving
    expect(push.subscription).toBe(phoneBrowser.id)
    const publicKey = await page.request.get('/api/v1/push/key', { headers: API_HEADERS })
    expect(push.signedBy).toBe(((await publicKey.json()) as { data: { publicKey: string } }).data.publicKey)

    await deliverPush(page, push.text)
    await expect
      .poll(() => notificationsShown(page))
      .toEqual([
        {
          title: shopName,
          body: `order ${number} is confirmed. We will pack and send it soon.`,
          icon: expect.stringContaining('/icons/icon-192.png'),
          url: expect.stringMatching(new RegExp(`/confirm-order\\?number=${number}$`)),
        },
      ])

    // the shopper has moved on; a tap on the notification brings the order back. No browser can tap a system
    // notification from a test, so the worker is handed the click event its own listener takes.
    await page.goto('/')
    const worker = context.serviceWorkers()[0]
    if (!worker) throw new Error('no service worker')
    await worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
        dispatchEvent(event: Event): boolean
      }
      const [notification] = await scope.registration.getNotifications()
      if (notification)
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
    })
    await expect(page).toHaveURL(new RegExp(`/confirm-order\\?number=${number}$`))
    await expect(page.getByTestId('order-number')).toHaveText(number)
  } finally {
    await pushService.close()
  }
})
