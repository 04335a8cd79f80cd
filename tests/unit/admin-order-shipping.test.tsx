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
import { OrdersPage } from '../../src/admin/orders/orders-page'
import type { AdminOrder, AdminOrdersAnswer } from '../../src/contract/admin-orders'
import type { CourierInfo, Shipment } from '../../src/contract/couriers'
import type { StaffMember } from '../../src/contract/staff'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

// The back office's courier buttons and the booking's state, against a stubbed API.

const staff: StaffMember = {
  id: 1,
  phone: '01712345678',
  firstName: 'Salma',
  lastName: 'Akter',
  role: 'staff',
  status: 'active',
  totpEnabled: false,
  mustChangePassword: false,
  lastSeenAt: null,
}

const couriers: CourierInfo[] = [
  { name: 'pathao', label: 'Pathao', configured: true, webhook: true, places: true, records: false },
  { name: 'steadfast', label: 'Steadfast', configured: true, webhook: false, places: false, records: true },
]

const shipment = (more: Partial<Shipment>): Shipment => ({
  id: 5,
  courier: 'steadfast',
  state: 'booked',
  consignmentId: '1424107',
  trackingCode: '15BAEB8A',
  trackingUrl: 'https://steadfast.com.bd/t/15BAEB8A',
  status: 'booked',
  raw: 'in_review',
  codAmount: 2470,
  fee: null,
  error: '',
  createdAt: '2026-11-25T09:00:00Z',
  updatedAt: '2026-11-25T09:00:00Z',
  ...more,
})

const order = (more: Partial<AdminOrder> = {}): AdminOrder => ({
  id: 10,
  number: 'HT-261125-AAAAA',
  status: 'packed',
  paymentMethod: 'cod',
  paymentStatus: 'unpaid',
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
    subtotal: 2400,
    discount: 0,
    couponCode: null,
    couponDiscount: 0,
    vat: 0,
    deliveryCharge: 70,
    total: 2470,
  },
  lines: [],
  history: [],
  courier: null,
  trackingNumber: null,
  cancelReason: null,
  createdAt: '2026-11-25T08:05:00Z',
  paymentRedirectUrl: null,
  version: 3,
  updatedAt: '2026-11-25T09:00:00Z',
  next: ['shipped', 'cancelled'],
  events: [],
  returned: [],
  record: { orders: 1, delivered: 0, cancelled: 0, returned: 0, refusals: 0, risk: 'new' },
  payments: [],
  shipment: null,
  ...more,
})

const listAnswer: AdminOrdersAnswer = {
  data: [10, 9].map((id) => ({
    id,
    number: `HT-261125-${id === 10 ? 'AAAAA' : 'BBBBB'}`,
    status: id === 10 ? 'packed' : 'shipped',
    customerName: 'Rahim Uddin',
    phone: '01812345678',
    zone: 'inside_dhaka',
    district: 'Dhaka',
    paymentMethod: 'cod',
    paymentStatus: 'unpaid',
    total: 2470,
    collect: 2470,
    refund: 0,
    itemCount: 1,
    createdAt: '2026-11-25T08:05:00Z',
    version: 1,
  })),
  meta: { page: 1, perPage: 25, total: 2, hasNext: false, counts: {}, latestId: 10 },
}

type Asked = { method: string; path: string; body: unknown }
let asked: Asked[]
let shown: AdminOrder
beforeEach(() => {
  asked = []
  shown = order()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init)
      const url = new URL(request.url)
      const body = request.method === 'GET' ? null : await request.clone().json()
      asked.push({ method: request.method, path: url.pathname, body })
      const json = (status: number, answer: unknown) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
      if (url.pathname.endsWith('/admin/couriers')) return json(200, { data: couriers })
      if (url.pathname.endsWith('/admin/auth/me')) return json(200, { data: { staff, csrfToken: 'csrf' } })
      if (url.pathname.endsWith('/admin/orders/ship')) {
        const ids = (body as { ids: number[] }).ids
        return json(200, {
          data: {
            queued: ids.includes(10) ? 1 : 0,
            skipped: ids.includes(9) ? [{ id: 9, status: 'shipped' }] : [],
          },
        })
      }
      if (url.pathname.endsWith('/admin/orders/10/courier-records')) {
        return json(200, {
          data: [{ courier: 'steadfast', record: { total: 12, delivered: 9, cancelled: 3, reports: 1 } }],
        })
      }
      if (url.pathname.endsWith('/admin/orders/new')) return json(200, { data: { count: 0 } })
      if (url.pathname.endsWith('/admin/orders')) return json(200, listAnswer)
      return json(200, { data: shown })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function openPage(path: string) {
  const root = createRootRoute()
  const adminRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/$',
    component: function AdminOrders() {
      const { _splat = '' } = adminRoute.useParams()
      return <OrdersPage staff={staff} search={{}} rest={_splat.replace(/^orders\/?/, '')} />
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([adminRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch,
    stringifySearch,
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const panel = async () => within(await screen.findByRole('region', { name: 'Courier' }))
const ships = () => asked.filter((call) => call.path.endsWith('/admin/orders/ship'))

describe("an order's courier", () => {
  it('sends a packed order to the courier pressed, and says the booking follows', async () => {
    openPage('/admin/orders/10')
    const courier = await panel()
    fireEvent.click(await courier.findByRole('button', { name: 'Send to Pathao' }))
    await waitFor(() =>
      expect(ships()).toEqual([
        { method: 'POST', path: '/api/v1/admin/orders/ship', body: { ids: [10], courier: 'pathao' } },
      ]),
    )
    expect(await courier.findByText('Sent to Pathao: the booking follows in a moment.')).toBeTruthy()
    expect(courier.getByRole('button', { name: 'Send to Steadfast' })).toBeTruthy()
  })

  it("shows the courier's refusal, and offers to send it again", async () => {
    shown = order({
      shipment: shipment({
        state: 'failed',
        consignmentId: null,
        trackingCode: null,
        trackingUrl: null,
        status: null,
        raw: null,
        error: 'Steadfast refused parcel HT-261125-AAAAA (400): The recipient phone must be 11 digits.',
      }),
    })
    openPage('/admin/orders/10')
    const courier = await panel()
    expect(await courier.findByText('Not booked')).toBeTruthy()
    expect(courier.getByTestId('shipment-error').textContent).toBe(
      'Steadfast refused parcel HT-261125-AAAAA (400): The recipient phone must be 11 digits.',
    )
    expect(courier.getByRole('button', { name: 'Send again with Steadfast' })).toBeTruthy()
  })

  it('shows a booked parcel with its consignment and a tracking link, and no button to send it again', async () => {
    shown = order({ status: 'shipped', next: ['delivered', 'returned'], shipment: shipment({}) })
    openPage('/admin/orders/10')
    const courier = await panel()
    const link = await courier.findByRole('link', { name: /15BAEB8A/ })
    expect(link.getAttribute('href')).toBe('https://steadfast.com.bd/t/15BAEB8A')
    expect(link.textContent).toContain("opens Steadfast's tracking page")
    expect(courier.getByText('1424107')).toBeTruthy()
    expect(courier.getByText('TK 2,470.00')).toBeTruthy()
    expect(courier.queryByRole('button')).toBeNull()
  })

  it('sends the chosen orders from the list, and names the ones left', async () => {
    openPage('/admin/orders')
    await screen.findByRole('table', { name: 'Orders' })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every order on this page' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Send to Steadfast' }))
    await waitFor(() => expect(ships()[0]?.body).toEqual({ ids: [10, 9], courier: 'steadfast' }))
    expect(
      await screen.findByText('1 parcel sent to Steadfast. Not sent: HT-261125-BBBBB (Shipped)'),
    ).toBeTruthy()
  })
})

describe("the number's record with the couriers", () => {
  it("is asked only when the staff press the button, and shows each courier's counts", async () => {
    openPage('/admin/orders/10')
    const ask = await screen.findByRole('button', { name: 'Ask the couriers about this number' })
    const records = () => asked.filter((call) => call.path.endsWith('/courier-records'))
    expect(records()).toEqual([])
    fireEvent.click(ask)
    expect(
      await screen.findByText(
        'Steadfast, all shops — parcels: 12, delivered: 9, cancelled: 3, fraud reports: 1',
      ),
    ).toBeTruthy()
    expect(records()).toHaveLength(1)
  })
})
