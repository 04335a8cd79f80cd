// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeliveryInfo } from '../../src/features/product/delivery-info'
import { shopDeliveryQuery } from '../../src/state/shop-delivery'

/** The product page's delivery and returns, as the shop's settings say them. */
function renderWith(data: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  if (data) client.setQueryData(shopDeliveryQuery.queryKey, data as never)
  const router = createRouter({
    routeTree: createRootRoute({ component: DeliveryInfo }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const zone = (name: string, charge: number, perKg: number) => ({
  zone: name,
  charge,
  perKg,
  estimate: { en: '1–2 days', bn: '' },
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DeliveryInfo', () => {
  it("quotes each zone's charge, what a kilogram above the base weight adds, and the shop's returns in a line", async () => {
    renderWith({
      zones: [zone('inside_dhaka', 70, 20), zone('dhaka_suburbs', 110, 0), zone('outside_dhaka', 130, 25)],
      freeAbove: 0,
      baseKg: 1,
      hasReturnPolicy: true,
      returnSummary: { en: '3-day exchange', bn: '' },
    })
    const items = (await screen.findAllByRole('listitem')).map((item) => item.textContent)
    expect(items[0]).toBe('Inside Dhaka: TK 70, 1–2 days (TK 20 more for each kg above 1 kg)')
    expect(items[1]).toBe('Dhaka suburbs: TK 110, 1–2 days')
    expect(items[2]).toBe('Outside Dhaka: TK 130, 1–2 days (TK 25 more for each kg above 1 kg)')
    // the line from the settings, and the settings' policy in full on its page
    expect(screen.getByTestId('product-returns').textContent).toBe(
      'Returns: 3-day exchange · Read the return policy',
    )
    expect(screen.getByRole('link', { name: 'Read the return policy' }).getAttribute('href')).toBe(
      '/return-policy',
    )
  })

  it('says nothing of returns the settings do not say', async () => {
    renderWith({
      zones: [zone('inside_dhaka', 70, 0), zone('dhaka_suburbs', 110, 0), zone('outside_dhaka', 130, 0)],
      freeAbove: 0,
      baseKg: 1,
      hasReturnPolicy: false,
      returnSummary: { en: '', bn: '' },
    })
    expect(await screen.findAllByRole('listitem')).toHaveLength(4)
    expect(screen.queryByTestId('product-returns')).toBeNull()
  })

  it('shows the built-in charges until the shop has answered', async () => {
    // the shop does not answer while the page shows
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    renderWith(null)
    const items = (await screen.findAllByRole('listitem')).map((item) => item.textContent)
    expect(items[0]).toMatch(/^Inside Dhaka: TK 70, /)
    expect(screen.queryByTestId('product-returns')).toBeNull()
  })
})
