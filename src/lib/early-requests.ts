/*
 * A first visit's data, asked for by index.html before the app's scripts have arrived: on a slow
 * connection the page's products are then on their way while the scripts download, not one round trip
 * after they ran. The build copies `startEarlyRequests` (with `earlyRequestKey`, the listing scope's `scopeFilters` and the home page's
 * `homeSections`, and the language choice's `pickLanguage`) into index.html as source text, so these functions use no imports and no outside
 * names. The app takes an answer waiting under the exact request it is about to make (`takeEarlyAnswer`);
 * anything else it asks the network for as usual, and answers nobody took are dropped after a while.
 */

import type { Language, pickLanguage } from './language'
import type { scopeFilters as scopeFiltersOf } from './listing-scope'

/** Set while IndexedDB holds a saved query cache: a returning shopper's app answers from that first. */
export const SAVED_CACHE_MARK = 'haat-query-cache-saved'

/** Who may take an early answer: the request's method, path, query (in any order) and body. */
export function earlyRequestKey(method: string, url: string, body?: string): string {
  const parsed = new URL(url, 'http://page.invalid')
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = new URLSearchParams(params).toString()
  return `${method.toUpperCase()} ${parsed.pathname}?${query}${body === undefined ? '' : ` ${body}`}`
}

export type EarlySettings = {
  apiKeyHeader: string
  apiKey: string
  shop: string
  /** products on a listing page */
  perPage: number
  /** set while this device has a saved query cache: a returning shopper's app answers from that first */
  savedCacheMark: string
  /** how long an answer nobody took is kept */
  keepMs: number
  /** where the shopper's language choice is stored */
  languageStorageKey: string
}

type MenuEntry = { type: string; url: string; submenu?: readonly MenuEntry[] }
type ScopeFilters = typeof scopeFiltersOf
type SectionBodies = (menu: readonly MenuEntry[]) => { body?: object }[]

/** The part of `window` the early requests use. */
export type EarlyWindow = {
  location: { pathname: string; search: string }
  localStorage: { getItem(key: string): string | null }
  navigator: { onLine: boolean; languages?: readonly string[] }
  fetch: typeof fetch
  setTimeout: (run: () => void, ms: number) => unknown
  haatEarly?: Map<string, Promise<Response>>
}

/** Asks for the data of the page being opened, when it is one whose requests are known from its URL alone. */
export function startEarlyRequests(
  settings: EarlySettings,
  keyOf: typeof earlyRequestKey,
  homeSections: SectionBodies,
  scopeFilters: ScopeFilters,
  languageOf: typeof pickLanguage,
  win: EarlyWindow,
): void {
  let language: Language
  try {
    if (!win.navigator.onLine || win.localStorage.getItem(settings.savedCacheMark) !== null) return
    // the back office shows none of the shop's menus or products
    if (/^\/admin(\/|$)/.test(win.location.pathname)) return
    language = languageOf(
      win.location.search,
      win.localStorage.getItem(settings.languageStorageKey),
      win.navigator.languages ?? [],
    )
  } catch {
    return
  }
  const answers = new Map<string, Promise<Response>>()
  win.haatEarly = answers
  win.setTimeout(() => answers.clear(), settings.keepMs)
  const headers: Record<string, string> = {
    [settings.apiKeyHeader]: settings.apiKey,
    Accept: 'application/json',
    'Accept-Language': language,
  }
  const ask = (method: 'GET' | 'POST', url: string, body?: string) => {
    const response = win.fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body,
    })
    // the app reads its own copy; whoever asked here may read the original
    answers.set(
      `${language} ${keyOf(method, url, body)}`,
      response.then((answer) => answer.clone()),
    )
    response.catch(() => undefined)
    return response
  }
  const listing = (scope: Record<string, string>) =>
    ask(
      'GET',
      `/api/v2/product/storefront?${new URLSearchParams({ currentPage: '1', perPage: String(settings.perPage), ...scope })}`,
    )

  // every page's header shows the main menu
  ask('GET', `/storage/${settings.shop}/menus/main_menu.json`)
  const path = win.location.pathname
  const query = new URLSearchParams(win.location.search)
  // the home page, in the language it was opened in (a `?lang=` link too)
  if (path === '/' && [...query.keys()].every((key) => key === 'lang')) {
    // the sections the shop chose for its home page (the server answers the main menu when it chose none)
    ask('GET', `/storage/${settings.shop}/menus/home_page.json`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((document: { menu?: MenuEntry[] } | null) => {
        if (!Array.isArray(document?.menu)) return
        for (const { body } of homeSections(document.menu))
          if (body) ask('POST', '/api/v1/product/storefront/get-by-logic', JSON.stringify(body))
      })
      .catch(() => undefined)
    return
  }
  if (path === '/search') {
    const text = query.get('text')?.trim() ?? ''
    // a page, a sort or a filter in the URL, or an old link's quoted text ("…"): the app asks itself
    if ([...query.keys()].length === 1 && text.length >= 2 && !text.startsWith('"')) listing({ search: text })
    return
  }
  // a product's page (shoppers reach it from shared links): its product, which the page's image and text wait for
  const product = /^\/product\/([^/]+)$/.exec(path)
  if (product) {
    try {
      ask('GET', `/api/v1/product/storefront/${encodeURIComponent(decodeURIComponent(product[1] as string))}`)
    } catch {
      // a malformed address: the app shows what it makes of it
    }
    return
  }
  const scoped = /^\/(category|brand|flash-deal)\/([^/]+)$/.exec(path)
  if (!scoped || win.location.search !== '') return
  let slug: string
  try {
    slug = decodeURIComponent(scoped[2] as string)
  } catch {
    return
  }
  const scope =
    scoped[1] === 'category'
      ? { category: slug }
      : scoped[1] === 'brand'
        ? { brand: slug }
        : { campaign: slug }
  listing({ filters: JSON.stringify(scopeFilters(scope)) })
}

/** The early answer waiting under exactly this request (and language), taken once; none when nothing waits there. */
export function takeEarlyAnswer(
  language: Language,
  method: string,
  url: string,
  body?: string,
): Promise<Response> | undefined {
  const answers = (globalThis as { haatEarly?: Map<string, Promise<Response>> }).haatEarly
  if (!answers || answers.size === 0) return undefined
  const key = `${language} ${earlyRequestKey(method, url, body)}`
  const answer = answers.get(key)
  answers.delete(key)
  return answer
}
