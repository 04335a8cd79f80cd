// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OrderCustomer } from '../../src/admin/orders/order-customer'
import type { AdminOrder } from '../../src/contract/admin-orders'
import type { Order } from '../../src/contract/orders'
import { OrderDetails } from '../../src/features/orders/order-details'

/** A bKash order paid TK 2,700, then edited by the shop to TK 7,960, as the server answers it. */
const edited: Order = {
  id: 7,
  number: 'HT-261127-ABCDE',
  status: 'confirmed',
  paymentMethod: 'bkash',
  paymentStatus: 'partly_paid',
  customerName: 'Rahim Uddin',
  phone: '01812345678',
  email: null,
  address: {
    name: 'Rahim Uddin',
    phone: '01812345678',
    division: 'Dhaka',
    district: 'Dhaka',
    area: 'Dhanmondi',
    street: 'House 12, Road 5',
    landmark: '',
  },
  zone: 'inside_dhaka',
  deliveryEstimate: '1–2 days',
  notes: '',
  totals: {
    subtotal: 7890,
    discount: 0,
    couponCode: null,
    couponDiscount: 0,
    vat: 0,
    deliveryCharge: 70,
    total: 7960,
  },
  advance: 0,
  money: { paid: 2700, advance: 0, refunded: 0, collect: 5260, refund: 0 },
  lines: [],
  history: [],
  courier: null,
  trackingNumber: null,
  cancelReason: null,
  createdAt: '2026-11-27T08:05:00Z',
  paymentRedirectUrl: null,
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the shopper's order page", () => {
  it('says the order is partly paid, what was paid and what is left to pay on delivery', () => {
    render(<OrderDetails order={edited} />)
    expect(screen.getByText(/partly paid/)).toBeTruthy()
    expect(screen.getByTestId('order-paid').textContent).toBe('TK 2,700.00')
    expect(screen.getByTestId('order-collect').textContent).toBe('TK 5,260.00')
    expect(screen.queryByTestId('order-refund')).toBeNull()
  })

  it('says what is to be refunded when the order now costs less than was paid', () => {
    render(
      <OrderDetails
        order={{
          ...edited,
          paymentStatus: 'paid',
          money: { paid: 2700, advance: 0, refunded: 0, collect: 0, refund: 700 },
        }}
      />,
    )
    expect(screen.getByTestId('order-collect').textContent).toBe('TK 0.00')
    expect(screen.getByTestId('order-refund').textContent).toBe('TK 700.00')
  })
})

describe("the back office's order", () => {
  it('shows what was paid before delivery and the cash to collect, as the server says them', () => {
    const order: AdminOrder = {
      ...edited,
      version: 3,
      updatedAt: '2026-11-27T09:00:00Z',
      next: ['packed', 'cancelled'],
      events: [],
      returned: [],
      record: { orders: 1, delivered: 0, cancelled: 0, returned: 0, refusals: 0, risk: 'new' },
      payments: [],
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrderCustomer order={order} />
      </QueryClientProvider>,
    )
    const facts = screen.getByRole('region', { name: 'Customer' })
    expect(within(facts).getByText('bKash, Partly paid')).toBeTruthy()
    expect(within(facts).getByTestId('money-paid').textContent).toBe('TK 2,700.00')
    expect(within(facts).getByTestId('money-collect').textContent).toBe('TK 5,260.00')
  })
})
