import { describe, expect, it } from 'vitest'
import {
  AMPERSAND_TOKEN,
  COMMA_TOKEN,
  decodeList,
  encodeList,
  escapeValue,
  filterPatch,
  lastCategory,
  parseSearch,
  stringifySearch,
  unescapeValue,
} from '../../src/lib/query-string'

describe('query value escaping', () => {
  it.each([
    ['plain', 'plain'],
    ['Black, White', `Black${COMMA_TOKEN} White`],
    ['Tom & Jerry', `Tom ${AMPERSAND_TOKEN} Jerry`],
    ['a,b&c', `a${COMMA_TOKEN}b${AMPERSAND_TOKEN}c`],
  ])('escapes %j and restores it', (value, escaped) => {
    expect(escapeValue(value)).toBe(escaped)
    expect(unescapeValue(escapeValue(value))).toBe(value)
  })
})

describe('lists in one query value', () => {
  it.each([
    [['M', 'L'], 'M,L'],
    [['Red & Blue', 'Green'], `Red ${AMPERSAND_TOKEN} Blue,Green`],
    [['Sailor, Inc', 'Yellow'], `Sailor${COMMA_TOKEN} Inc,Yellow`],
    [['  ', ''], undefined],
    [[], undefined],
  ])('encodes %j as %j', (values, encoded) => {
    expect(encodeList(values)).toBe(encoded)
  })

  it.each([
    ['M,L', ['M', 'L']],
    [`Red ${AMPERSAND_TOKEN} Blue,Green`, ['Red & Blue', 'Green']],
    [`Sailor${COMMA_TOKEN} Inc`, ['Sailor, Inc']],
    ['a,,b,', ['a', 'b']],
    ['', []],
    [undefined, []],
  ])('decodes %j as %j', (raw, values) => {
    expect(decodeList(raw)).toEqual(values)
  })
})

describe('category keeps only the last comma entry', () => {
  it.each([
    ['men', 'men'],
    ['men,panjabi', 'panjabi'],
    ['women,saree,katan-saree', 'katan-saree'],
    ['men,', 'men'],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (raw, expected) => {
    expect(lastCategory(raw)).toBe(expected)
  })
})

describe('filterPatch', () => {
  const base = { page: 3, brand: 'aarong', size: 'M' }
  const apply = (filters: Record<string, unknown>) => ({ ...base, ...filterPatch(filters as never) })
  it.each([
    ['an empty text removes the filter', { brand: '' }, { size: 'M' }],
    ['an empty list removes the filter', { size: [] }, { brand: 'aarong' }],
    ['false removes a flag', { inStock: false }, { brand: 'aarong', size: 'M' }],
    ['a list is joined with commas', { size: ['M', 'XL'] }, { brand: 'aarong', size: 'M,XL' }],
    [
      'the category keeps its last entry',
      { category: 'men,panjabi' },
      { brand: 'aarong', size: 'M', category: 'panjabi' },
    ],
    [
      'a value with an ampersand is escaped',
      { colour: 'Black & White' },
      { brand: 'aarong', size: 'M', colour: `Black ${AMPERSAND_TOKEN} White` },
    ],
    ['a number is kept', { minPrice: 500 }, { brand: 'aarong', size: 'M', minPrice: 500 }],
    ['true sets a flag', { discount: true }, { brand: 'aarong', size: 'M', discount: true }],
    [
      'both ends of a price range are set together',
      { minPrice: 1000, maxPrice: 3000 },
      { brand: 'aarong', size: 'M', minPrice: 1000, maxPrice: 3000 },
    ],
    ['several filters are removed together', { brand: undefined, size: '' }, {}],
  ] as const)('%s (and returns to page 1)', (_name, filters, expected) => {
    expect(apply(filters)).toEqual(expected)
  })

  it('names every filter it sets or removes, and the page', () => {
    expect(
      filterPatch<{ page?: number; minPrice?: number; maxPrice?: number }>({
        minPrice: 1000,
        maxPrice: undefined,
      }),
    ).toStrictEqual({
      page: undefined,
      minPrice: 1000,
      maxPrice: undefined,
    })
  })
})

describe('the router query string is the plain codec', () => {
  it.each([
    ['a numeric-looking size', { size: '28' }, '?size=28'],
    ['several sizes, joined with commas', { size: '28,30' }, '?size=28,30'],
    [
      'a price range and a flag',
      { minPrice: 1000, maxPrice: 3000, inStock: true },
      '?minPrice=1000&maxPrice=3000&inStock=true',
    ],
    ['text that reads like JSON', { text: 'true', colour: '[red]' }, '?text=true&colour=%5Bred%5D'],
    [
      'a value with escaped tokens',
      { colour: `Black ${AMPERSAND_TOKEN} White` },
      `?colour=Black+${AMPERSAND_TOKEN}+White`,
    ],
    ['a search term with a space', { text: 'silk saree' }, '?text=silk+saree'],
    ['no value', { size: undefined, page: undefined }, ''],
  ])('writes %s as plain text', (_name, search, query) => {
    expect(stringifySearch(search)).toBe(query)
  })

  it.each([
    ['?size=28', { size: '28' }],
    ['?size=28,30&minPrice=1000&inStock=true', { size: '28,30', minPrice: '1000', inStock: 'true' }],
    ['?size=28%2C30', { size: '28,30' }],
    ['?size=%2228%22', { size: '28' }],
    ['?text=%22silk%20saree%22&colour=%22true%22', { text: 'silk saree', colour: 'true' }],
    ['?size=%22', { size: '"' }],
    ['?size=M&size=L', { size: ['M', 'L'] }],
    ['', {}],
  ])("reads %s as %j (an old link's quoted value as the text inside)", (query, search) => {
    expect({ ...parseSearch(query) }).toEqual(search)
  })

  it('reads back what it writes, except that a whole value in double quotes reads as an old link', () => {
    const search = { size: '28,30', colour: `Red ${AMPERSAND_TOKEN} Blue`, text: '"quoted"', minPrice: '0' }
    expect({ ...parseSearch(stringifySearch(search)) }).toEqual({ ...search, text: 'quoted' })
  })
})
