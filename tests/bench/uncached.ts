import { createRng } from '../../server/db/seed/prng'
import { type ListingFilters, sortOptions } from '../../src/contract/product'
import { percentile } from './stats'

// What a shopper meets on a big catalogue is mostly the first answer to a request: requests drawn from the live
// facet values, each asked once, so no answer the server keeps can serve them. (The warm figures replay a fixed
// pool the server has already answered.)

type Live = {
  categories: string[]
  brands: string[]
  /** the campaigns the home page and the main menu lead to */
  campaigns: string[]
  sizes: string[]
  colours: string[]
  price: { min: number; max: number }
  /** words of the products' names, in English and in Bangla: what a shopper types */
  words: string[]
}

type ListingAnswer = {
  data: { name: string }[]
  facets: {
    categories: { value: string }[]
    brands: { value: string }[]
    sizes: { value: string }[]
    colours: { value: string }[]
    price: { min: number; max: number }
  }
}

const LISTING = '/api/v1/product/storefront'

/** The catalogue's facet values and the words of its names, read from the running server. */
export async function liveCatalogue(url: string, headers: Record<string, string>): Promise<Live> {
  const read = async (query: string) => {
    const response = await fetch(`${url}${LISTING}?${query}`, { headers })
    if (!response.ok) throw new Error(`the listing answered ${response.status}`)
    return (await response.json()) as ListingAnswer
  }
  const all = await read('perPage=100')
  const words = new Set<string>()
  const pages = await Promise.all(
    sortOptions.flatMap((sort) =>
      ['en', 'bn'].map((lang) =>
        read(`perPage=100&lang=${lang}&filters=${encodeURIComponent(JSON.stringify({ sort }))}`),
      ),
    ),
  )
  for (const page of [all, ...pages]) {
    for (const { name } of page.data) {
      for (const word of name.toLowerCase().split(/[\s,()/-]+/u)) if ([...word].length >= 3) words.add(word)
    }
  }
  const campaigns = new Set<string>()
  type Item = { type: string; url: string; submenu?: Item[] }
  const collect = (items: Item[]) => {
    for (const item of items) {
      if (item.type === 'campaign') campaigns.add(item.url)
      collect(item.submenu ?? [])
    }
  }
  for (const menu of ['home_page', 'main_menu']) {
    const response = await fetch(`${url}/storage/haat/menus/${menu}.json`)
    if (response.ok) collect(((await response.json()) as { menu: Item[] }).menu)
  }
  return {
    categories: all.facets.categories.map((facet) => facet.value),
    brands: all.facets.brands.map((facet) => facet.value),
    campaigns: [...campaigns],
    sizes: all.facets.sizes.map((facet) => facet.value),
    colours: all.facets.colours.map((facet) => facet.value),
    price: all.facets.price,
    words: [...words],
  }
}

type Rng = ReturnType<typeof createRng>

/** a word as typed in a hurry: a letter dropped, doubled or two swapped */
function typo(rng: Rng, word: string): string {
  const letters = [...word]
  const at = rng.int(1, Math.max(1, letters.length - 2))
  const kind = rng.int(0, 2)
  if (kind === 0) letters.splice(at, 1)
  else if (kind === 1) letters.splice(at, 0, letters[at] ?? '')
  else [letters[at - 1], letters[at]] = [letters[at] ?? '', letters[at - 1] ?? '']
  return letters.join('')
}

/**
 * `count` listing requests, none the same: a category, a brand, a campaign or a search as the scope, 0–4 filters among
 * brand, size, colour, price range, in stock and discount, any sort, pages 1–5.
 */
export function uncachedListings(live: Live, count: number, seed: number): string[] {
  const rng = createRng(seed)
  const paths = new Set<string>()
  for (let tries = 0; paths.size < count && tries < count * 50; tries++) {
    const filters: ListingFilters = { sort: rng.pick(sortOptions) }
    let search: string | null = null
    const scope = rng.next()
    if (scope < 0.4 && live.categories.length > 0) filters.category = rng.pick(live.categories)
    else if (scope < 0.7 && live.brands.length > 0) filters.brand = [rng.pick(live.brands)]
    else if (scope < 0.8 && live.campaigns.length > 0) filters.campaign = rng.pick(live.campaigns)
    else search = rng.pick(live.words)
    const kinds = ['brand', 'size', 'colour', 'price', 'inStock', 'discount'] as const
    for (const kind of rng.sample(kinds, rng.int(0, 4))) {
      if (kind === 'brand' && !filters.brand) filters.brand = rng.sample(live.brands, rng.int(1, 2))
      if (kind === 'size') filters.size = rng.sample(live.sizes, rng.int(1, 2))
      if (kind === 'colour') filters.colour = rng.sample(live.colours, rng.int(1, 2))
      if (kind === 'price') {
        const span = live.price.max - live.price.min
        const low = Math.round(live.price.min + rng.next() * span * 0.6)
        filters.minPrice = low
        filters.maxPrice = Math.round(low + span * (0.1 + rng.next() * 0.4))
      }
      if (kind === 'inStock') filters.inStock = true
      if (kind === 'discount') filters.discount = true
    }
    const query = new URLSearchParams({
      perPage: '24',
      currentPage: String(rng.int(1, 5)),
      filters: JSON.stringify(filters),
    })
    if (search) query.set('search', search)
    paths.add(`${LISTING}?${query}`)
  }
  return [...paths]
}

/** `count` search-as-you-type requests, none the same: a name's word typed letter by letter, some with a typo. */
export function typingSequences(live: Live, count: number, seed: number): string[] {
  const rng = createRng(seed)
  const paths = new Set<string>()
  for (let tries = 0; paths.size < count && tries < count * 50; tries++) {
    const word = rng.pick(live.words)
    const typed = rng.next() < 0.2 ? typo(rng, word) : word
    const letters = [...typed]
    for (let n = 2; n <= Math.min(8, letters.length) && paths.size < count; n++) {
      const query = new URLSearchParams({
        perPage: '5',
        facets: 'false',
        search: letters.slice(0, n).join(''),
      })
      paths.add(`${LISTING}?${query}`)
    }
  }
  return [...paths]
}

export type Latency = { requests: number; p50: number; p95: number; p99: number; failed: number }

/** Every path once, `connections` at a time, each answer read in full; latency of each. */
/** A request asked once: a path (GET), or a method, path and JSON body. */
export type Ask = string | { method: string; path: string; body: string }

/**
 * `count` product pages (by id), `count` get-by-ids of 20 and `count` ids for server-rendered pages, none asked
 * before: ids drawn without repeating from the whole catalogue.
 */
export function productRequests(products: number, count: number, seed: number) {
  const rng = createRng(seed)
  const drawn = new Set<number>()
  const draw = () => {
    for (;;) {
      const id = rng.int(1, products)
      if (!drawn.has(id) || drawn.size >= products) {
        drawn.add(id)
        return id
      }
    }
  }
  const pages = Array.from({ length: count }, () => `/api/v1/product/storefront/${draw()}`)
  const html = Array.from({ length: count }, () => `/product/${draw()}`)
  const byIds: Ask[] = Array.from({ length: count }, () => ({
    method: 'POST',
    path: '/api/v1/product/storefront/get-by-ids?perPage=100',
    body: JSON.stringify({ ids: Array.from({ length: 20 }, draw) }),
  }))
  return { pages, html, byIds }
}

export async function askOnce(
  url: string,
  asks: Ask[],
  connections: number,
  headers: Record<string, string>,
): Promise<{ latency: Latency; failures: Map<number, number> }> {
  const times: number[] = []
  let failed = 0
  let next = 0
  /** the failed answers' statuses, with how many of each */
  const failures = new Map<number, number>()
  const worker = async () => {
    while (next < asks.length) {
      const ask = asks[next++] as Ask
      const { method, path, body } =
        typeof ask === 'string' ? { method: 'GET', path: ask, body: undefined } : ask
      const started = performance.now()
      const response = await fetch(`${url}${path}`, {
        method,
        body,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      })
      await response.arrayBuffer()
      times.push(performance.now() - started)
      if (!response.ok) {
        failed += 1
        failures.set(response.status, (failures.get(response.status) ?? 0) + 1)
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  times.sort((a, b) => a - b)
  const latency = {
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed,
  }
  return { latency, failures }
}
