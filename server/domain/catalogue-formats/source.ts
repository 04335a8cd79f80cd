import { IMPORT_COLUMNS, type ImportColumn } from '../../../src/contract/admin-import'
import type { CsvRecord } from '../catalogue-csv'

/**
 * A row of the catalogue's own format, made from the file's row `row` (where its errors point); or, `refused`,
 * a row of the file the format cannot import, and why.
 */
export type SourceRow = {
  row: number
  record: CsvRecord
  refused?: { column: string; message: string }
  /** where each of the product's photo addresses is written, when not on this row's `images` cell */
  photos?: PhotoOrigins
}

/** A photo address's row of the file and the file's own column (a warning about the photo points there). */
export type PhotoOrigin = { row: number; column: string }
export type PhotoOrigins = ReadonlyMap<string, PhotoOrigin>

/**
 * A file's format, read a row at a time into the rows of the catalogue's own format (docs/catalogue-csv.md):
 * the catalogue's own file row for row, a Shopify or WooCommerce export a product at a time.
 */
export type SourceFormat = {
  name: 'haat' | 'shopify' | 'woocommerce'
  /** the header's problems, by column: what it lacks, what the format does not know */
  headerProblems: { column: string; message: string }[]
  /** takes the cells of the file's row `row`; answers the rows it completes */
  push(row: number, cells: readonly string[]): SourceRow[]
  /** the rows still held when the file ends */
  end(): SourceRow[]
  /** the file's own name of the column an error is about */
  columnName(column: ImportColumn | string): string
}

/** The cells of a header's columns by name, the names compared without case or surrounding spaces. */
export function headerIndex(header: readonly string[]) {
  const positions = new Map<string, number>()
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase()
    if (!positions.has(key)) positions.set(key, index)
  })
  return {
    /** the first of `names` the header has, as the header writes it */
    present(names: readonly string[]): string | null {
      for (const name of names) {
        const at = positions.get(name.toLowerCase())
        if (at !== undefined) return header[at]?.trim() ?? name
      }
      return null
    },
    /** a reader of the first of `names` the header has ('' for every row when it has none) */
    reader(names: readonly string[]): (cells: readonly string[]) => string {
      const at = names.map((name) => positions.get(name.toLowerCase())).find((index) => index !== undefined)
      return at === undefined ? () => '' : (cells) => (cells[at] ?? '').trim()
    },
  }
}

/** A sku code made from a product's handle and its option values, when the file gives none. */
export function madeSkuCode(handle: string, values: readonly string[]): string {
  return [handle, ...values]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._/-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Z0-9]+|-+$/g, '')
    .slice(0, 64)
}

/** The last step of a category path (`Apparel > Clothing > Shirts` → `Shirts`). */
export const pathLeaf = (path: string) => path.split('>').pop()?.trim() ?? ''

/** Whole grams from a number of grams or kilograms written with any decimals ('' when it is not one). */
export function grams(text: string, perUnit: number): string {
  if (!/^\d+(?:\.\d+)?$/.test(text)) return text
  return String(Math.round(Number(text) * perUnit))
}

/** A stock count as the catalogue keeps it: an export's negative stock (sold beyond it) is none. */
export const stockCell = (text: string) => (/^-\d+(?:\.0+)?$/.test(text) ? '0' : text.replace(/\.0+$/, ''))

/**
 * A platform's file read through its header: a reader per field ('' when the header lacks it) and the name
 * an error gives one of the catalogue's columns (the header's own name of the field it comes from).
 */
export function platformColumns<Field extends string>(
  header: readonly string[],
  columns: Record<Field, readonly string[]>,
  sourceOf: Partial<Record<ImportColumn, Field>>,
) {
  const index = headerIndex(header)
  const read = Object.fromEntries(
    (Object.keys(columns) as Field[]).map((field) => [field, index.reader(columns[field])]),
  ) as Record<Field, (cells: readonly string[]) => string>
  const columnName = (column: ImportColumn | string) => {
    const field = sourceOf[column as ImportColumn]
    return (field && index.present(columns[field])) || column
  }
  return {
    read,
    columnName,
    has: (field: Field) => index.present(columns[field]) !== null,
    /** the header's own name of a field */
    nameOf: (field: Field) => index.present(columns[field]) ?? field,
  }
}

/** Every column of the catalogue's format, the ones not given empty. */
export function complete(record: Partial<CsvRecord>): CsvRecord {
  return Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, record[column] ?? ''])) as CsvRecord
}
