import { expect, type Page, test } from '@playwright/test'
import { API_HEADERS, freshPhone, logInByPassword, registerByPassword } from './auth-support'
import { openCart, storedList, storeList } from './cart-support'
import { waitForPersistedCache, waitForServiceWorker } from './offline-fixtures'
import { farSku } from './offline-support'

/** Every value of every IndexedDB store of this origin, as text (the persisted query cache is idb-keyval's). */
async function indexedDbText(page: Page) {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    const stores: Record<string, string> = {}
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await request(indexedDB.open(info.name))
      for (const name of Array.from(db.objectStoreNames)) {
        const store = db.transaction(name, 'readonly').objectStore(name)
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())])
        stores[`${info.name}/${name}`] = JSON.stringify({ keys, values })
      }
      db.close()
    }
    return stores
  })
}

/** Every Cache Storage entry: its URL, and its text when it is text. */
async function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { url: string; text: string }[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        const type = response?.headers.get('content-type') ?? ''
        const text = response && /json|text|javascript/.test(type) ? await response.text() : ''
        entries.push({ url: request.url, text })
      }
    }
    return entries
  })
}

/** The sku ids in the signed-in shopper's server cart. */
async function serverCartSkus(page: Page): Promise<number[]> {
  const response = await page.request.get('/api/v1/cart', { headers: API_HEADERS })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { skuId: number }[] }).data.map((line) => line.skuId)
}

test('logout clears private data; the next shopper on this browser sees none of it', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const item = await farSku(request, info.project.name === 'mobile' ? 6 : 7)
  const first = {
    phone: freshPhone(),
    name: `Ayesha${Date.now() % 100_000}`,
    street: `Road ${Date.now() % 997}, House 9`,
  }
  await page.goto('/')
  await waitForServiceWorker(page)

  // the first shopper: profile, a saved address, an order and a cart
  await registerByPassword(page, first.phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)
  await page.getByLabel('First name').fill(first.name)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile is saved')).toBeVisible()
  const address = {
    name: first.name,
    phone: first.phone,
    division: 'Dhaka',
    district: 'Dhaka',
    area: 'Dhanmondi',
    street: first.street,
    landmark: '',
  }
  const saved = await page.request.post('/api/v1/user/addresses', { headers: API_HEADERS, data: address })
  expect(saved.status()).toBe(201)
  const placed = await page.request.post('/api/v1/orders', {
    headers: { ...API_HEADERS, 'idempotency-key': `private-data-${first.phone}` },
    data: {
      lines: [{ skuId: item.skuId, quantity: 1 }],
      customer: { name: first.name, phone: first.phone },
      address,
      acceptTerms: true,
    },
  })
  expect(placed.status()).toBe(201)
  const orderNumber = ((await placed.json()) as { data: { number: string } }).data.number
  await storeList(page, 'haat_cart', [
    { product_id: item.id, sku: item.sku, quantity: 1, price: item.discountedPrice },
  ])

  // the cart reached the shopper's server cart, where it waits for their next login
  await expect.poll(() => serverCartSkus(page)).toEqual([item.skuId])

  await page.goto('/user/orders')
  await expect(page.getByText(orderNumber)).toBeVisible()
  await page.goto('/user/address')
  await expect(page.getByText(first.street).first()).toBeVisible()
  await page.goto('/user')
  await expect(page.getByText(first.phone)).toBeVisible()
  await waitForPersistedCache(page)
  // the remembered session (kept for offline starts) holds the shopper's profile until logout
  expect(Object.values(await indexedDbText(page)).join('\n')).toContain(first.phone)

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('header.site-header').getByRole('button', { name: 'Log in' })).toBeVisible()
  await waitForPersistedCache(page)

  const stores = await indexedDbText(page)
  expect(Object.keys(stores)).toContain('keyval-store/keyval')
  for (const [store, text] of Object.entries(stores)) {
    for (const secret of [first.phone, first.name, first.street, orderNumber]) {
      expect(text, `${store} still holds ${secret}`).not.toContain(secret)
    }
  }
  for (const entry of await cachedEntries(page)) {
    expect(new URL(entry.url).pathname.startsWith('/api/'), `cached ${entry.url}`).toBe(false)
    for (const secret of [first.phone, first.name, first.street, orderNumber]) {
      expect(entry.text.includes(secret), `${entry.url} holds ${secret}`).toBe(false)
    }
  }
  expect((await storedList(page, 'haat_cart'))?.items ?? []).toEqual([])

  // a second shopper logs in on the same browser
  const second = freshPhone()
  await registerByPassword(page, second, 'other-pass')
  await expect(page).toHaveURL(/\/user$/)
  await expect(page.getByText(second)).toBeVisible()
  await expect(page.getByText(first.phone)).toHaveCount(0)
  await expect(page.getByText(first.name)).toHaveCount(0)
  await expect(page.getByLabel('First name')).toHaveValue('')

  await page.goto('/user/orders')
  await expect(page.getByText('You have no orders yet.')).toBeVisible()
  await expect(page.getByText(orderNumber)).toHaveCount(0)
  await page.goto('/user/address')
  await expect(page.getByText('No saved addresses yet.')).toBeVisible()
  await expect(page.getByText(first.street)).toHaveCount(0)

  let drawer = await openCart(page)
  await expect(drawer.getByText('Empty Cart')).toBeVisible()
  await expect(drawer.getByText(item.name)).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Close' }).click()
  expect(await serverCartSkus(page)).toEqual([])

  // the first shopper's cart is still theirs when they come back
  await page.goto('/user')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await logInByPassword(page, first.phone, 'secret-pass')
  await expect(page).toHaveURL(/\/user$/)
  await expect(page.getByText(first.phone)).toBeVisible()
  drawer = await openCart(page)
  await expect(drawer.getByText(item.name, { exact: true })).toBeVisible()
  expect(await serverCartSkus(page)).toEqual([item.skuId])
})
