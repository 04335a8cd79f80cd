// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItem } from '../../src/contract/menu'
import { listingQuery, listingRequest } from '../../src/features/catalog'
import { prefetchHomePage } from '../../src/features/home'
import { homeSections } from '../../src/features/home/sections'
import {
  type EarlyWindow,
  earlyRequestKey,
  SAVED_CACHE_MARK,
  startEarlyRequests,
} from '../../src/lib/early-requests'
import { LANGUAGE_STORAGE_KEY, pickLanguage } from '../../src/lib/language'
import { scopeFilters } from '../../src/lib/listing-scope'
import { menuQuery } from '../../src/state/menu'
import { productQuery } from '../../src/state/products'

const settings = {
  apiKeyHeader: 'x-api-key',
  apiKey: 'haat-demo-key',
  shop: 'haat',
  perPage: 24,
  savedCacheMark: SAVED_CACHE_MARK,
  keepMs: 20_000,
  languageStorageKey: LANGUAGE_STORAGE_KEY,
}

const item = (name: string, type: MenuItem['type'], submenu: MenuItem[] = []): MenuItem => ({
  name,
  type,
  url: name,
  submenu,
})
const menu = {
  menu: [
    item('men', 'category', [item('eid-deal', 'campaign')]),
    item('women', 'category'),
    item('kids', 'category'),
    item('footwear', 'category'),
    item('accessories', 'category'),
    item('about', 'page'),
  ],
}

/** The home page's sections as the server answers them (made from the main menu until the shop chooses). */
const home = {
  menu: [
    item('eid-pictures', 'banner', [item('/category/men', 'custom')]),
    item('eid-deal', 'campaign'),
    item('men', 'category'),
    item('aarong', 'brand'),
    item('7,3', 'products'),
  ],
}

type Sent = { method: string; url: string; body?: string; headers: Record<string, string> }

/** A fetch that records what it is asked and answers the menu, or `{}` with the given status. */
function recordingFetch(status = 200) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    sent.push({ method: init.method ?? 'GET', url, body: init.body as string | undefined, headers })
    const answer = url.endsWith('/menus/main_menu.json')
      ? menu
      : url.endsWith('/menus/home_page.json')
        ? home
        : {}
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
  })
  return { fetch, sent }
}

/** Opens `path` the way index.html does: its early requests start, and the app can take them. */
function openPage(path: string, options: { onLine?: boolean; status?: number } = {}) {
  const url = new URL(path, 'http://shop.test')
  const network = recordingFetch(options.status)
  const win: EarlyWindow = {
    location: { pathname: url.pathname, search: url.search },
    navigator: { onLine: options.onLine ?? true },
    localStorage,
    fetch: network.fetch as typeof fetch,
    setTimeout: (run, ms) => setTimeout(run, ms),
  }
  startEarlyRequests(settings, earlyRequestKey, homeSections, scopeFilters, pickLanguage, win)
  ;(globalThis as { haatEarly?: EarlyWindow['haatEarly'] }).haatEarly = win.haatEarly
  return { early: network.sent, waiting: () => win.haatEarly?.size ?? 0 }
}

/** What the app itself asks the network for (wretch calls the global fetch). */
let appNetwork: ReturnType<typeof recordingFetch>
beforeEach(() => {
  appNetwork = recordingFetch()
  vi.stubGlobal('fetch', appNetwork.fetch)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  delete (globalThis as { haatEarly?: unknown }).haatEarly
})

const settle = () => new Promise((done) => setTimeout(done, 0))
const appKeys = () =>
  appNetwork.sent.map((request) => earlyRequestKey(request.method, request.url, request.body))
const earlyKeys = (sent: Sent[]) =>
  sent.map((request) => earlyRequestKey(request.method, request.url, request.body))

describe('early requests of a first visit', () => {
  it.each([
    ['a category page', '/category/men', { category: 'men' }],
    ['a brand page', '/brand/rong-bahar', { brand: 'rong-bahar' }],
    ['a flash-deal page', '/flash-deal/eid-deal', { campaign: 'eid-deal' }],
    ['a search', '/search?text=%20panjabi%20', { search: 'panjabi' }],
    ['a Bangla search with a space', '/search?text=%E0%A6%AA%E0%A6%BE+shirt', { search: 'পা shirt' }],
    ['a search for a size, read as text', '/search?text=28', { search: '28' }],
    ['a search for a word JSON would read', '/search?text=true', { search: 'true' }],
    ['an encoded slug', '/category/salwar%20kameez', { category: 'salwar kameez' }],
  ])('%s: the listing the app asks for is the one already on its way', async (_, path, scope) => {
    const page = openPage(path)
    await settle()
    const client = new QueryClient()
    await client.fetchQuery(menuQuery('main_menu'))
    // the page's own request, built the way its route builds it (the answer here is no valid listing)
    await client.fetchQuery(listingQuery(listingRequest(scope, {}))).catch(() => undefined)
    expect(earlyKeys(page.early)).toHaveLength(2)
    expect(page.early.every((request) => request.headers['x-api-key'] === 'haat-demo-key')).toBe(true)
    expect(appNetwork.sent).toEqual([])
    expect(page.waiting()).toBe(0)
  })

  it.each([
    ['a product page', '/product/blue-panjabi', 'blue-panjabi'],
    ['a product page whose slug is encoded', '/product/%E0%A6%AA%E0%A6%BE-shirt', 'পা-shirt'],
  ])('%s: the product the app asks for is the one already on its way', async (_, path, slug) => {
    const page = openPage(path)
    await settle()
    const client = new QueryClient()
    await client.fetchQuery(menuQuery('main_menu'))
    // the page's own request (the answer here is no valid product)
    await client.fetchQuery(productQuery(slug)).catch(() => undefined)
    expect(earlyKeys(page.early)).toHaveLength(2)
    expect(appNetwork.sent).toEqual([])
    expect(page.waiting()).toBe(0)
  })

  it('the home page: its menu and its sections, then every section, each taken by the app', async () => {
    const page = openPage('/')
    await settle()
    await settle()
    const client = new QueryClient()
    await prefetchHomePage(client)
    expect(
      page.early.map((request) => request.body ?? new URL(request.url, 'http://shop.test').pathname),
    ).toEqual([
      '/storage/haat/menus/main_menu.json',
      '/storage/haat/menus/home_page.json',
      JSON.stringify({ logic: 'campaign', slug: 'eid-deal', limit: 8 }),
      JSON.stringify({ logic: 'category', slug: 'men', limit: 4 }),
      JSON.stringify({ logic: 'brand', slug: 'aarong', limit: 4 }),
      JSON.stringify({ logic: 'products', slug: '7,3', limit: 12 }),
    ])
    expect(appNetwork.sent).toEqual([])
    // the main menu waits for the header
    expect(page.waiting()).toBe(1)
  })

  it.each([
    ['a sorted listing', '/category/men?sort=price_asc'],
    ['a second page', '/category/men?page=2'],
    ['a search too short to run', '/search?text=a'],
    ['a search with a filter', '/search?text=panjabi&size=XL'],
    ["an old link's quoted search", '/search?text=%22panjabi%22'],
    ['a product page with a malformed address', '/product/%E0%A4'],
  ])('%s: only the menu is asked for early, the page asks for the rest itself', async (_, path) => {
    const page = openPage(path)
    expect(page.early.map((request) => new URL(request.url, 'http://shop.test').pathname)).toEqual([
      '/storage/haat/menus/main_menu.json',
    ])
  })

  it.each([
    ['offline', { onLine: false }, false],
    ['with a saved cache (a returning shopper)', {}, true],
  ])('%s: nothing is asked for early', (_, options, saved) => {
    if (saved) localStorage.setItem(SAVED_CACHE_MARK, '1')
    const page = openPage('/category/men', options)
    expect(page.early).toEqual([])
  })

  it.each(['/admin', '/admin/login', '/admin/staff?next=%2F'])(
    'the back office (%s) asks nothing of the shop early',
    (path) => {
      expect(openPage(path).early).toEqual([])
    },
  )

  it('a failed early answer is asked for again by the app, which gets its own answer', async () => {
    openPage('/category/men', { status: 503 })
    await settle()
    const document = await new QueryClient().fetchQuery(menuQuery('main_menu'))
    expect(document.menu.map((entry) => entry.name)).toEqual(menu.menu.map((entry) => entry.name))
    expect(appKeys()).toEqual([earlyRequestKey('GET', '/storage/haat/menus/main_menu.json')])
  })

  it('an answer nobody took is dropped after a while, so a later visit of the page asks afresh', async () => {
    vi.useFakeTimers()
    const page = openPage('/category/men')
    expect(page.waiting()).toBe(2)
    vi.advanceTimersByTime(settings.keepMs)
    expect(page.waiting()).toBe(0)
  })
})

describe('earlyRequestKey', () => {
  type Request = [method: string, url: string, body?: string]
  it.each<[string, Request, Request, boolean]>([
    ['the same query in another order', ['GET', '/a?x=1&y=2'], ['get', '/a?y=2&x=1'], true],
    ['another value', ['GET', '/a?x=1'], ['GET', '/a?x=2'], false],
    ['another path', ['GET', '/a?x=1'], ['GET', '/b?x=1'], false],
    ['another body', ['POST', '/a', '{"a":1}'], ['POST', '/a', '{"a":2}'], false],
    ['another method', ['GET', '/a'], ['POST', '/a'], false],
  ])('%s', (_, a, b, same) => {
    expect(earlyRequestKey(...a) === earlyRequestKey(...b)).toBe(same)
  })
})
