import { describe, expect, it } from 'vitest'
import { riskLevel } from '../../src/admin/orders/order-labels'
import {
  filtersOf,
  LAST_PAGE,
  listQuery,
  orderListSearch,
  orderListView,
} from '../../src/admin/orders/order-list-search'
import { returnLines } from '../../src/admin/orders/order-return'
import { exportPath } from '../../src/admin/orders/orders-api'

describe('the orders list in the address', () => {
  it('reads what the API takes, drops the rest, and writes back only what differs from the defaults', () => {
    const view = orderListView({
      q: '  HT-2611\u0007 ',
      status: 'packed',
      paymentMethod: 'cod',
      paymentStatus: 'bounced',
      zone: 'inside_dhaka',
      from: '2026-11-01',
      to: '2026-02-30',
      page: '3',
    })
    expect(view).toEqual({
      q: 'HT-2611',
      status: 'packed',
      paymentMethod: 'cod',
      paymentStatus: undefined,
      zone: 'inside_dhaka',
      from: '2026-11-01',
      to: undefined,
      page: 3,
    })
    expect(orderListSearch(view)).toEqual({
      q: 'HT-2611',
      status: 'packed',
      paymentMethod: 'cod',
      zone: 'inside_dhaka',
      from: '2026-11-01',
      page: 3,
    })
    expect(orderListSearch(orderListView({}))).toEqual({})
  })

  it.each([
    ['a number the router read as a number', { q: 1712345678 }, { q: '1712345678' }],
    ['a status the shop does not have', { status: 'lost' }, {}],
    ['a payment method no provider could be named', { paymentMethod: 'Cash!' }, {}],
    [
      'a range written backwards',
      { from: '2026-11-30', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-30' },
    ],
    [
      'a day of year 1, outside the days the API takes',
      { from: '0001-01-01', to: '2026-11-01' },
      { to: '2026-11-01' },
    ],
    ['a day after 2100', { from: '2026-11-01', to: '2101-01-01' }, { from: '2026-11-01' }],
    ['a page of nothing', { page: '0' }, {}],
    ['a page past the deepest', { page: '99999' }, { page: LAST_PAGE }],
    ['a page that is not a number', { page: 'two' }, {}],
  ])('%s', (_case, search, written) => {
    expect(orderListSearch(orderListView(search))).toEqual(written)
  })

  it('asks the API for a page of 25, and keeps the filters (not the tab or page) for the tabs', () => {
    const view = orderListView({ status: 'pending', zone: 'outside_dhaka', page: '2' })
    expect(listQuery(view)).toEqual({ status: 'pending', zone: 'outside_dhaka', page: 2, perPage: 25 })
    expect(filtersOf(view)).toEqual({ zone: 'outside_dhaka' })
  })

  it('exports the chosen orders when there are any, else everything the filters match', () => {
    expect(exportPath({ status: 'pending', q: 'Rahim' }, [])).toBe(
      '/admin/orders/export.csv?status=pending&q=Rahim',
    )
    expect(exportPath({ status: 'pending' }, [4, 9])).toBe('/admin/orders/export.csv?ids=4%2C9')
  })
})

describe("a customer's record", () => {
  it.each([
    [{ orders: 1, delivered: 0, cancelled: 0, returned: 0 }, 'new'],
    [{ orders: 6, delivered: 5, cancelled: 0, returned: 0 }, 'low'],
    [{ orders: 6, delivered: 4, cancelled: 1, returned: 0 }, 'low'],
    [{ orders: 5, delivered: 3, cancelled: 1, returned: 0 }, 'medium'],
    [{ orders: 2, delivered: 1, cancelled: 0, returned: 1 }, 'high'],
    [{ orders: 3, delivered: 0, cancelled: 2, returned: 0 }, 'high'],
    [{ orders: 8, delivered: 3, cancelled: 2, returned: 2 }, 'high'],
  ] as const)('%j is %s risk', (record, level) => {
    expect(riskLevel(record)).toBe(level)
  })
})

describe('a return names the lines that came back', () => {
  const order = {
    lines: [
      { skuId: 11, quantity: 2 },
      { skuId: 12, quantity: 1 },
    ],
  } as Parameters<typeof returnLines>[0]
  it.each([
    [
      { 11: '2', 12: '1' },
      [
        { skuId: 11, quantity: 2 },
        { skuId: 12, quantity: 1 },
      ],
    ],
    [{ 11: '1', 12: '0' }, [{ skuId: 11, quantity: 1 }]],
    [{ 11: '', 12: '' }, []],
    [{ 11: '3', 12: '0' }, 'invalid'],
    [{ 11: '1.5', 12: '0' }, 'invalid'],
    [{ 11: '-1', 12: '1' }, 'invalid'],
  ] as const)('%j → %j', (typed, lines) => {
    expect(returnLines(order, (skuId) => (typed as Record<number, string>)[skuId] ?? '')).toEqual(lines)
  })
})
