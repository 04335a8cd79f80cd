import { describe, expect, it } from 'vitest'
import { codAdvance } from '../../src/contract/orders'

/** What of a cash-on-delivery order is paid before delivery: the same rule at checkout and on the server. */
describe('codAdvance', () => {
  const order = (zone: string, total: number, deliveryCharge = 130) => ({ zone, total, deliveryCharge })
  it.each([
    { rule: { outsideDhaka: true, above: 0 }, order: order('outside_dhaka', 900), advance: 130 },
    { rule: { outsideDhaka: true, above: 0 }, order: order('dhaka_suburbs', 900), advance: 0 },
    { rule: { outsideDhaka: true, above: 0 }, order: order('inside_dhaka', 90_000), advance: 0 },
    { rule: { outsideDhaka: false, above: 5000 }, order: order('inside_dhaka', 5000), advance: 0 },
    { rule: { outsideDhaka: false, above: 5000 }, order: order('inside_dhaka', 5000.5, 70), advance: 70 },
    { rule: { outsideDhaka: false, above: 0 }, order: order('outside_dhaka', 90_000), advance: 0 },
    // free delivery asks nothing in advance
    { rule: { outsideDhaka: true, above: 1 }, order: order('outside_dhaka', 9000, 0), advance: 0 },
  ])('$rule for $order.zone, TK $order.total: $advance', ({ rule, order, advance }) => {
    expect(codAdvance(rule, order)).toBe(advance)
  })
})
