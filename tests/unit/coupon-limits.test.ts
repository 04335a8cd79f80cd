import { describe, expect, it } from 'vitest'
import {
  applyCoupon,
  couponProblems,
  couponStatus,
  customerUseProblem,
  usesLeft,
} from '../../server/domain/coupon'

const now = new Date('2026-11-21T10:00:00Z')
const dates = { startsAt: new Date('2026-11-20T00:00:00Z'), endsAt: new Date('2026-11-30T00:00:00Z') }

describe('couponStatus', () => {
  it.each([
    { name: 'within its dates', c: { active: true, ...dates }, status: 'active' },
    { name: 'switched off', c: { active: false, ...dates }, status: 'disabled' },
    {
      name: 'before its start',
      c: { active: true, ...dates, startsAt: new Date('2026-11-22T00:00:00Z') },
      status: 'scheduled',
    },
    {
      name: 'after its end',
      c: { active: true, ...dates, endsAt: new Date('2026-11-21T09:59:59Z') },
      status: 'expired',
    },
  ])('$name → $status', ({ c, status }) => {
    expect(couponStatus(c, now)).toBe(status)
  })
})

describe('usesLeft', () => {
  it.each([
    [{ usageLimit: null, usedCount: 7 }, null],
    [{ usageLimit: 10, usedCount: 7 }, 3],
    [{ usageLimit: 5, usedCount: 7 }, 0],
  ])('%j → %s', (coupon, left) => {
    expect(usesLeft(coupon)).toBe(left)
  })
})

describe('customerUseProblem', () => {
  it.each([
    {
      limits: { usageLimitPerCustomer: null, firstOrderOnly: false },
      customer: { uses: 9, earlierOrders: 9 },
      problem: null,
    },
    {
      limits: { usageLimitPerCustomer: 2, firstOrderOnly: false },
      customer: { uses: 1, earlierOrders: 3 },
      problem: null,
    },
    {
      limits: { usageLimitPerCustomer: 2, firstOrderOnly: false },
      customer: { uses: 2, earlierOrders: 3 },
      problem: 'You have already used this coupon',
    },
    {
      limits: { usageLimitPerCustomer: null, firstOrderOnly: true },
      customer: { uses: 0, earlierOrders: 0 },
      problem: null,
    },
    {
      limits: { usageLimitPerCustomer: null, firstOrderOnly: true },
      customer: { uses: 0, earlierOrders: 1 },
      problem: 'This coupon is only for a first order',
    },
  ])('$limits with $customer → $problem', ({ limits, customer, problem }) => {
    expect(customerUseProblem(limits, customer)).toBe(problem)
  })
})

describe('couponProblems', () => {
  const fields = { kind: 'percent' as const, value: 10, freeDelivery: false, ...dates }
  it.each([
    [{}, {}],
    [{ value: 101 }, { value: ['A percentage is at most 100'] }],
    [{ kind: 'flat' as const, value: 500 }, {}],
    [{ value: 0 }, { value: ['Enter a discount above 0, or give free delivery'] }],
    [{ value: 0, freeDelivery: true }, {}],
    [{ endsAt: dates.startsAt }, { endsAt: ['The end must be after the start'] }],
  ])('%j → %j', (over, problems) => {
    expect(couponProblems({ ...fields, ...over })).toEqual(problems)
  })
})

describe('a free-delivery coupon', () => {
  it('takes nothing off the items, says so, and gives free delivery', () => {
    const coupon = {
      code: 'FREESHIP',
      kind: 'flat' as const,
      value: 0,
      minSubtotal: 0,
      maxDiscount: null,
      active: true,
      freeDelivery: true,
      ...dates,
    }
    expect(applyCoupon(coupon, 800, now)).toEqual({
      ok: true,
      discount: 0,
      description: 'Free delivery',
      freeDelivery: true,
    })
    expect(applyCoupon({ ...coupon, value: 100 }, 800, now)).toMatchObject({
      discount: 100,
      description: 'TK 100.00 off + free delivery',
      freeDelivery: true,
    })
  })
})
