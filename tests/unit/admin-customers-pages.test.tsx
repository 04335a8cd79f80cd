// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CustomersPage } from '../../src/admin/customers/customers-page'
import type { AdminCustomer } from '../../src/contract/admin-customers'
import type { StaffMember } from '../../src/contract/staff'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

/** A guest as the server answers it: two orders to one place, one delivered. */
const guest = (more: Partial<AdminCustomer> = {}): AdminCustomer => ({
  id: 7,
  name: 'Salma Khatun',
  phone: '01912345670',
  account: null,
  status: 'active',
  blockScope: null,
  blockedAt: null,
  createdAt: '2026-11-20T08:00:00Z',
  addresses: [
    {
      name: 'Salma Khatun',
      phone: '01912345670',
      division: 'Dhaka',
      district: 'Dhaka',
      area: 'Dhanmondi',
      street: 'House 3, Road 9',
      landmark: '',
      zone: 'inside_dhaka',
      orders: 2,
      lastUsedAt: '2026-11-25T08:00:00Z',
    },
  ],
  orders: [
    {
      id: 11,
      number: 'HT-261125-AAAAA',
      createdAt: '2026-11-25T08:00:00Z',
      status: 'delivered',
      total: 1200,
    },
    { id: 10, number: 'HT-261120-BBBBB', createdAt: '2026-11-20T08:00:00Z', status: 'cancelled', total: 900 },
  ],
  totalSpent: 1200,
  record: { orders: 2, delivered: 1, cancelled: 1, returned: 0, refusals: 0, risk: 'low' },
  notes: [],
  ...more,
})

type Asked = { method: string; path: string; body: unknown }
let asked: Asked[]
let shown: AdminCustomer
beforeEach(() => {
  asked = []
  shown = guest()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init)
      const url = new URL(request.url)
      const body = request.method === 'GET' ? null : await request.clone().json()
      asked.push({ method: request.method, path: url.pathname, body })
      const json = (answer: unknown) =>
        new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      if (url.pathname.endsWith('/admin/couriers')) return json({ data: [] })
      if (url.pathname.endsWith('/block')) {
        const scope = (body as { scope: 'cod' | 'all' }).scope
        shown = guest({ status: 'blocked', blockScope: scope, blockedAt: '2026-11-26T08:00:00Z' })
      }
      if (url.pathname.endsWith('/unblock')) shown = guest()
      return json({ data: shown })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const owner: StaffMember = {
  id: 1,
  phone: '01712345678',
  firstName: 'Rahima',
  lastName: 'Khatun',
  role: 'owner',
  status: 'active',
  totpEnabled: true,
  mustChangePassword: false,
  lastSeenAt: null,
}

/** The customers section at `path`, routed as the back office routes it. */
function openPage(path: string) {
  const root = createRootRoute()
  const adminRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/$',
    component: function AdminCustomers() {
      const { _splat = '' } = adminRoute.useParams()
      const search = adminRoute.useSearch() as Record<string, unknown>
      return <CustomersPage staff={owner} search={search} rest={_splat.replace(/^customers\/?/, '')} />
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
}

describe("a guest's record", () => {
  it('shows the guest with the places their orders went and their delivery record', async () => {
    openPage('/admin/customers/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Salma Khatun' })).toBeTruthy()
    expect(screen.getByText('Guest')).toBeTruthy()
    expect(screen.getByText('None (orders as a guest)')).toBeTruthy()
    expect(screen.getByText('House 3, Road 9, Dhanmondi, Dhaka, Dhaka')).toBeTruthy()
    expect(screen.getByText(/^2 orders, the latest on/)).toBeTruthy()
    expect(screen.getByText('Refused: 0')).toBeTruthy()
    expect(screen.getByText(/^Risk: low\./)).toBeTruthy()
  })

  it('blocks the number for every order when the owner chooses it, and says so', async () => {
    openPage('/admin/customers/7')
    fireEvent.click(await screen.findByRole('button', { name: 'Block customer' }))
    const dialog = screen.getByRole('dialog', { name: 'Block customer' })
    expect(
      (within(dialog).getByRole('radio', { name: /Refuse cash on delivery/ }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(within(dialog).getByText(/the block is on the number/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('radio', { name: /Refuse every order/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block customer' }))
    expect(await screen.findByText('Blocked: the shop takes no order for this number.')).toBeTruthy()
    expect(asked.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/v1/admin/customers/7/block',
      body: { scope: 'all' },
    })
    expect(screen.getByRole('button', { name: 'Unblock customer' })).toBeTruthy()
  })
})
