import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { type SourceRow, sourceFormatOf } from '../../server/domain/catalogue-formats'
import {
  FIXTURE_FILES,
  PRODUCTS_PER_FILE,
  shopifyExport,
  skuCount,
  wooCommerceExport,
} from '../fixtures/other-shops/generate'

/** A file's rows as its format reads them into the catalogue's, a SKU each. */
function read(csv: string): { format: string; rows: SourceRow[] } {
  const [header = [], ...records] = parse(csv) as string[][]
  const format = sourceFormatOf(header)
  const rows = records.flatMap((cells, index) => format.push(index + 2, cells))
  return { format: format.name, rows: [...rows, ...format.end()] }
}

describe.each([
  ['shopify', shopifyExport],
  ['woocommerce', wooCommerceExport],
] as const)('the %s fixture', (name, generate) => {
  const csv = readFileSync(FIXTURE_FILES[name], 'utf8')

  it('is what its script writes', () => {
    expect(csv).toBe(generate())
  })

  it('reads as 50 and more products of sizes × colours, none refused', () => {
    const { format, rows } = read(csv)
    expect(format).toBe(name)
    expect(rows.filter((row) => row.refused)).toEqual([])
    expect(rows).toHaveLength(skuCount(name))
    const products = new Map<string, SourceRow[]>()
    for (const row of rows) {
      products.set(row.record.product_slug, [...(products.get(row.record.product_slug) ?? []), row])
    }
    expect(products.size).toBe(PRODUCTS_PER_FILE)
    const matrices = [...products.values()].filter((skus) => {
      const sizes = new Set(skus.map((sku) => sku.record.option1_value))
      const colours = new Set(skus.map((sku) => sku.record.option2_value))
      return sizes.size >= 2 && colours.size >= 2 && skus.length === sizes.size * colours.size
    })
    expect(matrices.length).toBeGreaterThan(20)
  })

  it('says where each photo address is written: a warning about it points there', () => {
    const { rows } = read(csv)
    const lines = parse(csv) as string[][]
    for (const row of rows) {
      for (const address of row.record.images.split('|')) {
        const origin = row.photos?.get(address)
        expect(origin, address).toBeDefined()
        const header = lines[0] ?? []
        const cell = lines[(origin?.row ?? 0) - 1]?.[header.indexOf(origin?.column ?? '')] ?? ''
        expect(cell).toContain(address)
      }
    }
  })
})
