import { IMPORT_COLUMNS } from '../../../src/contract/admin-import'
import { type CsvRecord, checkHeader } from '../catalogue-csv'
import { unguardedCell } from '../csv'
import { isShopifyHeader, shopifyFormat } from './shopify'
import type { SourceFormat } from './source'
import { isWooCommerceHeader, wooCommerceFormat } from './woocommerce'

export { htmlToText } from './html-text'
export type { PhotoOrigin, PhotoOrigins, SourceFormat, SourceRow } from './source'

/**
 * The format a file's header row says it is in: a Shopify or WooCommerce product export, read as it comes, or
 * the catalogue's own (any other header is checked against the catalogue's columns).
 */
export function sourceFormatOf(header: readonly string[]): SourceFormat {
  if (isShopifyHeader(header)) return shopifyFormat(header)
  if (isWooCommerceHeader(header)) return wooCommerceFormat(header)
  return haatFormat(header.map((name) => name.trim()))
}

/** The catalogue's own format: a row is a sku; a cell the export guarded against formulas is taken back. */
function haatFormat(header: readonly string[]): SourceFormat {
  const { missing, unknown } = checkHeader(header)
  const positions = IMPORT_COLUMNS.map((column) => header.indexOf(column))
  return {
    name: 'haat',
    headerProblems: [
      ...missing.map((column) => ({ column, message: 'The file lacks this column' })),
      ...unknown.map((column) => ({ column, message: 'The format has no such column' })),
    ],
    push(row, cells) {
      const record = Object.fromEntries(
        IMPORT_COLUMNS.map((column, index) => [column, unguardedCell(cells[positions[index] ?? -1] ?? '')]),
      ) as CsvRecord
      return [{ row, record }]
    },
    end: () => [],
    columnName: (column) => column,
  }
}
