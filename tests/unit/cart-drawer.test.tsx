// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Product } from '../../src/contract/product'
import { CartDrawer } from '../../src/features/cart/cart-drawer'
import { cartList } from '../../src/state/cart'
import { setCartDrawer, ui } from '../../src/state/ui'
import { product, sku } from './support/catalogue'

const tee = product({ id: 1, name: 'Cotton Tee', skus: [sku({ id: 11, sku: 'TEE-RED-M' })] })
const denim = product({ id: 2, slug: 'denim', name: 'Denim Jeans', skus: [sku({ id: 21, sku: 'DENIM-32' })] })

/** What the shop answers to `get-by-ids`: only the products it knows. */
let catalogue: Product[]
beforeEach(() => {
  catalogue = [tee, denim]
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const { ids } = (await request.json()) as { ids: number[] }
      const data = catalogue.filter((known) => ids.includes(known.id))
      return new Response(JSON.stringify({ data, total: data.length }), {
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
})
afterEach(() => {
  act(() => setCartDrawer(false))
  cartList.clear()
  vi.unstubAllGlobals()
})

const line = (product_id: number, code: string) => ({ product_id, sku: code, quantity: 1, price: 800 })

/** The cart drawer, open on a cart stored as `items`. */
async function openCart(items: ReturnType<typeof line>[]) {
  cartList.update(() => items)
  const router = createRouter({
    routeTree: createRootRoute({ component: CartDrawer }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  act(() => setCartDrawer(true))
  const drawer = await screen.findByRole('dialog', { name: /Shopping Cart/ })
  return { drawer, lines: () => within(drawer).queryAllByRole('listitem') }
}

describe('the cart drawer closes when its last line goes (storefront §4)', () => {
  it('removing one of two lines keeps it open on the other', async () => {
    const { drawer, lines } = await openCart([line(1, 'TEE-RED-M'), line(2, 'DENIM-32')])
    await within(drawer).findByText('Denim Jeans')
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Cotton Tee' }))
    await vi.waitFor(() => expect(lines()).toHaveLength(1))
    expect(ui.cartDrawerOpen).toBe(true)
  })

  it('removing the last line closes it', async () => {
    const { drawer } = await openCart([line(1, 'TEE-RED-M')])
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Remove Cotton Tee' }))
    await vi.waitFor(() => expect(ui.cartDrawerOpen).toBe(false))
  })

  it('counts the lines the shopper sees: entries the shop does not know neither show nor keep it open', async () => {
    const { drawer, lines } = await openCart([
      line(1, 'TEE-RED-M'),
      line(99, 'GONE-1'),
      line(2, 'NO-SUCH-SKU'),
    ])
    await within(drawer).findByText('Cotton Tee')
    expect(lines()).toHaveLength(1)
    expect(within(drawer).getByRole('heading', { name: 'Shopping Cart (1)' })).toBeTruthy()
    // the unknown entries leave storage once the shop has answered for them
    await vi.waitFor(() => expect(cartList.read().items.map((item) => item.sku)).toEqual(['TEE-RED-M']))
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Cotton Tee' }))
    await vi.waitFor(() => expect(ui.cartDrawerOpen).toBe(false))
    expect(cartList.read().items).toEqual([])
  })

  it('a cart opened empty stays open and says so', async () => {
    const { drawer } = await openCart([])
    expect(within(drawer).getByText('Empty Cart')).toBeTruthy()
    expect(ui.cartDrawerOpen).toBe(true)
  })
})
