import { describe, expect, it } from 'vitest'
import { applyCoupon, type Coupon, normalizeCouponCode } from '../../server/domain/coupon'

const now = new Date('2026-11-21T10:00:00Z')
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: 'HAAT10',
  kind: 'percent',
  value: 10,
  minSubtotal: 500,
  maxDiscount: 500,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  active: true,
  ...over,
})

describe('applyCoupon', () => {
  it.each([
    { name: '10% of 1000', c: coupon(), subtotal: 1000, result: { ok: true, discount: 100 } },
    { name: 'capped at its maximum', c: coupon(), subtotal: 9000, result: { ok: true, discount: 500 } },
    {
      name: 'flat amount',
      c: coupon({ kind: 'flat', value: 150 }),
      subtotal: 600,
      result: { ok: true, discount: 150 },
    },
    {
      name: 'flat never above the subtotal',
      c: coupon({ kind: 'flat', value: 150, minSubtotal: 0 }),
      subtotal: 99,
      result: { ok: true, discount: 99 },
    },
    {
      name: 'under the minimum',
      c: coupon(),
      subtotal: 499.99,
      result: { ok: false, message: 'This coupon needs a subtotal of at least TK 500.00' },
    },
    {
      name: 'expired',
      c: coupon({ endsAt: new Date('2026-11-01T00:00:00Z') }),
      subtotal: 1000,
      result: { ok: false, message: 'This coupon has expired' },
    },
    {
      name: 'not started',
      c: coupon({ startsAt: new Date('2026-12-01T00:00:00Z') }),
      subtotal: 1000,
      result: { ok: false, message: 'This coupon is not active yet' },
    },
    {
      name: 'switched off',
      c: coupon({ active: false }),
      subtotal: 1000,
      result: { ok: false, message: 'This coupon code is not valid' },
    },
    {
      name: 'unknown code',
      c: undefined,
      subtotal: 1000,
      result: { ok: false, message: 'This coupon code is not valid' },
    },
  ])('$name', ({ c, subtotal, result }) => {
    expect(applyCoupon(c, subtotal, now)).toMatchObject(result)
  })

  it.each([
    [' haat10 ', 'HAAT10'],
    ['Eid25', 'EID25'],
  ])('code "%s" reads as %s', (typed, code) => {
    expect(normalizeCouponCode(typed)).toBe(code)
  })
})
