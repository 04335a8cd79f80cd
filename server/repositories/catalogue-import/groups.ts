import type { ImportColumn } from '../../../src/contract/admin-import'
import type { ParsedRow } from '../../domain/catalogue-csv'
import type { PhotoOrigins } from '../../domain/catalogue-formats'

/**
 * A row of the file that passed its own checks, by its number in the file; where its product's photo
 * addresses are written, when a platform's export names them on other rows.
 */
export type Row = { row: number; parsed: Extract<ParsedRow, { ok: true }>; photos?: PhotoOrigins }

/** A product's rows, one after another in the file: imported together or not at all. */
export type Group = { slug: string; rows: Row[]; failedRows: number[]; failedSkus: string[] }

/** What an import has done so far, as its progress shows it. */
export type Counts = {
  created: number
  updated: number
  unchanged: number
  failed: number
  /** products saved as drafts because a photo of theirs gave none */
  drafts: number
  rowsRead: number
}

/** Records an error of the import, for its report. */
export type Fail = (row: number, sku: string, field: string, message: string) => void

/** A photo named by its web address that gave none, left out of its product (a warning of the report). */
export type MissingPhoto = { row: number; sku: string; field: string; address: string; message: string }

/** Records a warning of the import, for its report. */
export type Warn = (warning: MissingPhoto) => void

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
