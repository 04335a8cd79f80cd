import { describe, expect, it } from 'vitest'
import {
  cartPriceChanges,
  priceChangeText,
  stockShortfalls,
  stockShortfallText,
} from '../../src/features/cart/cart-changes'
import { acknowledgePriceChanges } from '../../src/features/cart/use-cart-changes'
import { cartList } from '../../src/state/cart'

const item = (sku: string, price: number, quantity = 1) => ({ product_id: 1, sku, price, quantity })
const line = (sku: string, unit_discounted_price: number, available_quantity = 10) => ({
  sku,
  unit_discounted_price,
  available_quantity,
})

describe('price changes in the cart', () => {
  it.each([
    ['nothing changed', [item('A', 900)], [line('A', 900)], []],
    ['a price went up', [item('A', 900)], [line('A', 1050)], [{ sku: 'A', was: 900, now: 1050 }]],
    ['a price went down', [item('A', 900)], [line('A', 850.5)], [{ sku: 'A', was: 900, now: 850.5 }]],
    ['float noise is no change', [item('A', 0.1 + 0.2)], [line('A', 0.3)], []],
    ['a line the server no longer has is not a change', [item('A', 900)], [], []],
    [
      'only the changed line among several',
      [item('A', 900), item('B', 500), item('C', 10)],
      [line('A', 900), line('B', 450), line('C', 10)],
      [{ sku: 'B', was: 500, now: 450 }],
    ],
  ])('%s', (_name, items, lines, expected) => {
    expect(cartPriceChanges(items, lines)).toEqual(expected)
  })

  it.each([
    [{ was: 900, now: 1050 }, 'Price changed from TK 900.00 to TK 1,050.00'],
    [{ was: 125000, now: 99999.5 }, 'Price changed from TK 1,25,000.00 to TK 99,999.50'],
  ])('flags %o as "%s"', (change, text) => {
    expect(priceChangeText(change)).toBe(text)
  })

  it('takes the current prices once the shopper has seen them, which clears the flags', () => {
    cartList.update(() => [item('A', 900, 2), item('B', 500)])
    const changes = cartPriceChanges(cartList.read().items, [line('A', 1050), line('B', 500)])
    acknowledgePriceChanges(changes)
    const items = cartList.read().items
    expect(items).toEqual([item('A', 1050, 2), item('B', 500)])
    expect(cartPriceChanges(items, [line('A', 1050), line('B', 500)])).toEqual([])
  })
})

describe('stock below the cart quantity', () => {
  it.each([
    ['enough stock', [item('A', 1, 2)], [line('A', 1, 2)], []],
    ['less stock than wanted', [item('A', 1, 5)], [line('A', 1, 2)], [{ sku: 'A', wanted: 5, available: 2 }]],
    ['sold out', [item('A', 1, 1)], [line('A', 1, 0)], [{ sku: 'A', wanted: 1, available: 0 }]],
    ['a line not in the stored items', [item('B', 1, 3)], [line('A', 1, 0)], []],
  ])('%s', (_name, items, lines, expected) => {
    expect(stockShortfalls(items, lines)).toEqual(expected)
  })

  it.each([
    [0, 'Out of stock'],
    [1, 'Only 1 left: quantity lowered to 1'],
    [3, 'Only 3 left: quantity lowered to 3'],
  ])('with %i left says "%s"', (available, text) => {
    expect(stockShortfallText({ available })).toBe(text)
  })
})
