import { describe, expect, it } from 'vitest'
import {
  listingPageSize,
  listingRequest,
  listingSearchSchema,
  searchPageSchema,
  toListingFilters,
} from '../../src/features/catalog'
import { pagerPages } from '../../src/features/catalog/listing-search'
import { AMPERSAND_TOKEN, COMMA_TOKEN, parseSearch } from '../../src/lib/query-string'

describe('page size = 4 × row blocks (storefront §9)', () => {
  it.each([
    [1, 4],
    [3, 12],
    [6, 24],
  ])('%i blocks → %i', (blocks, size) => {
    expect(listingPageSize(blocks)).toBe(size)
  })
})

describe('listing search params survive malformed links', () => {
  it.each([
    [{ page: 'x', sort: 'cheapest', minPrice: -5 }, {}],
    [
      { page: '2', sort: 'price_asc' },
      { page: 2, sort: 'price_asc' },
    ],
    [
      { size: 42, inStock: true },
      { size: '42', inStock: true },
    ],
    [{ page: 0 }, {}],
    [
      { page: '2', size: '28', minPrice: '1000', maxPrice: '3000', inStock: 'true', discount: 'false' },
      { page: 2, size: '28', minPrice: 1000, maxPrice: 3000, inStock: true, discount: false },
    ],
    [{ inStock: 'yes' }, {}],
    [{ new: '7' }, { new: 7 }],
    [{ new: 30 }, { new: 30 }],
    [{ new: '5' }, {}],
    [{ new: 'week' }, {}],
  ])('%j → %j', (raw, parsed) => {
    const result = listingSearchSchema.parse(raw)
    expect(Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined))).toEqual(
      parsed,
    )
  })

  it('reads a numeric search term as text', () => {
    expect(searchPageSchema.parse({ text: 123 }).text).toBe('123')
  })

  it.each([
    ['?size=28', ['28']],
    ['?size=28,30', ['28', '30']],
    ['?size=%2228%22', ['28']],
  ])('%s asks the API for the sizes %j, as text', (query, sizes) => {
    const search = listingSearchSchema.parse(parseSearch(query))
    expect(toListingFilters({ category: 'men' }, search).size).toEqual(sizes)
  })
})

describe('URL state → API filters', () => {
  it.each([
    ['category page', { category: 'men' }, {}, { category: 'men' }],
    [
      'category filter keeps the last entry',
      { category: 'men' },
      { category: 'men,panjabi' },
      { category: 'panjabi' },
    ],
    ['brand page fixes the brand', { brand: 'aarong' }, { brand: 'other' }, { brand: ['aarong'] }],
    [
      'lists are decoded with their tokens restored',
      {},
      { colour: `Black ${AMPERSAND_TOKEN} White,Red`, brand: `Sailor${COMMA_TOKEN} Inc` },
      { colour: ['Black & White', 'Red'], brand: ['Sailor, Inc'] },
    ],
    ['campaign page', { campaign: 'eid' }, { sort: 'newest' }, { campaign: 'eid', sort: 'newest' }],
    ['false flags are left out', {}, { inStock: false, discount: true }, { discount: true }],
    ['new in the last days', { category: 'men' }, { new: 30 }, { category: 'men', new: 30 }],
  ] as const)('%s', (_name, scope, search, filters) => {
    expect(toListingFilters(scope, search)).toEqual(filters)
  })

  it('asks for the current page (from 1) of 24 with the search term', () => {
    expect(listingRequest({ search: 'saree' }, { page: 3 })).toEqual({
      currentPage: 3,
      perPage: 24,
      search: 'saree',
      filters: {},
    })
    expect(listingRequest({}, {}).currentPage).toBe(1)
  })
})

describe('pager pages', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [1, 10, [1, 2, 'gap', 10]],
  ])('page %i of %i → %j', (current, last, pages) => {
    expect(pagerPages(current, last)).toEqual(pages)
  })
})
