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
import type { AdminOrder, AdminOrderRow, AdminOrdersAnswer } from '../../src/contract/admin-orders'
import type { StaffMember } from '../../src/contract/staff'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

const row = (id: number, number: string, more: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id,
  number,
  status: 'pending',
  customerName: 'Rahim Uddin',
  phone: '01812345678',
  zone: 'inside_dhaka',
  district: 'Dhaka',
  paymentMethod: 'cod',
  paymentStatus: 'unpaid',
  total: 123456,
  collect: 123456,
  refund: 0,
  itemCount: 2,
  createdAt: '2026-11-25T08:05:00Z',
  version: 1,
  ...more,
})

const listAnswer: AdminOrdersAnswer = {
  data: [row(10, 'HT-261125-AAAAA'), row(9, 'HT-261125-BBBBB', { status: 'shipped' })],
  meta: { page: 1, perPage: 25, total: 2, hasNext: false, counts: { pending: 1, shipped: 1 }, latestId: 10 },
}

const order = (more: Partial<AdminOrder> = {}): AdminOrder => ({
  id: 10,
  number: 'HT-261125-AAAAA',
  status: 'packed',
  paymentMethod: 'cod',
  payments: [],
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
  lines: [
    {
      productId: 3,
      skuId: 31,
      name: 'Cotton Panjabi',
      slug: 'cotton-panjabi',
      sku: 'PANJABI-M-WHITE',
      size: 'M',
      colour: 'White',
      image: null,
      unitPrice: 1200,
      unitDiscountedPrice: 1200,
      quantity: 2,
      vat: 0,
      lineTotal: 2400,
    },
  ],
  history: [],
  courier: null,
  trackingNumber: null,
  cancelReason: null,
  createdAt: '2026-11-25T08:05:00Z',
  paymentRedirectUrl: null,
  version: 3,
  updatedAt: '2026-11-25T09:00:00Z',
  next: ['shipped', 'cancelled'],
  events: [
    { kind: 'status', status: 'pending', note: '', by: null, createdAt: '2026-11-25T08:05:00Z' },
    {
      kind: 'note',
      status: 'pending',
      note: 'Called, wants it by Friday',
      by: 'Rina Akter',
      createdAt: '2026-11-25T08:30:00Z',
    },
  ],
  returned: [],
  record: { orders: 3, delivered: 1, cancelled: 1, returned: 0, refusals: 1, risk: 'high' },
  ...more,
})

type Asked = { method: string; path: string; search: URLSearchParams; body: unknown }
let asked: Asked[]
/** what the server counts as placed after the newest order the list shows */
let newOrders: number
let shown: AdminOrder
let moveAnswer: { status: number; body: unknown }
beforeEach(() => {
  asked = []
  newOrders = 0
  shown = order()
  moveAnswer = {
    status: 200,
    body: { data: order({ status: 'shipped', version: 4, next: ['delivered', 'returned'] }) },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init)
      const url = new URL(request.url)
      const body = request.method === 'GET' ? null : await request.clone().json()
      asked.push({ method: request.method, path: url.pathname, search: url.searchParams, body })
      const json = (status: number, answer: unknown) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
      if (url.pathname.endsWith('/admin/orders/new')) {
        return json(200, { data: { count: url.searchParams.get('since') === '10' ? newOrders : 0 } })
      }
      if (url.pathname.endsWith('/admin/orders')) return json(200, listAnswer)
      if (url.pathname.endsWith('/bulk-status'))
        return json(200, { data: { changed: 1, skipped: [{ id: 9, status: 'shipped' }] } })
      if (url.pathname.endsWith('/status')) return json(moveAnswer.status, moveAnswer.body)
      return json(200, { data: shown })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const staff: StaffMember = {
  id: 1,
  phone: '01712345678',
  firstName: 'Rahima',
  lastName: 'Khatun',
  role: 'staff',
  status: 'active',
  totpEnabled: true,
  mustChangePassword: false,
  lastSeenAt: null,
}

/** The orders section at `path`, routed as the back office routes it. */
function openPage(path: string) {
  const root = createRootRoute()
  const adminRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/$',
    component: function AdminOrders() {
      const { _splat = '' } = adminRoute.useParams()
      const search = adminRoute.useSearch() as Record<string, unknown>
      return <OrdersPage staff={staff} search={search} rest={_splat.replace(/^orders\/?/, '')} />
    },
  })
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({
    routeTree: root.addChildren([adminRoute]),
    history,
    parseSearch,
    stringifySearch,
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { query: () => history.location.search }
}

const listCalls = () => asked.filter((call) => call.path.endsWith('/admin/orders'))

describe('the orders list', () => {
  it('shows each status with its count, All first, and each order with its total in taka', async () => {
    openPage('/admin/orders?zone=inside_dhaka')
    const table = await screen.findByRole('table', { name: 'Orders' })
    const tabs = within(screen.getByRole('navigation', { name: 'Orders by status' })).getAllByRole('link')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All2',
      'Awaiting payment0',
      'New1',
      'Confirmed0',
      'Packed0',
      'Shipped1',
      'Delivered0',
      'Cancelled0',
      'Returned0',
    ])
    expect(tabs[0]?.getAttribute('aria-current')).toBe('page')
    // a tab keeps the filters
    expect(tabs[5]?.getAttribute('href')).toBe('/admin/orders?zone=inside_dhaka&status=shipped')
    expect(within(table).getByRole('link', { name: 'HT-261125-AAAAA' }).getAttribute('href')).toBe(
      '/admin/orders/10',
    )
    expect(within(table).getAllByText('TK 1,23,456.00')).toHaveLength(2)
    expect(Object.fromEntries(listCalls()[0]?.search ?? [])).toEqual({
      zone: 'inside_dhaka',
      page: '1',
      perPage: '25',
    })
  })

  it('writes the search and filters into the address, keeping the tab, back on page 1', async () => {
    const page = openPage('/admin/orders?status=pending&page=3')
    await screen.findByRole('table', { name: 'Orders' })
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '01812' } })
    fireEvent.change(screen.getByLabelText('Payment status'), { target: { value: 'unpaid' } })
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() =>
      expect(page.query()).toBe('?q=01812&status=pending&paymentStatus=unpaid&from=2026-11-01'),
    )
  })

  it('announces orders that came in since the list was read, and shows them on request', async () => {
    newOrders = 2
    openPage('/admin/orders')
    const button = await screen.findByRole('button', { name: '2 new orders: show' })
    expect(button.closest('[role="status"]')).toBeTruthy()
    const before = listCalls().length
    newOrders = 0
    fireEvent.click(button)
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before))
    await waitFor(() => expect(screen.queryByRole('button', { name: /new orders?: show/ })).toBeNull())
  })

  it('confirms the chosen orders at once, and tells what changed and what was skipped', async () => {
    openPage('/admin/orders')
    await screen.findByRole('table', { name: 'Orders' })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every order on this page' }))
    expect(screen.getByText('2 chosen')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() =>
      expect(asked.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/v1/admin/orders/bulk-status',
        body: { ids: [10, 9], to: 'confirmed' },
      }),
    )
    expect(await screen.findByText('1 order changed. 1 skipped: HT-261125-BBBBB (Shipped)')).toBeTruthy()
  })
})

describe('one order', () => {
  it('shows its lines, totals, customer record (flagged) and timeline', async () => {
    openPage('/admin/orders/10')
    expect(await screen.findByRole('heading', { name: 'Order HT-261125-AAAAA', level: 1 })).toBeTruthy()
    expect(screen.getByText('SKU PANJABI-M-WHITE · M · White')).toBeTruthy()
    expect(screen.getByTestId('order-total').textContent).toBe('TK 2,470.00')
    expect(screen.getByRole('link', { name: '01812345678' }).getAttribute('href')).toBe('tel:01812345678')
    expect(screen.getByText(/^Risk: high\. Half or more/)).toBeTruthy()
    expect(screen.getByText('Called, wants it by Friday')).toBeTruthy()
    expect(screen.getByText(/^Rina Akter, /)).toBeTruthy()
  })

  it('ships with a courier and tracking number, sending the version it read', async () => {
    openPage('/admin/orders/10')
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }))
    const dialog = screen.getByRole('dialog', { name: 'Ship order HT-261125-AAAAA' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }))
    expect(within(dialog).getByText('Enter the courier')).toBeTruthy()
    expect(within(dialog).getByLabelText('Courier').getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(within(dialog).getByLabelText('Courier'), { target: { value: 'Pathao' } })
    fireEvent.change(within(dialog).getByLabelText('Tracking number'), { target: { value: 'PX-1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }))
    await waitFor(() =>
      expect(asked.find((call) => call.method === 'POST')?.body).toEqual({
        to: 'shipped',
        version: 3,
        courier: 'Pathao',
        trackingNumber: 'PX-1',
      }),
    )
    expect(await screen.findByText('The order is shipped.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeTruthy()
  })

  it('cancels with a reason of the list, which says who it is on, telling the staff the customer reads it', async () => {
    openPage('/admin/orders/10')
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel order HT-261125-AAAAA' })
    const reason = within(dialog).getByLabelText('Reason')
    expect(
      within(dialog).getByText('The customer reads this reason in their SMS, in their own language.').id,
    ).toBe(reason.getAttribute('aria-describedby'))
    fireEvent.change(reason, { target: { value: 'out_of_stock' } })
    expect(within(dialog).queryByLabelText('Who is it on?')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    await waitFor(() =>
      expect(asked.find((call) => call.path.endsWith('/status'))?.body).toEqual({
        to: 'cancelled',
        version: 3,
        reasonCode: 'out_of_stock',
      }),
    )
  })

  it('on a conflict says who changed the order, reads it again and keeps what was typed', async () => {
    moveAnswer = { status: 409, body: { error: { version: ['Changed by Rina Akter at 14:05'] } } }
    openPage('/admin/orders/10')
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel order HT-261125-AAAAA' })
    // a reason of their own: the staff write it, and say who the cancellation is on
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'own' } })
    expect(
      within(dialog).getByText('The customer reads this reason in their SMS, exactly as you write it.'),
    ).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('The reason, as the customer will read it'), {
      target: { value: 'Customer asked' },
    })
    // who the cancellation is on must be said: the customer's record reads it
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(await within(dialog).findByText('Choose who the cancellation is on')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Who is it on?'), {
      target: { value: 'customer_request' },
    })
    const reads = asked.filter((call) => call.path.endsWith('/admin/orders/10')).length
    shown = order({ version: 4, status: 'cancelled', next: [] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(
      await within(dialog).findByText(
        'Changed by Rina Akter at 14:05. The order has been read again: check it, then try again.',
      ),
    ).toBeTruthy()
    await waitFor(() =>
      expect(asked.filter((call) => call.path.endsWith('/admin/orders/10')).length).toBeGreaterThan(reads),
    )
    expect(
      await within(dialog).findByText('This move no longer applies to the order as it is now.'),
    ).toBeTruthy()
    expect(
      (within(dialog).getByLabelText('The reason, as the customer will read it') as HTMLTextAreaElement)
        .value,
    ).toBe('Customer asked')
    expect(asked.find((call) => call.path.endsWith('/status'))?.body).toEqual({
      to: 'cancelled',
      version: 3,
      reason: 'Customer asked',
      code: 'customer_request',
    })
  })
})
