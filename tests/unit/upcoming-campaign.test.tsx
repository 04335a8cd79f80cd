// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListingResponse } from '../../src/contract/product'
import { listingSearchSchema } from '../../src/features/catalog'
import { scopedListingPages } from '../../src/features/catalog/scoped-listing-page'
import { isUpcoming } from '../../src/features/catalog/upcoming-campaign'
import { chooseLanguage } from '../../src/i18n'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

/** 2 December 2099, 18:00 in Dhaka (UTC+6) */
const STARTS = '2099-12-02T12:00:00.000Z'

const campaignListing = (startsAt: string, endsAt: string): ListingResponse => ({
  data: [],
  currentPage: 1,
  perPage: 24,
  total: 0,
  hasNext: false,
  facets: { categories: [], brands: [], sizes: [], colours: [], price: { min: 0, max: 0 } },
  scope: {
    category: null,
    brand: null,
    campaign: {
      id: 7,
      name: 'Boishakh Sale',
      slug: 'boishakh-sale',
      startsAt,
      endsAt,
      banner: 'banners/boishakh.jpg',
    },
  },
})

let answer: ListingResponse
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test')
      if (!url.pathname.endsWith('/product/storefront')) return new Response(null, { status: 404 })
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await chooseLanguage('en')
})

const root = createRootRoute()
const campaignRoute = createRoute({
  getParentRoute: () => root,
  path: '/flash-deal/$slug',
  validateSearch: listingSearchSchema,
  component: scopedListingPages.campaign,
})

/** The campaign's page as the app routes /flash-deal/$slug, once its data has arrived (it counts its products). */
async function openCampaign(heading: string) {
  const history = createMemoryHistory({ initialEntries: ['/flash-deal/boishakh-sale'] })
  const router = createRouter({
    routeTree: root.addChildren([campaignRoute]),
    history,
    parseSearch,
    stringifySearch,
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByText(/^(0 products|০টি পণ্য)$/)
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading)
}

describe('a campaign’s page', () => {
  it('before the campaign starts shows its banner and when it starts, as a plain date and time in Dhaka', async () => {
    answer = campaignListing(STARTS, '2099-12-05T12:00:00.000Z')
    await openCampaign('Boishakh Sale')
    expect(screen.getByText('Starts 2 December 2099, 18:00')).toBeTruthy()
    const banner = screen.getByRole('img', { name: 'Boishakh Sale' })
    expect(banner.getAttribute('src')).toContain('banners/boishakh.jpg')
    expect(screen.queryByRole('timer')).toBeNull()
  })

  it('says it in Bangla with Bengali digits', async () => {
    await chooseLanguage('bn')
    answer = campaignListing(STARTS, '2099-12-05T12:00:00.000Z')
    await openCampaign('Boishakh Sale')
    const starts = await screen.findByText(/^শুরু হবে /)
    expect(starts.textContent).toContain('২০৯৯')
    expect(starts.textContent).toContain('১৮:০০')
    expect(starts.textContent).not.toMatch(/[0-9]/)
  })

  it('once the campaign runs shows its products with no announcement', async () => {
    answer = campaignListing('2020-01-01T00:00:00.000Z', '2099-12-05T12:00:00.000Z')
    await openCampaign('Boishakh Sale')
    expect(screen.queryByText(/^Starts /)).toBeNull()
    expect(screen.queryByRole('img', { name: 'Boishakh Sale' })).toBeNull()
  })

  it('is upcoming only while its start is ahead', () => {
    const campaign = campaignListing(STARTS, '2099-12-05T12:00:00.000Z').scope.campaign
    expect(isUpcoming(campaign, Date.parse(STARTS) - 1)).toBe(true)
    expect(isUpcoming(campaign, Date.parse(STARTS))).toBe(false)
    expect(isUpcoming(null)).toBe(false)
  })
})
