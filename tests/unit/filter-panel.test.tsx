// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListingResponse } from '../../src/contract/product'
import { ListingPage, listingSearchSchema, searchPageSchema } from '../../src/features/catalog'
import { scopedListingPages } from '../../src/features/catalog/scoped-listing-page'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

const listing: ListingResponse = {
  data: [],
  currentPage: 1,
  perPage: 24,
  total: 0,
  hasNext: false,
  facets: {
    categories: [],
    brands: [],
    sizes: [
      { value: '28', label: '28', count: 4 },
      { value: '30', label: '30', count: 2 },
    ],
    colours: [],
    price: { min: 450, max: 5200 },
  },
  scope: { category: null, brand: null, campaign: null },
}

/** The `filters` of every listing the page asks the API for, and the search term of each. */
let asked: Record<string, unknown>[]
let searched: (string | null)[]
beforeEach(() => {
  asked = []
  searched = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test')
      // the shop's settings (the tab's title names the shop) are not a listing: the first start's stand
      if (!url.pathname.endsWith('/product/storefront')) return new Response(null, { status: 404 })
      asked.push(JSON.parse(url.searchParams.get('filters') ?? '{}'))
      searched.push(url.searchParams.get('search'))
      return new Response(JSON.stringify(listing), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The search results page, routed the way the app routes /search: the term stays beside the filters. */
function SearchResults() {
  const { text = '', ...search } = searchRoute.useSearch()
  const navigate = searchRoute.useNavigate()
  return (
    <ListingPage
      title={`Search results for “${text}”`}
      scope={{ search: text }}
      search={search}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  )
}

const root = createRootRoute()
const categoryRoute = createRoute({
  getParentRoute: () => root,
  path: '/category/$slug',
  validateSearch: listingSearchSchema,
  component: scopedListingPages.category,
})
const searchRoute = createRoute({
  getParentRoute: () => root,
  path: '/search',
  validateSearch: searchPageSchema,
  component: SearchResults,
})
const routeTree = root.addChildren([categoryRoute, searchRoute])

/** A category listing (or search page) at `path`, routed the way the app routes it, with its filter panel on screen. */
async function openListing(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree, history, parseSearch, stringifySearch })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const panel = await screen.findByRole('complementary', { name: 'Filters' })
  return {
    panel,
    /** the address bar's query string */
    query: () => history.location.search,
    entries: () => history.length,
    back: () => history.back(),
  }
}

function applyPrice(panel: HTMLElement, min: string, max: string) {
  fireEvent.change(within(panel).getByLabelText('Minimum price'), { target: { value: min } })
  fireEvent.change(within(panel).getByLabelText('Maximum price'), { target: { value: max } })
  fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }))
}

describe('the filter panel writes the URL', () => {
  it('applies a minimum and a maximum price together, as one history entry', async () => {
    const page = await openListing('/category/men?size=28')
    const before = page.entries()
    applyPrice(page.panel, '1000', '3000')
    await waitFor(() => expect(page.query()).toBe('?size=28&minPrice=1000&maxPrice=3000'))
    expect(page.entries()).toBe(before + 1)
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ category: 'men', size: ['28'], minPrice: 1000, maxPrice: 3000 }),
    )

    page.back()
    await waitFor(() => expect(page.query()).toBe('?size=28'))
  })

  it('reads prices typed in Bengali digits or with grouping, and leaves an end open when it is not a price', async () => {
    const page = await openListing('/category/men')
    applyPrice(page.panel, '১,০০০', 'a lot')
    await waitFor(() => expect(page.query()).toBe('?minPrice=1000'))
  })

  it('applies a minimum price alone, as one history entry', async () => {
    const page = await openListing('/category/men')
    const before = page.entries()
    applyPrice(page.panel, '1000', '')
    await waitFor(() => expect(page.query()).toBe('?minPrice=1000'))
    expect(page.entries()).toBe(before + 1)
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', minPrice: 1000 }))
  })

  it('applies a maximum price alone, removing a minimum that was emptied', async () => {
    const page = await openListing('/category/men?minPrice=500&page=2')
    applyPrice(page.panel, '', '3000')
    await waitFor(() => expect(page.query()).toBe('?maxPrice=3000'))
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', maxPrice: 3000 }))
  })

  it('writes sizes as plain text, several joined with commas, and asks for them as text', async () => {
    const page = await openListing('/category/men')
    fireEvent.click(within(page.panel).getByRole('checkbox', { name: /^28/ }))
    await waitFor(() => expect(page.query()).toBe('?size=28'))
    fireEvent.click(within(page.panel).getByRole('checkbox', { name: /^30/ }))
    await waitFor(() => expect(page.query()).toBe('?size=28,30'))
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', size: ['28', '30'] }))
    expect(within(page.panel).getByRole('checkbox', { name: /^28/, checked: true })).toBeDefined()
    expect(within(page.panel).getByRole('checkbox', { name: /^30/, checked: true })).toBeDefined()
  })

  it("reads an old link's quoted size as that size", async () => {
    const page = await openListing('/category/men?size=%2228%22')
    expect(within(page.panel).getByRole('checkbox', { name: /^28/, checked: true })).toBeDefined()
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', size: ['28'] }))
  })

  it('asks for products new in the last 7 days, then from any time again, each as one history entry', async () => {
    const page = await openListing('/category/men?size=28&page=2')
    const before = page.entries()
    fireEvent.click(within(page.panel).getByRole('radio', { name: 'Last 7 days' }))
    await waitFor(() => expect(page.query()).toBe('?size=28&new=7'))
    expect(page.entries()).toBe(before + 1)
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', size: ['28'], new: 7 }))
    expect(within(page.panel).getByRole('radio', { name: 'Last 7 days', checked: true })).toBeDefined()

    fireEvent.click(within(page.panel).getByRole('radio', { name: 'Any time' }))
    await waitFor(() => expect(page.query()).toBe('?size=28'))
    expect(page.entries()).toBe(before + 2)
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men', size: ['28'] }))
  })

  it('clears every filter in one history entry', async () => {
    const page = await openListing(
      '/category/men?size=28,30&minPrice=1000&maxPrice=3000&inStock=true&new=30&page=2',
    )
    const before = page.entries()
    fireEvent.click(within(page.panel).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(page.query()).toBe(''))
    expect(page.entries()).toBe(before + 1)
    await waitFor(() => expect(asked.at(-1)).toEqual({ category: 'men' }))
  })

  it('clears every filter on a search page and keeps the search term', async () => {
    const page = await openListing('/search?text=jeans&size=28,30&minPrice=1000&sort=price_asc&page=2')
    await waitFor(() => expect(searched.at(-1)).toBe('jeans'))
    const before = page.entries()
    fireEvent.click(within(page.panel).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(page.query()).toBe('?text=jeans'))
    expect(page.entries()).toBe(before + 1)
    await waitFor(() => expect(asked.at(-1)).toEqual({}))
    expect(searched.at(-1)).toBe('jeans')
    expect(within(page.panel).getByRole('checkbox', { name: /^28/, checked: false })).toBeDefined()
  })

  it('keeps the search term when a size is chosen on a search page', async () => {
    const page = await openListing('/search?text=jeans')
    fireEvent.click(within(page.panel).getByRole('checkbox', { name: /^28/ }))
    await waitFor(() => expect(page.query()).toBe('?text=jeans&size=28'))
    await waitFor(() => expect(asked.at(-1)).toEqual({ size: ['28'] }))
    expect(searched.at(-1)).toBe('jeans')
  })
})
