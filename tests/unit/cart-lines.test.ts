import { describe, expect, it } from 'vitest'
import type { ListItem } from '../../src/lib/local-list'
import {
  addOrSum,
  buildCartLines,
  canDecrease,
  canIncrease,
  cartTotal,
  clampQuantity,
  maxQuantity,
  productIdsOf,
  setItemQuantity,
  unknownItems,
} from '../../src/state/list-lines'
import { product, sku } from './support/catalogue'

const item = (overrides: Partial<ListItem> = {}): ListItem => ({
  product_id: 1,
  sku: 'TEE-RED-M',
  quantity: 2,
  price: 800,
  ...overrides,
})

describe('buildCartLines', () => {
  it('builds a line as storefront §3 displays it', () => {
    expect(buildCartLines([item()], [product()])).toEqual([
      {
        id: 1,
        slug: 'cotton-tee',
        title: 'Cotton Tee',
        category: 'Tops',
        image: 'products/tee-1.webp',
        size: 'M',
        colour: 'Red',
        sku: 'TEE-RED-M',
        skuId: 11,
        quantity: 2,
        unit_price: 1000,
        unit_discounted_price: 800,
        discounted_value: 200,
        vat: 5,
        available_quantity: 5,
        min_quantity: 1,
        max_quantity: 5,
      },
    ])
  })

  it.each([
    {
      name: 'skips an item whose product is missing',
      items: [item({ product_id: 99 })],
      skus: ['TEE-RED-M'],
    },
    { name: 'skips an item whose sku is missing', items: [item({ sku: 'GONE' })], skus: ['TEE-RED-M'] },
    { name: 'skips a product without skus', items: [item()], skus: [] },
  ])('$name', ({ items, skus }) => {
    const products = [product({ skus: skus.map((code) => sku({ sku: code })) })]
    expect(buildCartLines(items, products)).toEqual([])
  })

  it('keeps the stored order and skips only the broken line', () => {
    const second = product({ id: 2, slug: 'denim', skus: [sku({ id: 21, sku: 'DENIM-32' })] })
    const lines = buildCartLines(
      [item({ product_id: 2, sku: 'DENIM-32' }), item({ sku: 'GONE' }), item()],
      [product(), second],
    )
    expect(lines.map((line) => line.sku)).toEqual(['DENIM-32', 'TEE-RED-M'])
  })

  it.each([
    { stock: 5, stored: 2, max: 5, quantity: 2 },
    { stock: 3, stored: 9, max: 3, quantity: 3 },
    { stock: 0, stored: 4, max: 1, quantity: 1 },
    { stock: 1, stored: 1, max: 1, quantity: 1 },
  ])('stock $stock, stored $stored: max $max, shows $quantity', ({ stock, stored, max, quantity }) => {
    const [line] = buildCartLines(
      [item({ quantity: stored })],
      [product({ skus: [sku({ stockQuantity: stock })] })],
    )
    expect(line?.max_quantity).toBe(max)
    expect(line?.available_quantity).toBe(stock)
    expect(line?.quantity).toBe(quantity)
  })

  it.each([
    { attributes: [{ key: 'size', value: 'XL' }], size: 'XL' },
    { attributes: [{ key: 'Size', value: '42' }], size: '42' },
    { attributes: [{ key: 'colour', value: 'Blue' }], size: null },
    { attributes: [], size: null },
  ])('size comes from the attribute keyed size: $size', ({ attributes, size }) => {
    const [line] = buildCartLines([item()], [product({ skus: [sku({ attributes })] })])
    expect(line?.size).toBe(size)
  })

  it.each([
    { thumbnail: 'a.webp,b.webp', image: 'a.webp' },
    { thumbnail: ' a.webp , b.webp', image: 'a.webp' },
    { thumbnail: 'only.webp', image: 'only.webp' },
    { thumbnail: '', image: '' },
  ])('image of "$thumbnail" is "$image"', ({ thumbnail, image }) => {
    expect(buildCartLines([item()], [product({ thumbnail })])[0]?.image).toBe(image)
  })

  it.each([
    { name: 'uses the first sku in stock', stocks: [0, 4], expected: 'B' },
    { name: 'uses the first sku when none is in stock', stocks: [0, 0], expected: 'A' },
  ])('a wish list entry without a sku $name', ({ stocks, expected }) => {
    const skus = [
      sku({ id: 1, sku: 'A', stockQuantity: stocks[0] }),
      sku({ id: 2, sku: 'B', stockQuantity: stocks[1] }),
    ]
    const lines = buildCartLines([item({ sku: '' })], [product({ skus })], { fallbackSku: true })
    expect(lines.map((line) => line.sku)).toEqual([expected])
    expect(buildCartLines([item({ sku: '' })], [product({ skus })])).toEqual([])
  })
})

describe('quantity bounds', () => {
  it.each([
    { quantity: 1, max: 5, plus: true, minus: false },
    { quantity: 3, max: 5, plus: true, minus: true },
    { quantity: 5, max: 5, plus: false, minus: true },
    { quantity: 1, max: 1, plus: false, minus: false },
  ])('at $quantity of $max: + $plus, − $minus', ({ quantity, max, plus, minus }) => {
    const line = { quantity, max_quantity: max, min_quantity: 1 }
    expect(canIncrease(line)).toBe(plus)
    expect(canDecrease(line)).toBe(minus)
  })

  it.each([
    { quantity: 0, max: 5, clamped: 1 },
    { quantity: -3, max: 5, clamped: 1 },
    { quantity: 6, max: 5, clamped: 5 },
    { quantity: 2.7, max: 5, clamped: 2 },
    { quantity: Number.NaN, max: 5, clamped: 1 },
    { quantity: 4, max: 0, clamped: 1 },
  ])('clamps $quantity into 1..$max as $clamped', ({ quantity, max, clamped }) => {
    expect(clampQuantity(quantity, max)).toBe(clamped)
  })

  it.each([
    { stock: 7, max: 7 },
    { stock: 0, max: 1 },
    { stock: undefined, max: 1 },
  ])('max quantity for stock $stock is $max', ({ stock, max }) => {
    expect(maxQuantity(stock)).toBe(max)
  })
})

describe('cartTotal', () => {
  it.each([
    { lines: [], total: 0 },
    { lines: [{ unit_discounted_price: 800, quantity: 2 }], total: 1600 },
    {
      lines: [
        { unit_discounted_price: 800, quantity: 2 },
        { unit_discounted_price: 99.99, quantity: 3 },
      ],
      total: 1899.97,
    },
    { lines: [{ unit_discounted_price: 0.1, quantity: 3 }], total: 0.3 },
  ])('totals $lines.length lines as $total', ({ lines, total }) => {
    expect(cartTotal(lines)).toBe(total)
  })

  it('counts only the lines that could be built', () => {
    const lines = buildCartLines([item({ quantity: 3 }), item({ sku: 'GONE', quantity: 10 })], [product()])
    expect(cartTotal(lines)).toBe(2400)
  })
})

describe('changing stored items', () => {
  it.each([
    { name: 'adds a new sku', start: [], add: item({ quantity: 2 }), max: 5, quantities: [2] },
    {
      name: 'sums the same sku',
      start: [item({ quantity: 2 })],
      add: item({ quantity: 2 }),
      max: 5,
      quantities: [4],
    },
    {
      name: 'stops the sum at stock',
      start: [item({ quantity: 4 })],
      add: item({ quantity: 3 }),
      max: 5,
      quantities: [5],
    },
    { name: 'keeps other skus apart', start: [item({ sku: 'X' })], add: item(), max: 5, quantities: [2, 2] },
  ])('addOrSum $name', ({ start, add, max, quantities }) => {
    expect(addOrSum(start, add, max).map((i) => i.quantity)).toEqual(quantities)
  })

  it.each([
    { quantity: 3, stored: 3 },
    { quantity: 0, stored: 1 },
  ])('setItemQuantity to $quantity stores $stored', ({ quantity, stored }) => {
    const items = setItemQuantity([item(), item({ sku: 'OTHER', quantity: 9 })], 'TEE-RED-M', quantity)
    expect(items.map((i) => i.quantity)).toEqual([stored, 9])
  })

  it('asks for each product id once, sorted', () => {
    expect(
      productIdsOf([item({ product_id: 9 }), item({ product_id: 2 }), item({ product_id: 9, sku: 'B' })]),
    ).toEqual([2, 9])
  })
})

describe('unknownItems: stored entries that can never show (storefront §8)', () => {
  const products = [product()]
  it.each([
    ['a known product and sku stays', item(), false, false],
    ['an unknown product goes', item({ product_id: 9 }), false, true],
    ['an unknown sku goes', item({ sku: 'GONE' }), false, true],
    ['a wish list entry without a sku stays (it shows the first sku)', item({ sku: '' }), true, false],
    ['a cart entry without a sku goes', item({ sku: '' }), false, true],
  ])('%s', (_name, stored, fallbackSku, unknown) => {
    expect(unknownItems([stored], products, { fallbackSku })).toEqual(unknown ? [stored] : [])
  })
})
