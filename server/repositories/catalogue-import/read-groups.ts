import type { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type Options, type Parser, parse } from 'csv-parse'
import { IMPORT_MAX_ROWS } from '../../../src/contract/admin-import'
import { disagreements, parseRow, TOO_MANY_ROWS } from '../../domain/catalogue-csv'
import { type SourceFormat, type SourceRow, sourceFormatOf } from '../../domain/catalogue-formats'
import { type Counts, type Fail, type Group, GroupFailure } from './groups'

/** Rows per product group at most (one product's skus). */
const ROWS_PER_PRODUCT = 500
/**
 * How long the import works before it gives the event loop a turn, in ms: the shop's requests are answered
 * in between, each of their steps (the request, its queries, the answer) waiting at most this long.
 */
const TURN_MS = 4

const PARSE_OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  max_record_size: 100_000,
}

/**
 * The parser with no stack trace taken while it reads a chunk: it makes an error object for every row shorter
 * than the header (kept, under `relax_column_count`), and capturing each one's stack was most of its work on a
 * file of short rows. A chunk is read synchronously, so nothing else runs with the limit lowered.
 */
function withoutStackTraces(parser: Parser): Parser {
  const transform = parser._transform.bind(parser)
  parser._transform = (chunk, encoding, done) => {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      transform(chunk, encoding, done)
    } finally {
      Error.stackTraceLimit = limit
    }
  }
  return parser
}

type ReadContext = {
  counts: Counts
  fail: Fail
  /** saves the import's progress (asked every 500 rows) */
  progress: () => Promise<void>
  /** takes a product group once its last row is read */
  take: (group: Group) => Promise<void>
  /** told the file's format once its header is read */
  onFormat: (format: SourceFormat) => void
}

/**
 * Reads the file a row at a time and gathers its rows into product groups: a row is checked on its own,
 * against the rows before it (a sku once, a product's rows together and agreeing) and refused with its
 * errors. The file's header says its format (the catalogue's own, or a Shopify or WooCommerce export read
 * into the catalogue's rows). A GroupFailure when the header is not the format's.
 */
export async function readGroups(
  input: Readable,
  { counts, fail, progress, take: takeGroup, onFormat }: ReadContext,
): Promise<void> {
  const seenSkus = new Set<string>()
  const closedSlugs = new Set<string>()
  let group: Group | null = null

  const close = async (finished: Group | null) => {
    if (!finished) return
    closedSlugs.add(finished.slug)
    await takeGroup(finished)
  }

  const parser = input.pipe(withoutStackTraces(parse(PARSE_OPTIONS)))
  let format: SourceFormat | null = null
  let rowNumber = 0
  let turnStarted = performance.now()
  let steps = 0
  /** gives the event loop a turn once the import has worked TURN_MS since the last one (checked every 16 rows) */
  const turn = async () => {
    steps += 1
    if (steps % 16 !== 0 || performance.now() - turnStarted <= TURN_MS) return
    await nextTurn()
    turnStarted = performance.now()
  }

  const take = async ({ row, record, refused, photos }: SourceRow) => {
    if (refused) {
      fail(row, record.sku.trim(), refused.column, refused.message)
      counts.failed += 1
      return
    }
    const parsed = parseRow(record)
    const slug = record.product_slug.trim()
    if (!group || group.slug !== slug) {
      await close(group)
      group = { slug, rows: [], failedRows: [], failedSkus: [] }
      if (closedSlugs.has(slug)) {
        fail(row, record.sku.trim(), 'product_slug', "Keep a product's rows together, one after another")
        counts.failed += 1
        group = null
        return
      }
    }
    const current = group
    const refuse = (field: string, message: string) => {
      fail(row, record.sku.trim(), field, message)
      current.failedRows.push(row)
    }
    if (!parsed.ok) {
      for (const problem of parsed.problems) fail(row, parsed.sku, problem.field, problem.message)
      current.failedRows.push(row)
    } else if (seenSkus.has(parsed.sku.sku)) {
      refuse('sku', 'This sku code is already on an earlier row')
    } else if (current.rows.length + current.failedRows.length >= ROWS_PER_PRODUCT) {
      refuse('sku', 'A product has at most 500 skus')
    } else {
      seenSkus.add(parsed.sku.sku)
      const first = current.rows[0]
      const differing = first ? disagreements(first.parsed.product, parsed.product, parsed.blank) : []
      if (differing.length) {
        for (const column of differing) {
          fail(row, parsed.sku.sku, column, "This differs from the product's first row")
        }
        current.failedRows.push(row)
      } else current.rows.push({ row, parsed, photos })
    }
  }

  for await (const cells of parser as AsyncIterable<string[]>) {
    rowNumber += 1
    if (!format) {
      format = sourceFormatOf(cells)
      onFormat(format)
      for (const { column, message } of format.headerProblems) fail(1, '', column, message)
      if (format.headerProblems.length) throw new GroupFailure(1, '', 'product_slug', '')
      continue
    }
    counts.rowsRead += 1
    if (counts.rowsRead > IMPORT_MAX_ROWS) {
      // the upload counts the rows as they come; this holds should a file be read otherwise
      throw new GroupFailure(rowNumber, '', 'file', TOO_MANY_ROWS)
    }
    await turn()
    // a Shopify product's rows come out when the next product starts: a turn between them too
    for (const [index, row] of format.push(rowNumber, cells).entries()) {
      if (index > 0) await turn()
      await take(row)
    }
    if (rowNumber % 500 === 0) await progress()
  }
  // the rows a format held until the file's end (a WooCommerce file's variable products)
  for (const row of format?.end() ?? []) {
    await turn()
    await take(row)
  }
  await close(group)
}
