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
import { ProductListPage } from '../../src/admin/products/product-list-page'
import { productListSearch, productListView } from '../../src/admin/products/product-list-search'
import type { AdminProductRow, AdminProductsAnswer, ProductStockSku } from '../../src/contract/admin-products'
import type { AdminRefs } from '../../src/contract/admin-refs'
import type { StaffMember, StaffRole } from '../../src/contract/staff'
import { parseSearch, stringifySearch } from '../../src/lib/query-string'

const row = (id: number, name: string, more: Partial<AdminProductRow> = {}): AdminProductRow => ({
  id,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  name,
  nameBn: '',
  image: `products/${id}.webp`,
  status: 'draft',
  categoryName: 'Saree',
  brandName: 'Bunon',
  price: 2500,
  discountedPrice: 2500,
  stockQuantity: 12,
  stockLevel: 'in',
  skuCount: 3,
  updatedAt: '2026-11-25T10:00:00Z',
  version: 1,
  ...more,
})

const listAnswer: AdminProductsAnswer = {
  data: [
    row(1, 'Silk Saree', { stockQuantity: 0, stockLevel: 'out' }),
    row(2, 'Cotton Panjabi', { stockQuantity: 3, stockLevel: 'low', discountedPrice: 1999 }),
  ],
  meta: { page: 1, perPage: 25, total: 2, totalCapped: false, hasNext: false },
}
const refs: AdminRefs = {
  categories: [{ id: 4, slug: 'saree', name: 'Saree', nameBn: 'শাড়ি', parentId: null, position: 0 }],
  brands: [{ id: 9, slug: 'bunon', name: 'Bunon', nameBn: '' }],
  campaigns: [],
  defaultVatPercent: 5,
}

/** a product's two skus, each with `stock` */
const stockOf = (stock: number): ProductStockSku[] =>
  ['M', 'L'].map((size, index) => ({
    id: 10 + index,
    sku: `SLK-001-${size}`,
    size,
    colour: null,
    attributes: [],
    stockQuantity: stock,
    price: 2500,
    discountedPrice: 2500,
  }))

type Asked = { method: string; path: string; search: URLSearchParams; body: unknown }
let asked: Asked[]
let bulkAnswer: unknown
beforeEach(() => {
  asked = []
  bulkAnswer = { data: { changed: 1, skipped: [{ id: 1, reason: 'no-image' }] } }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init)
      const url = new URL(request.url)
      const body = request.method === 'GET' ? null : await request.clone().json()
      asked.push({ method: request.method, path: url.pathname, search: url.searchParams, body })
      const answer = url.pathname.endsWith('/catalogue-refs')
        ? { data: refs }
        : url.pathname.endsWith('/products')
          ? listAnswer
          : /\/products\/\d+\/(stock|skus)$/.test(url.pathname)
            ? { data: stockOf((body as { stockQuantity?: number } | null)?.stockQuantity ?? 2) }
            : bulkAnswer
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const member = (role: StaffRole): StaffMember => ({
  id: 1,
  phone: '01712345678',
  firstName: 'Rahima',
  lastName: 'Khatun',
  role,
  status: 'active',
  totpEnabled: true,
  mustChangePassword: false,
  lastSeenAt: null,
})

/** The products page at `path`, routed as the back office routes it, for someone of `role`. */
async function openPage(path: string, role: StaffRole = 'owner') {
  const root = createRootRoute()
  const adminRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/$',
    component: function AdminProducts() {
      const search = adminRoute.useSearch() as Record<string, unknown>
      return <ProductListPage staff={member(role)} search={search} rest="" />
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
  await screen.findByText('Silk Saree')
  return { query: () => history.location.search }
}

const productsCalls = () =>
  asked.filter((call) => call.method === 'GET' && call.path.endsWith('/admin/products'))
/** the list's own requests, not the count of active products out of stock the page also asks for */
const listCalls = () => productsCalls().filter((call) => call.search.get('perPage') !== '1')

describe('the products list in the address', () => {
  it('reads what the API takes, drops the rest, and writes back only what differs from the defaults', () => {
    const view = productListView({
      q: ' silk ',
      status: 'gone',
      stock: 'low',
      sort: 'price',
      page: '3',
      brandId: '-2',
    })
    expect(view).toEqual({
      q: 'silk',
      status: undefined,
      categoryId: undefined,
      brandId: undefined,
      campaignId: undefined,
      stock: 'low',
      sort: 'price',
      dir: 'asc',
      page: 3,
    })
    expect(productListSearch(view)).toEqual({ q: 'silk', stock: 'low', sort: 'price', page: 3 })
    expect(productListSearch(productListView({}))).toEqual({})
  })

  it('opens a shared link with its filters, and asks the API for them', async () => {
    await openPage('/admin/products?status=archived&categoryId=4&page=2')
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('archived')
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('4'))
    const call = listCalls().at(-1)
    expect(Object.fromEntries(call?.search ?? [])).toMatchObject({
      status: 'archived',
      categoryId: '4',
      page: '2',
    })
  })

  it('writes the search, filters and sort into the address, back on page 1', async () => {
    const page = await openPage('/admin/products?page=4')
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'silk' } })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } })
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } })
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-desc' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(page.query()).toBe('?q=silk&status=draft&stock=low&sort=price&dir=desc'))
    await waitFor(() =>
      expect(Object.fromEntries(listCalls().at(-1)?.search ?? [])).toEqual({
        q: 'silk',
        status: 'draft',
        stock: 'low',
        sort: 'price',
        dir: 'desc',
        page: '1',
        perPage: '25',
      }),
    )
  })

  it('shows each product’s status, price and stock, out and low marked', async () => {
    await openPage('/admin/products')
    const table = screen.getByRole('table', { name: 'Products' })
    expect(within(table).getByText('Out of stock')).toBeTruthy()
    expect(within(table).getByText('Only 3 left')).toBeTruthy()
    expect(within(table).getAllByText('Draft')).toHaveLength(2)
    expect(within(table).getByRole('link', { name: 'Silk Saree' }).getAttribute('href')).toBe(
      '/admin/products/1',
    )
    expect(screen.getByText('2 products').getAttribute('aria-live')).toBe('polite')
  })
})

describe('active products out of stock', () => {
  it('are marked, counted above the list, and shown by one button', async () => {
    listAnswer.data.push(row(3, 'Eid Panjabi', { status: 'active', stockQuantity: 0, stockLevel: 'out' }))
    try {
      const page = await openPage('/admin/products')
      const table = screen.getByRole('table', { name: 'Products' })
      expect(within(table).getByText('Active, out of stock')).toBeTruthy()
      const count = productsCalls().find((call) => call.search.get('perPage') === '1')
      expect(Object.fromEntries(count?.search ?? [])).toMatchObject({ status: 'active', stock: 'out' })
      // the fake answers every list alike: its total (2) stands for the count
      expect(
        await screen.findByText(
          '2 active products are out of stock: shoppers find them but cannot buy them.',
        ),
      ).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Show them' }))
      await waitFor(() => expect(page.query()).toBe('?status=active&stock=out'))
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Show them' })).toBeNull())
    } finally {
      listAnswer.data.pop()
    }
  })
})

describe('a product’s skus', () => {
  it('take one stock for all of them from staff', async () => {
    await openPage('/admin/products', 'staff')
    fireEvent.click(screen.getByRole('button', { name: /^Stock of 3 SKUs.*Silk Saree$/ }))
    const stock = await screen.findByLabelText('Same stock for every SKU')
    fireEvent.change(stock, { target: { value: '7' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply to all' }))
    expect(await screen.findByText('Saved: every SKU has 7 in stock')).toBeTruthy()
    expect(asked.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/v1/admin/products/1/skus',
      body: { stockQuantity: 7 },
    })
    const lines = screen.getByRole('list', { name: 'Stock of Silk Saree' })
    for (const input of within(lines).getAllByRole('spinbutton'))
      expect((input as HTMLInputElement).value).toBe('7')
  })
})

describe('the bulk bar', () => {
  it('archives the chosen products after a confirmation, and tells what was changed and skipped', async () => {
    await openPage('/admin/products')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every product on this page' }))
    expect(screen.getByText('2 selected')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'archive' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive' })
    expect(asked.some((call) => call.method === 'POST')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    await waitFor(() =>
      expect(asked.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/v1/admin/products/bulk',
        body: { ids: [1, 2], action: { type: 'archive' } },
      }),
    )
    expect(await screen.findByText('1 product changed, 1 skipped: Silk Saree (no image)')).toBeTruthy()
  })

  it('publishes at once, without a confirmation', async () => {
    bulkAnswer = { data: { changed: 1, skipped: [] } }
    await openPage('/admin/products')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cotton Panjabi' }))
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(asked.find((call) => call.method === 'POST')?.body).toEqual({
        ids: [2],
        action: { type: 'publish' },
      }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText('1 product changed')).toBeTruthy()
  })

  it('offers staff the stock change only, and no editor', async () => {
    bulkAnswer = { data: { changed: 1, skipped: [] } }
    await openPage('/admin/products', 'staff')
    const actions = screen.getByLabelText('Action') as HTMLSelectElement
    expect([...actions.options].map((option) => option.value)).toEqual(['stock'])
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Silk Saree' })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Silk Saree' }))
    fireEvent.change(screen.getByLabelText('Add to each SKU (negative takes away)'), {
      target: { value: '5' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(asked.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/v1/admin/products/bulk-stock',
        body: { ids: [1], by: 5 },
      }),
    )
  })
})
