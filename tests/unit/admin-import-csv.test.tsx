import { describe, expect, it } from 'vitest'
import {
  type CsvRecord,
  checkHeader,
  disagreements,
  parseRow,
  sizeAndColourOf,
} from '../../server/domain/catalogue-csv'
import { IMPORT_COLUMNS } from '../../src/contract/admin-import'

const record = (cells: Partial<CsvRecord>): CsvRecord =>
  ({
    ...Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, ''])),
    product_slug: 'cotton-shirt',
    name: 'Cotton shirt',
    category: 'shirts',
    brand: 'haat',
    sku: 'SHIRT-M',
    price: '1200',
    ...cells,
  }) as CsvRecord

const problemsOf = (cells: Partial<CsvRecord>) => {
  const parsed = parseRow(record(cells))
  return parsed.ok ? [] : parsed.problems.map((problem) => problem.field)
}

describe('one row of the catalogue CSV', () => {
  it.each([
    [{ price: '12.345' }, ['price']],
    [{ price: '1,200' }, ['price']],
    [{ price: '' }, ['price']],
    [{ discounted_price: '1300' }, ['discounted_price']],
    [{ vat: '101' }, ['vat']],
    [{ stock: '-1' }, ['stock']],
    [{ stock: '2.5' }, ['stock']],
    [{ weight_grams: 'heavy' }, ['weight_grams']],
    [{ status: 'live' }, ['status']],
    [{ product_slug: 'Cotton Shirt' }, ['product_slug']],
    [{ sku: '' }, ['sku']],
    [{ option1_value: 'M' }, ['option1_name']],
    [{ option1_name: 'Size' }, ['option1_value']],
    [
      { option1_name: 'Size', option1_value: 'M', option2_name: 'size', option2_value: 'L' },
      ['option2_name'],
    ],
    [{ name: 'a\u0000b' }, ['name']],
  ] as [Partial<CsvRecord>, string[]][])('refuses %j in %j', (cells, fields) => {
    expect(problemsOf(cells)).toEqual(fields)
  })

  it('reads taka with paisa, a discounted price defaulting to the price, and empty figures as 0', () => {
    const parsed = parseRow(record({ price: '999.50', option1_name: 'Size', option1_value: 'M' }))
    expect(parsed.ok && parsed.sku).toEqual({
      sku: 'SHIRT-M',
      optionValues: ['M'],
      price: 999.5,
      discountedPrice: 999.5,
      vat: 0,
      stock: 0,
      weightGrams: 0,
    })
    expect(parsed.ok && parsed.product.status).toBe('active')
  })

  it('splits campaigns and images on |', () => {
    const parsed = parseRow(record({ campaigns: 'eid | winter', images: 'a.jpg|b.jpg|' }))
    expect(parsed.ok && [parsed.product.campaigns, parsed.product.images]).toEqual([
      ['eid', 'winter'],
      ['a.jpg', 'b.jpg'],
    ])
  })
})

describe("a product's later rows", () => {
  const first = parseRow(record({ option1_name: 'Size', option1_value: 'M' }))
  it.each([
    [{}, []],
    [{ name: '' }, []],
    [{ name: 'Other' }, ['name']],
    [{ images: 'x.jpg' }, ['images']],
    [{ option1_name: 'Colour' }, ['option1_name']],
  ] as [Partial<CsvRecord>, string[]][])('with %j disagree on %j', (cells, columns) => {
    const later = parseRow(record({ option1_name: 'Size', option1_value: 'L', sku: 'SHIRT-L', ...cells }))
    if (!first.ok || !later.ok) throw new Error('rows refused')
    expect(disagreements(first.product, later.product, later.blank)).toEqual(columns)
  })
})

describe('the format', () => {
  it('names the columns a header lacks or adds', () => {
    expect(checkHeader([...IMPORT_COLUMNS.filter((column) => column !== 'vat'), 'colour'])).toEqual({
      missing: ['vat'],
      unknown: ['colour'],
    })
  })

  it.each([
    [['Size', 'Colour'], { size: 'M', colour: 'Blue' }],
    [['সাইজ', 'রং'], { size: 'M', colour: 'Blue' }],
    [['Fabric', 'Color'], { size: null, colour: 'Blue' }],
  ])('reads size and colour from options named %j', (names, expected) => {
    expect(sizeAndColourOf(names, ['M', 'Blue'])).toEqual(expected)
  })
})
