// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Address } from '../../src/contract/addresses'
import type { QuoteResponse } from '../../src/contract/cart'
import { FreeDeliveryNote } from '../../src/features/checkout/address-step'
import { NotesAndTerms } from '../../src/features/checkout/notes-and-terms'
import { OrderSummary, type SummaryCartLine } from '../../src/features/checkout/order-summary'
import { SavedAddressChoice } from '../../src/features/checkout/saved-address-choice'
import type { FieldErrors } from '../../src/features/checkout/use-place-order'

/** Steps with links need a router around them. */
function renderWithRouter(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/checkout'] }),
  })
  return render(<RouterProvider router={router} />)
}

const line: SummaryCartLine = {
  sku: 'PJ-31-M',
  skuId: 31,
  title: 'Cotton Panjabi',
  size: 'M',
  colour: 'White',
  quantity: 2,
  unit_discounted_price: 1200,
}

const quote = (problem: string | null): QuoteResponse['data'] =>
  ({
    lines: [{ skuId: 31, lineTotal: 2300, problem }],
    totals: {
      subtotal: 2300,
      discount: 0,
      couponCode: null,
      couponDiscount: 0,
      vat: 0,
      deliveryCharge: 60,
      total: 2360,
    },
    couponError: null,
    deliveryEstimate: '1–2 days',
  }) as unknown as QuoteResponse['data']

const summary = (over: Partial<Parameters<typeof OrderSummary>[0]> = {}) => (
  <OrderSummary
    lines={[line]}
    quote={undefined}
    errors={{}}
    problem={null}
    submitting={false}
    stillTrying={false}
    onCancel={() => undefined}
    blocked={false}
    coupon=""
    {...over}
  />
)

describe('OrderSummary', () => {
  it('shows a line with its size, colour and quantity at the local price before the quote', async () => {
    renderWithRouter(summary())
    expect(await screen.findByText('Cotton Panjabi · M · White × 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart')
  })

  it.each<{ name: string; errors: FieldErrors; shown: string }>([
    { name: "the quote's problem", errors: {}, shown: 'Cotton Panjabi is out of stock' },
    {
      name: "the server's answer over the quote's",
      errors: { 'lines.0': ['Only 1 left'] },
      shown: 'Only 1 left',
    },
  ])('a line shows $name', async ({ errors, shown }) => {
    renderWithRouter(summary({ quote: quote('Cotton Panjabi is out of stock'), errors, blocked: true }))
    expect((await screen.findByTestId('line-problem')).textContent).toBe(shown)
    expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(true)
  })

  it('says a coupon the order no longer meets, and takes it off there', async () => {
    sessionStorage.setItem('haat_coupon', 'EID500')
    const below = { ...quote(null), couponError: 'This coupon needs an order of at least TK 3,000' }
    renderWithRouter(summary({ quote: below, coupon: 'EID500' }))
    const notice = await screen.findByTestId('checkout-coupon')
    expect(notice.textContent).toContain(
      'Coupon EID500 is not applied: This coupon needs an order of at least TK 3,000',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Remove the coupon' }))
    expect(sessionStorage.getItem('haat_coupon')).toBeNull()
  })

  it('says the order is being placed and shows the problem as an alert', async () => {
    renderWithRouter(summary({ submitting: true, problem: 'Something went wrong' }))
    const button = await screen.findByRole('button', { name: 'Placing order…' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong')
  })

  it('says a long wait is safe and offers to cancel only while it is still trying', async () => {
    const onCancel = vi.fn()
    const { unmount } = renderWithRouter(summary({ submitting: true }))
    await screen.findByRole('button', { name: 'Placing order…' })
    expect(screen.queryByTestId('still-trying')).toBeNull()
    unmount()
    renderWithRouter(summary({ submitting: true, stillTrying: true, onCancel }))
    const notice = await screen.findByTestId('still-trying')
    expect(notice.textContent).toContain("Still trying — your order is safe, don't close the app.")
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})

describe('FreeDeliveryNote', () => {
  const totals = quote(null).totals
  it.each([
    { freeAbove: 3000, shown: 'Free delivery on orders from TK 3,000.00: add TK 700.00 more.' },
    { freeAbove: 2300, shown: null },
    { freeAbove: 0, shown: null },
  ])('from TK $freeAbove, for goods of TK 2,300: $shown', ({ freeAbove, shown }) => {
    render(<FreeDeliveryNote freeAbove={freeAbove} totals={totals} />)
    expect(screen.queryByTestId('free-delivery')?.textContent ?? null).toBe(shown)
  })
})

describe('SavedAddressChoice', () => {
  const saved = {
    id: 7,
    name: 'Karim Mia',
    phone: '01922222222',
    street: 'House 3',
    area: 'Gulshan',
    district: 'Dhaka',
  } as Address

  it('chooses a saved address or a new one', () => {
    const onChoose = vi.fn()
    render(<SavedAddressChoice savedList={[saved]} selectedId={7} onChoose={onChoose} />)
    expect(screen.getByRole('radiogroup', { name: 'Saved addresses' })).toBeTruthy()
    const [savedRadio] = screen.getAllByRole('radio') as HTMLInputElement[]
    expect(savedRadio?.checked).toBe(true)
    expect(screen.getByText('Karim Mia')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('Add a new address'))
    expect(onChoose).toHaveBeenCalledWith('new')
  })
})

describe('NotesAndTerms', () => {
  it('passes the notes and the ticked box up and shows the terms error', () => {
    const onNotesChange = vi.fn()
    const onTermsChange = vi.fn()
    render(
      <NotesAndTerms
        notes=""
        onNotesChange={onNotesChange}
        terms={false}
        onTermsChange={onTermsChange}
        termsError="Please accept the terms and conditions"
      />,
    )
    fireEvent.change(screen.getByLabelText('Notes for the delivery (optional)'), {
      target: { value: 'Call first' },
    })
    fireEvent.click(screen.getByRole('checkbox'))
    expect(onNotesChange).toHaveBeenCalledWith('Call first')
    expect(onTermsChange).toHaveBeenCalledWith(true)
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy()
  })
})
