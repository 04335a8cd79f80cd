import type { ImportColumn } from '../../../src/contract/admin-import'
import type { ParsedRow } from '../../domain/catalogue-csv'

/** A row of the file that passed its own checks, by its number in the file. */
export type Row = { row: number; parsed: Extract<ParsedRow, { ok: true }> }

/** A product's rows, one after another in the file: imported together or not at all. */
export type Group = { slug: string; rows: Row[]; failedRows: number[]; failedSkus: string[] }

/** What an import has done so far, as its progress shows it. */
export type Counts = { created: number; updated: number; unchanged: number; failed: number; rowsRead: number }

/** Records an error of the import, for its report. */
export type Fail = (row: number, sku: string, field: string, message: string) => void

/** A product group refused for one of its rows (or, for `file`, the whole file). */
export class GroupFailure extends Error {
  constructor(
    readonly row: number,
    readonly sku: string,
    readonly field: ImportColumn | 'file',
    message: string,
  ) {
    super(message)
  }
}
