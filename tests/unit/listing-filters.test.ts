import { describe, expect, it } from 'vitest'
import {
  compareSizes,
  dhakaToday,
  escapeLike,
  newSince,
  normaliseSearch,
  parseListingFilters,
  tierSlices,
  withoutFilters,
} from '../../server/domain/listing'
import { correctTerm, similarity, similarWords, wordSimilarity } from '../../server/domain/spelling'
import { catalogueFilters } from '../../server/repositories/catalogue/filters'
import { listingFilters } from '../../src/contract/product'

describe('parseListingFilters', () => {
  it.each([
    [undefined, {}],
    ['', {}],
    ['  ', {}],
    ['{}', {}],
    ['{"category":"men","sort":"price_asc"}', { category: 'men', sort: 'price_asc' }],
    [
      '{"brand":["rong-bahar"],"size":["M","L"],"inStock":true}',
      { brand: ['rong-bahar'], size: ['M', 'L'], inStock: true },
    ],
    ['{"minPrice":500,"maxPrice":1500,"discount":true}', { minPrice: 500, maxPrice: 1500, discount: true }],
    ['{"new":7}', { new: 7 }],
    ['{"new":30,"inStock":true}', { new: 30, inStock: true }],
  ])('accepts %s', (text, filters) => {
    expect(parseListingFilters(text)).toEqual({ ok: true, filters })
  })

  it.each([
    ['{', 'Filters must be a JSON object'],
    ['not json', 'Filters must be a JSON object'],
    ['{"brand":"rong-bahar"}', 'brand:'],
    ['{"minPrice":-1}', 'minPrice:'],
    ['{"sort":"cheapest"}', 'sort:'],
    ['{"colourz":["Red"]}', 'colourz'],
    ['[1,2]', 'object'],
    ['{"new":5}', 'new:'],
    ['{"new":"7"}', 'new:'],
  ])('rejects %s with a message naming the problem', (text, fragment) => {
    const parsed = parseListingFilters(text)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.messages.join(' ')).toContain(fragment)
  })
})

describe('the declared filters', () => {
  it('read every field of the contract but the sort, each field one filter', () => {
    const read = catalogueFilters.flatMap((filter) => filter.keys)
    expect([...read].sort()).toEqual(
      Object.keys(listingFilters.shape)
        .filter((key) => key !== 'sort')
        .sort(),
    )
  })
})

describe("a listing's day", () => {
  it.each([
    ['2026-11-28T17:59:59.999Z', '2026-11-27T18:00:00.000Z'],
    ['2026-11-28T18:00:00.000Z', '2026-11-28T18:00:00.000Z'],
    ['2026-11-28T06:30:00.000Z', '2026-11-27T18:00:00.000Z'],
  ])('at %s the Dhaka day started at %s', (now, start) => {
    expect(new Date(dhakaToday(Date.parse(now))).toISOString()).toBe(start)
  })
})

describe('new in the last days', () => {
  it.each([
    [7, '2026-11-21T18:00:00.000Z'],
    [30, '2026-10-29T18:00:00.000Z'],
    [1, '2026-11-27T18:00:00.000Z'],
  ])('%i days are today and the days before it, from %s', (days, since) => {
    const today = Date.parse('2026-11-27T18:00:00.000Z')
    expect(new Date(newSince(days, today)).toISOString()).toBe(since)
  })
})

describe('search text', () => {
  it.each([
    ['  Silk   Saree ', 'silk saree'],
    ['PANJABI', 'panjabi'],
    ['t-shirt', 't-shirt'],
  ])('normalises %j to %j', (input, output) => {
    expect(normaliseSearch(input)).toBe(output)
  })

  it.each([
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['plain', 'plain'],
  ])('escapes LIKE wildcards in %j', (input, output) => {
    expect(escapeLike(input)).toBe(output)
  })
})

describe('compareSizes', () => {
  it.each([
    [
      ['XL', 'S', 'M', 'XXL', 'L'],
      ['S', 'M', 'L', 'XL', 'XXL'],
    ],
    [
      ['42', '38', '40'],
      ['38', '40', '42'],
    ],
    [
      ['8-9Y', '2-3Y', '10-11Y'],
      ['2-3Y', '8-9Y', '10-11Y'],
    ],
    [
      ['Free Size', 'M', '32'],
      ['M', 'Free Size', '32'],
    ],
  ])('orders %j as a size picker shows them', (input, output) => {
    expect([...input].sort(compareSizes)).toEqual(output)
  })
})

describe('withoutFilters', () => {
  it('drops only the named filters and leaves the original alone', () => {
    const filters = { brand: ['kashful'], size: ['M'], minPrice: 100 }
    expect(withoutFilters(filters, 'brand', 'minPrice')).toEqual({ size: ['M'] })
    expect(filters).toEqual({ brand: ['kashful'], size: ['M'], minPrice: 100 })
  })
})

describe('spelling correction', () => {
  const vocabulary = [
    'panjabi',
    'saree',
    'sneakers',
    'shirt',
    'jamdani',
    'silk',
    'cotton',
    'rong',
    'bahar',
    'kurti',
  ]

  it.each([
    ['panjbi', 'panjabi'],
    ['sneekers', 'sneakers'],
    ['jamdni', 'jamdani'],
    ['silk cottn', 'silk cotton'],
    ['silk sare', 'silk sare'],
    ['rong bahr', 'rong bahar'],
    ['kurt', 'kurt'],
    ['shrit', 'shirt'],
    ['zqxjv', 'zqxjv'],
    ['pa', 'pa'],
  ])('corrects %j to %j', (term, corrected) => {
    expect(correctTerm(term, vocabulary)).toBe(corrected)
  })

  it.each([
    ['saree', 'saree', 1],
    ['abc', 'xyz', 0],
  ])('scores %j against %j as %d', (a, b, score) => {
    expect(similarity(a, b)).toBe(score)
  })

  it('scores swapped letters as pg_trgm does (2 shared of 10 trigrams)', () => {
    expect(similarity('shrit', 'shirt')).toBeCloseTo(0.2, 5)
  })

  // the figures pg_trgm's word_similarity gives for the same words
  it.each([
    ['ruuf', 'ruffle', 0.4],
    ['ttoe', 'toe', 0.5],
    ['diig', 'digital', 0.4],
    ['shrit', 'shirt', 1 / 3],
    ['sneekers', 'sneakers', 0.5],
    ['saree', 'saree', 1],
    ['abc', 'xyz', 0],
  ])('measures how much of %j looks like %j as %d', (typed, word, score) => {
    expect(wordSimilarity(typed, word)).toBeCloseTo(score, 5)
  })

  it('finds the words resembling each typed word, most alike first, then alphabetically', () => {
    const words = ['ruffle', 'running', 'rug', 'saree', 'sneakers', 'sandal']
    expect(similarWords('ruuf', words)).toEqual([
      { word: 'ruffle', score: expect.closeTo(0.4, 5) },
      { word: 'rug', score: expect.closeTo(0.4, 5) },
      { word: 'running', score: expect.closeTo(0.4, 5) },
    ])
    expect(similarWords('ruuf snekkers', words).map((alike) => alike.word)).toEqual([
      'sneakers',
      'ruffle',
      'rug',
      'running',
    ])
    expect(similarWords('qqqq', words)).toEqual([])
    expect(similarWords('ruuf', words, 0.3, 2)).toHaveLength(2)
  })
})

describe('tierSlices', () => {
  it.each([
    [[10, 5, 20], 0, 5, [[0, 0, 5]]],
    [
      [3, 5, 20],
      0,
      5,
      [
        [0, 0, 3],
        [1, 0, 2],
      ],
    ],
    [
      [3, 5, 20],
      5,
      5,
      [
        [1, 2, 3],
        [2, 0, 2],
      ],
    ],
    [[0, 0, 7], 0, 24, [[2, 0, 7]]],
    [[2, 2, 2], 6, 5, []],
    [[0, 4, 0], 2, 5, [[1, 2, 2]]],
  ])('reads ranks %j from offset %d, %d rows, as %j', (counts, offset, limit, slices) => {
    expect(tierSlices(counts, offset, limit)).toEqual(slices)
  })
})
