import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeliveryInfo } from '../../src/features/product/delivery-info'
import { shopDeliveryQuery } from '../../src/state/shop-delivery'

/** The product page's delivery and returns, as the shop's settings say them. */
function renderWith(data: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  if (data) client.setQueryData(shopDeliveryQuery.queryKey, data as never)
  return render(
    <QueryClientProvider client={client}>
      <DeliveryInfo />
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
  it("quotes each zone's charge, what a kilogram above the base weight adds, and the shop's return policy", () => {
    renderWith({
      zones: [zone('inside_dhaka', 70, 20), zone('dhaka_suburbs', 110, 0), zone('outside_dhaka', 130, 25)],
      freeAbove: 0,
      baseKg: 1,
      returnPolicy: { en: 'Exchange within **3 days**.\n\nNo returns on sale items.', bn: '' },
    })
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items[0]).toBe('Inside Dhaka: TK 70, 1–2 days (TK 20 more for each kg above 1 kg)')
    expect(items[1]).toBe('Dhaka suburbs: TK 110, 1–2 days')
    expect(items[2]).toBe('Outside Dhaka: TK 130, 1–2 days (TK 25 more for each kg above 1 kg)')
    fireEvent.click(screen.getByText('Returns and exchanges: the shop’s policy'))
    expect(screen.getByText('Exchange within 3 days.')).toBeTruthy()
    expect(screen.getByText('No returns on sale items.')).toBeTruthy()
  })

  it('shows the built-in charges and returns until the shop has answered', () => {
    // the shop does not answer while the page shows
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    renderWith(null)
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items[0]).toMatch(/^Inside Dhaka: TK 70, /)
    expect(items.at(-1)).toMatch(/^Easy return or exchange within 7 days/)
  })
})
