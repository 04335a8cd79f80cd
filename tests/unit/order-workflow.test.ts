import { describe, expect, it } from 'vitest'
import { orderStatusText } from '../../server/domain/order-texts'
import { moveProblem, orderSearch, returnPlan, timelineEntry } from '../../server/domain/order-workflow'
import { toLatinDigits } from '../../src/contract/digits'
import { dhakaDayEnd, dhakaDayStart } from '../../src/lib/dhaka-time'

const lines = [
  { id: 1, productId: 10, skuId: 100, sku: 'TS-M', quantity: 2, returnedQuantity: 0 },
  { id: 2, productId: 11, skuId: 101, sku: 'PJ-9', quantity: 1, returnedQuantity: 1 },
]

describe('moves', () => {
  it.each([
    ['pending', 'confirmed', null],
    ['pending_payment', 'cancelled', null],
    ['packed', 'shipped', null],
    ['shipped', 'returned', null],
    ['delivered', 'cancelled', 'A delivered order cannot be made cancelled'],
    ['cancelled', 'confirmed', 'A cancelled order cannot be made confirmed'],
    ['confirmed', 'confirmed', 'This order is already confirmed'],
  ] as const)('%s → %s: %s', (from, to, problem) => {
    expect(moveProblem(from, to)).toBe(problem)
  })

  const back = { kind: 'returned', line: { name: 'Kurti', size: 'M', colour: null }, quantity: 1 } as const
  it.each([
    [
      { to: 'shipped', version: 1, courier: 'Pathao', trackingNumber: 'P1' },
      { note: '', changes: [{ kind: 'shipped', courier: 'Pathao', trackingNumber: 'P1' }] },
    ],
    [
      { to: 'cancelled', version: 1, reason: 'Out of stock' },
      { note: 'Out of stock', changes: [] },
    ],
    [
      { to: 'confirmed', version: 1, note: 'Called' },
      { note: 'Called', changes: [] },
    ],
    [
      { to: 'returned', version: 1, reason: 'Too small' },
      { note: 'Too small', changes: [back] },
    ],
  ] as const)('writes the timeline of %o', (change, entry) => {
    expect(timelineEntry(change, [back])).toEqual(entry)
  })
})

describe('returns', () => {
  it('takes back everything not back yet when no line is named', () => {
    const plan = returnPlan(lines)
    expect(plan).toEqual({
      back: [{ lineId: 1, productId: 10, skuId: 100, sku: 'TS-M', quantity: 2 }],
      whole: true,
      problems: {},
    })
  })

  it('keeps a return of some items partial', () => {
    expect(returnPlan(lines, [{ skuId: 100, quantity: 1 }])).toMatchObject({ whole: false, problems: {} })
  })

  it.each([
    [[{ skuId: 100, quantity: 3 }], { 'lines.0': ['Only 2 of TS-M can come back'] }],
    [[{ skuId: 101, quantity: 1 }], { 'lines.0': ['PJ-9 has already come back'] }],
    [[{ skuId: 999, quantity: 1 }], { 'lines.0': ['This item is not in the order'] }],
    [
      [
        { skuId: 100, quantity: 2 },
        { skuId: 100, quantity: 1 },
      ],
      { 'lines.1': ['Only 2 of TS-M can come back'] },
    ],
  ])('refuses %o', (asked, problems) => {
    expect(returnPlan(lines, asked).problems).toEqual(problems)
  })
})

describe('the list', () => {
  it('reads Dhaka days as UTC+6', () => {
    expect(dhakaDayStart('2025-03-01').toISOString()).toBe('2025-02-28T18:00:00.000Z')
    expect(dhakaDayEnd('2025-03-01').toISOString()).toBe('2025-03-01T18:00:00.000Z')
  })

  it.each([
    ['ht-2503', { number: 'HT-2503', phoneDigits: null, nameWords: ['ht-2503'] }],
    ['+880 1711-000001', { number: null, phoneDigits: '01711000001', nameWords: [] }],
    ['৫৬৭৮', { number: '5678', phoneDigits: '5678', nameWords: [] }],
    ['Rahim Uddin', { number: null, phoneDigits: null, nameWords: ['rahim', 'uddin'] }],
  ])('reads the search %s', (q, search) => {
    expect(orderSearch(q, toLatinDigits)).toEqual(search)
  })
})

describe('texts', () => {
  const order = {
    number: 'HT-250301-ABCDE',
    total: 1250,
    courier: 'Pathao',
    trackingNumber: 'P1',
    cancelReason: 'Not paid in time',
  }
  it.each(['confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const)(
    'writes %s in English and Bangla, the number in Latin letters',
    (status) => {
      for (const language of ['en', 'bn'] as const) {
        expect(orderStatusText('Haat', { ...order, language }, status)).toContain('HT-250301-ABCDE')
      }
    },
  )

  it('sends nothing for packed', () => {
    expect(orderStatusText('Haat', { ...order, language: 'en' }, 'packed')).toBeNull()
  })

  it('counts a partial return in Bengali digits and says the shop’s reason in Bangla', () => {
    expect(orderStatusText('হাট', { ...order, language: 'bn' }, 'returned', 12)).toContain('১২টি')
    expect(orderStatusText('হাট', { ...order, language: 'bn' }, 'cancelled')).toContain('সময়মতো পেমেন্ট হয়নি')
  })
})
