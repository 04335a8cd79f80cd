import { pipeline, type Readable, Readable as ReadableStream } from 'node:stream'
import { type Options, stringify } from 'csv-stringify'
import { stringify as stringifyNow } from 'csv-stringify/sync'

/** A cell of an export: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined
export type CsvRow = readonly CsvCell[]

/**
 * Text that a spreadsheet would run as a formula once the apostrophes before it are taken off: csv-stringify's
 * `escape_formulas` writes `=`, `+`, `-`, `@`, a tab or a carriage return (and their full-width forms) after
 * one apostrophe, which spreadsheets read as "this is text" (OWASP's CSV injection advice).
 */
const FORMULA_AFTER_APOSTROPHES = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * Every export's way of writing CSV: RFC 4180 quoting, CRLF, a byte-order mark (a spreadsheet then reads the
 * file as UTF-8: Bangla names), formulas written as text. A cell already starting with apostrophes before a
 * formula's sign gets one more, so that taking one off (`unguardedCell`, as the catalogue import does) gives
 * back every text exactly as it was.
 */
const options: Options = {
  bom: true,
  record_delimiter: 'windows',
  // a cell holding a line break of its own (LF or CR, not only CRLF) is quoted too
  quote_record_delimiter: true,
  escape_formulas: true,
  // a space at either end is kept by quoting the cell: a spreadsheet would trim it
  quoted_match: /^\s|\s$/,
  cast: {
    string: (value) => (FORMULA_AFTER_APOSTROPHES.test(value) ? `'${value}` : value),
  },
}

/** A CSV file written as its rows come (header first), for a large export never whole in memory. */
export function csvStream(rows: AsyncIterable<CsvRow> | Iterable<CsvRow>): Readable {
  const writer = stringify(options)
  // the rows stop being read (and their database pages asked) when the answer is abandoned
  pipeline(ReadableStream.from(rows, { objectMode: true }), writer, () => {})
  return writer
}

/** A small CSV file (a header and a few rows) as one text. */
export const csvText = (rows: readonly CsvRow[]): string => stringifyNow(rows as CsvRow[], options)

/** A cell of a CSV the shop wrote, as it was before its formula guard (one leading apostrophe off). */
export const unguardedCell = (cell: string) => (FORMULA_AFTER_APOSTROPHES.test(cell) ? cell.slice(1) : cell)
