import { describe, expect, it } from 'vitest'
import { metaClick } from '../../server/marketing/purchase'

describe("the ad click the Conversions API names (Meta's fbc)", () => {
  it.each([
    [
      'the pixel’s cookie when it set one',
      { fbc: 'fb.1.1764000000000.fromcookie' },
      { fbclid: 'abc', at: 1 },
      'fb.1.1764000000000.fromcookie',
    ],
    [
      'the landing’s fbclid and time without one',
      {},
      { fbclid: 'IwAR2abc', at: 1764000123456 },
      'fb.1.1764000123456.IwAR2abc',
    ],
    ['nothing from a landing without a click', {}, { fbclid: null, at: 1764000123456 }, undefined],
    ['nothing for an order with no landing', {}, null, undefined],
    ['nothing from a landing it cannot read', {}, { fbclid: 'abc', at: 'yesterday' }, undefined],
  ])('%s', (_name, browser, landing, expected) => {
    expect(metaClick(browser, landing)).toBe(expected)
  })
})
