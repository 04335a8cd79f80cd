import { describe, expect, it } from 'vitest'
import { applyPromotions, type PromotionLine, type RunningPromotion } from '../../server/domain/promotions'
import type { PromotionRules } from '../../src/contract/admin-promotions'

const line = (
  productId: number,
  unitDiscountedPrice: number,
  quantity: number,
  categoryPath = [1],
): PromotionLine => ({
  productId,
  categoryPath,
  unitDiscountedPrice,
  quantity,
})
let nextId = 1
const offer = (rules: PromotionRules, name = `offer ${nextId}`): RunningPromotion => ({
  id: nextId++,
  name,
  nameBn: '',
  rules,
})
const taken = (lines: PromotionLine[], promotions: RunningPromotion[]) =>
  applyPromotions(lines, promotions).map((applied) => [applied.name, applied.discount])

describe('buy X get Y', () => {
  const buy2get1 = (over: Partial<Extract<PromotionRules, { kind: 'buy_get' }>> = {}) =>
    offer({ kind: 'buy_get', buy: 2, get: 1, percent: 100, productIds: [], categoryIds: [], ...over }, 'b2g1')
  it.each([
    ['two items earn nothing yet', [line(1, 500, 2)], []],
    ['of three, the cheapest is free', [line(1, 500, 2), line(2, 300, 1)], [['b2g1', 300]]],
    [
      'six: the cheapest of each run of three (dearest first)',
      [line(1, 900, 3), line(2, 100, 3)],
      [['b2g1', 1000]],
    ],
  ])('%s', (_, lines, expected) => {
    expect(taken(lines, [buy2get1()])).toEqual(expected)
  })
  it('counts only its products and categories; a half-price get', () => {
    const inScope = [line(1, 400, 2, [5, 9]), line(2, 200, 1, [7]), line(3, 1000, 5, [8])]
    expect(taken(inScope, [buy2get1({ categoryIds: [9], productIds: [2], percent: 50 })])).toEqual([
      ['b2g1', 100],
    ])
  })
})

describe('spend and save', () => {
  const tiers = () =>
    offer(
      {
        kind: 'spend_tiers',
        tiers: [
          { spend: 3000, percent: 10 },
          { spend: 5000, percent: 15 },
        ],
      },
      'tiers',
    )
  it.each([
    [2999.99, []],
    [3000, [['tiers', 300]]],
    [4999, [['tiers', 499.9]]],
    [5000, [['tiers', 750]]],
  ])('goods of TK %d', (price, expected) => {
    expect(taken([line(1, price, 1)], [tiers()])).toEqual(expected)
  })
  it('reads the goods after the other offers', () => {
    // a bundle takes 600 off 3,200: what is left (2,600) reaches no tier
    const bundle = offer({ kind: 'bundle', productIds: [1, 2], price: 1000 }, 'bundle')
    expect(taken([line(1, 800, 1), line(2, 800, 1), line(3, 1600, 1)], [tiers(), bundle])).toEqual([
      ['bundle', 600],
    ])
  })
})

describe('bundles', () => {
  const set = () => offer({ kind: 'bundle', productIds: [1, 2, 3], price: 2500 }, 'set')
  it.each([
    ['an incomplete set earns nothing', [line(1, 1000, 2), line(2, 1000, 1)], []],
    ['one set of three', [line(1, 1000, 1), line(2, 1000, 1), line(3, 1000, 1)], [['set', 500]]],
    ['two sets', [line(1, 1000, 2), line(2, 1000, 2), line(3, 1000, 3)], [['set', 1000]]],
    ['a set dearer as a bundle is left alone', [line(1, 500, 1), line(2, 500, 1), line(3, 500, 1)], []],
  ])('%s', (_, lines, expected) => {
    expect(taken(lines, [set()])).toEqual(expected)
  })
  it('a unit in a bundle is not counted again by buy X get Y', () => {
    const b1g1 = offer(
      { kind: 'buy_get', buy: 1, get: 1, percent: 100, productIds: [], categoryIds: [] },
      'b1g1',
    )
    const pair = offer({ kind: 'bundle', productIds: [1, 2], price: 1500 }, 'pair')
    // the pair takes both units; nothing is left for buy one get one
    expect(taken([line(1, 1000, 1), line(2, 1000, 1)], [b1g1, pair])).toEqual([['pair', 500]])
  })
})
