import { describe, expect, it } from 'vitest'
import {
  combineLines,
  includedVat,
  orderTotals,
  type PricedSku,
  priceLines,
} from '../../server/domain/checkout'
import { pointsEarned, pointsKept, pointsOffer } from '../../server/domain/reward-points'

const sku = (over: Partial<PricedSku> = {}): PricedSku => ({
  skuId: 1,
  sku: 'PJ-1-M-WHITE',
  productId: 10,
  productStatus: 'active',
  name: 'Cotton Panjabi',
  slug: 'cotton-panjabi',
  thumbnail: 'products/1/a.webp,products/1/b.webp',
  size: 'M',
  colour: 'White',
  price: 1500,
  discountedPrice: 1200,
  stockQuantity: 5,
  vat: 5,
  weightGrams: 450,
  categoryPath: [3, 7],
  ...over,
})

describe('priceLines', () => {
  it.each([
    { name: 'in stock', stock: 5, status: 'active' as const, asked: 2, quantity: 2, problem: null },
    {
      name: 'more than stock',
      stock: 3,
      status: 'active' as const,
      asked: 4,
      quantity: 3,
      problem: 'Only 3 left of Cotton Panjabi',
    },
    {
      name: 'out of stock',
      stock: 0,
      status: 'active' as const,
      asked: 1,
      quantity: 0,
      problem: 'Cotton Panjabi is out of stock',
    },
    {
      name: 'inactive product',
      stock: 9,
      status: 'archived' as const,
      asked: 1,
      quantity: 0,
      problem: 'Cotton Panjabi is no longer available',
    },
  ])('$name: quantity $quantity', ({ stock, status, asked, quantity, problem }) => {
    const [line] = priceLines(
      [{ skuId: 1, quantity: asked }],
      new Map([[1, sku({ stockQuantity: stock, productStatus: status })]]),
    )
    expect(line?.quantity).toBe(quantity)
    expect(line?.problem).toBe(problem)
    expect(line?.lineTotal).toBe(1200 * quantity)
    expect(line?.image).toBe('products/1/a.webp')
  })

  it('marks a sku the shop does not have', () => {
    const [line] = priceLines([{ skuId: 99, quantity: 1 }], new Map())
    expect(line?.problem).toBe('This item is no longer available')
    expect(line?.quantity).toBe(0)
  })
})

describe('orderTotals', () => {
  it.each([
    {
      name: 'one line, no coupon',
      lines: [{ unitPrice: 1500, unitDiscountedPrice: 1200, quantity: 2, vatRate: 5 }],
      coupon: null,
      delivery: 70,
      expected: {
        subtotal: 3000,
        discount: 600,
        couponDiscount: 0,
        vat: 114.29,
        deliveryCharge: 70,
        total: 2470,
      },
    },
    {
      name: 'coupon is taken after product discounts',
      lines: [
        { unitPrice: 1000, unitDiscountedPrice: 1000, quantity: 1, vatRate: 0 },
        { unitPrice: 500.5, unitDiscountedPrice: 450.25, quantity: 3, vatRate: 0 },
      ],
      coupon: { code: 'HAAT10', discount: 235.08 },
      delivery: 130,
      expected: {
        subtotal: 2501.5,
        discount: 150.75,
        couponDiscount: 235.08,
        vat: 0,
        deliveryCharge: 130,
        total: 2245.67,
      },
    },
    {
      name: 'a coupon never takes more than the goods cost',
      lines: [{ unitPrice: 100, unitDiscountedPrice: 100, quantity: 1, vatRate: 0 }],
      coupon: { code: 'BIG', discount: 500 },
      delivery: 110,
      expected: { subtotal: 100, discount: 0, couponDiscount: 100, vat: 0, deliveryCharge: 110, total: 110 },
    },
    {
      name: 'no lines, no delivery charge',
      lines: [],
      coupon: null,
      delivery: 70,
      expected: { subtotal: 0, discount: 0, couponDiscount: 0, vat: 0, deliveryCharge: 0, total: 0 },
    },
  ])('$name', ({ lines, coupon, delivery, expected }) => {
    expect(orderTotals(lines, coupon, delivery)).toMatchObject(expected)
  })
})

describe('small rules', () => {
  it.each([
    [105, 5, 5],
    [1200, 15, 156.52],
    [1000, 0, 0],
  ])('VAT inside TK %d at %d%% is %d', (amount, rate, vat) => {
    expect(includedVat(amount, rate)).toBe(vat)
  })

  it('adds the quantities of a sku listed twice', () => {
    expect(
      combineLines([
        { skuId: 1, quantity: 1 },
        { skuId: 2, quantity: 2 },
        { skuId: 1, quantity: 3 },
      ]),
    ).toEqual([
      { skuId: 1, quantity: 4 },
      { skuId: 2, quantity: 2 },
    ])
  })

  it.each([
    [0, 0],
    [99.99, 0],
    [100, 1],
    [2470, 24],
  ])('delivered TK %d earns %d points', (total, points) => {
    expect(pointsEarned(total, 1)).toBe(points)
  })

  it("earns the shop's points per TK 100, and none when earning is off", () => {
    expect(pointsEarned(2470, 3)).toBe(72)
    expect(pointsEarned(2470, 0)).toBe(0)
  })

  const rules = { earnPer100: 1, pointValue: 1, minimum: 100, capPercent: 20, spending: true }
  it.each([
    // balance, items' total, offered points
    [250, 1000, 200],
    [150, 1000, 150],
    [99, 1000, null],
    [500, 0, null],
    [500, 1004.99, 200],
  ])('a balance of %d on items of TK %d is offered %s points', (balance, items, points) => {
    expect(pointsOffer(balance, items, rules)?.points ?? null).toBe(points)
  })

  it('keeps the discount under the cap whatever a point is worth, and offers nothing while spending is off', () => {
    // 20 % of TK 999 is TK 199.80: at TK 2.50 a point, 79 points (TK 197.50), never 80 (TK 200)
    expect(pointsOffer(1000, 999, { ...rules, pointValue: 2.5 })).toEqual({ points: 79, discount: 197.5 })
    expect(pointsOffer(1000, 999, { ...rules, spending: false })).toBeNull()
  })

  it('gives back the points a smaller order no longer has room for', () => {
    expect(pointsKept({ pointsUsed: 200, pointsDiscount: 200 }, 500, 20)).toEqual({
      points: 100,
      discount: 100,
    })
    expect(pointsKept({ pointsUsed: 50, pointsDiscount: 50 }, 500, 20)).toEqual({ points: 50, discount: 50 })
  })
})
