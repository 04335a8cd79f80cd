// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { pushViewCart, viewCartEvent } from '../../src/features/cart/analytics'
import { floatingCartHidden } from '../../src/features/cart/floating-cart'
import type { CartLine } from '../../src/state/list-lines'

const line = (sku: string, price: number, quantity: number): CartLine => ({
  id: 1,
  slug: 'tee',
  title: `Tee ${sku}`,
  category: 'Tops',
  image: '',
  size: 'M',
  colour: null,
  sku,
  skuId: 1,
  quantity,
  unit_price: price + 100,
  unit_discounted_price: price,
  discounted_value: 100,
  vat: 0,
  available_quantity: 5,
  min_quantity: 1,
  max_quantity: 5,
})

describe('floating cart visibility', () => {
  it.each([
    { path: '/', drawer: false, hidden: false },
    { path: '/category/men', drawer: false, hidden: false },
    { path: '/checkout', drawer: false, hidden: true },
    { path: '/checkout/', drawer: false, hidden: true },
    { path: '/confirm-order', drawer: false, hidden: true },
    { path: '/checkout-help', drawer: false, hidden: false },
    { path: '/', drawer: true, hidden: true },
  ])('on $path with the drawer open=$drawer: hidden=$hidden', ({ path, drawer, hidden }) => {
    expect(floatingCartHidden(path, drawer)).toBe(hidden)
  })
})

describe('view_cart analytics', () => {
  it('describes the cart in BDT with one entry per line', () => {
    const event = viewCartEvent([line('A', 500, 2), line('B', 250, 1)], 1250)
    expect(event).toMatchObject({ event: 'view_cart', ecommerce: { currency: 'BDT', value: 1250 } })
    expect(event.ecommerce.items.map((i) => [i.item_id, i.price, i.quantity])).toEqual([
      ['A', 500, 2],
      ['B', 250, 1],
    ])
  })

  it('pushes the event to window.dataLayer', () => {
    const target = window as Window & { dataLayer?: unknown[] }
    target.dataLayer = []
    pushViewCart([line('A', 500, 1)], 500)
    expect(target.dataLayer.at(-1)).toMatchObject({
      event: 'view_cart',
      ecommerce: { currency: 'BDT', value: 500 },
    })
  })
})
