import { describe, expect, it } from 'vitest'
import {
  filtersOf,
  LAST_PAGE,
  listQuery,
  orderListSearch,
  orderListView,
} from '../../src/admin/orders/order-list-search'
import { returnLines } from '../../src/admin/orders/order-return'
import { exportPath } from '../../src/admin/orders/orders-api'
import { riskOf } from '../../src/contract/admin-delivery-record'

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

describe("a number's risk, from its delivered orders and its refusals", () => {
  it.each([
    [{ delivered: 0, refusals: 0 }, 'new'],
    [{ delivered: 5, refusals: 0 }, 'low'],
    [{ delivered: 4, refusals: 1 }, 'low'],
    [{ delivered: 3, refusals: 1 }, 'medium'],
    [{ delivered: 1, refusals: 1 }, 'high'],
    [{ delivered: 0, refusals: 2 }, 'high'],
    [{ delivered: 3, refusals: 4 }, 'high'],
  ] as const)('%j is %s risk', (record, level) => {
    expect(riskOf(record)).toBe(level)
  })

  it.each([
    [{ delivered: 0, refusals: 0 }, { delivered: 0, cancelled: 3, returned: 1 }, 'high'],
    [{ delivered: 5, refusals: 0 }, { delivered: 0, cancelled: 2, returned: 0 }, 'medium'],
    [{ delivered: 0, refusals: 1 }, { delivered: 9, cancelled: 0, returned: 0 }, 'low'],
    [{ delivered: 0, refusals: 0 }, { delivered: 0, cancelled: 0, returned: 0 }, 'new'],
  ] as const)("%j with the previous shop's %j is %s risk", (record, previous, level) => {
    expect(riskOf(record, previous)).toBe(level)
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
