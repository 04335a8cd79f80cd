import { describe, expect, it } from 'vitest'
import {
  AMPERSAND_TOKEN,
  applyFilter,
  COMMA_TOKEN,
  decodeList,
  encodeList,
  escapeValue,
  lastCategory,
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

describe('applyFilter', () => {
  const base = { page: 3, brand: 'aarong', size: 'M' }
  it.each([
    ['an empty text removes the filter', 'brand', '', { size: 'M' }],
    ['an empty list removes the filter', 'size', [], { brand: 'aarong' }],
    ['false removes a flag', 'inStock', false, { brand: 'aarong', size: 'M' }],
    ['a list is joined with commas', 'size', ['M', 'XL'], { brand: 'aarong', size: 'M,XL' }],
    [
      'the category keeps its last entry',
      'category',
      'men,panjabi',
      { brand: 'aarong', size: 'M', category: 'panjabi' },
    ],
    [
      'a value with an ampersand is escaped',
      'colour',
      'Black & White',
      { brand: 'aarong', size: 'M', colour: `Black ${AMPERSAND_TOKEN} White` },
    ],
    ['a number is kept', 'minPrice', 500, { brand: 'aarong', size: 'M', minPrice: 500 }],
    ['true sets a flag', 'discount', true, { brand: 'aarong', size: 'M', discount: true }],
  ] as const)('%s (and returns to page 1)', (_name, key, value, expected) => {
    expect(applyFilter(base, key, value as never)).toEqual(expected)
  })
})
