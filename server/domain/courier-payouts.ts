import { parse } from 'csv-parse/sync'
import { COD_PAYOUT_MAX_ROWS } from '../../src/contract/admin-cod-cash'

/**
 * A courier's payout statement, read: the parcels it paid the shop for, each named by the courier's consignment
 * ID or the order's number (Pathao's "Merchant Order ID", Steadfast's "Invoice"), with the cash it collected at
 * the door and what it kept of it (its delivery charge and cash-on-delivery fee). Pathao's and Steadfast's
 * merchant panels export these with their own headings; each column is found by the names they give it
 * (docs/payments-delivery.md), in any case and order.
 */
export type PayoutLine = {
  /** the file's line number (the heading is line 1) */
  line: number
  consignmentId: string | null
  invoice: string | null
  collected: number
  charges: number
}

export type PayoutProblem = { line: number; message: string }

const COLUMNS = {
  consignmentId: ['consignment id', 'consignment_id', 'consignment', 'cid', 'tracking id', 'tracking code'],
  invoice: ['invoice', 'invoice id', 'merchant order id', 'merchant_order_id', 'order id', 'order number'],
  collected: [
    'collected amount',
    'collected_amount',
    'cash collected',
    'cod collected',
    'collected',
    'amount collected',
  ],
  deliveryCharge: ['delivery charge', 'delivery_charge', 'delivery fee', 'delivery_fee', 'shipping charge'],
  codFee: ['cod charge', 'cod_charge', 'cod fee', 'cod_fee', 'cash on delivery fee'],
  /** one column for all the courier kept, where a statement gives it so */
  charges: ['total charge', 'total charges', 'total_fee', 'charges'],
} as const

type Column = keyof typeof COLUMNS

const normal = (heading: string) => heading.trim().toLowerCase().replace(/\s+/g, ' ')

/** taka as a statement writes it: "1,250.00", "৳ 1250", "TK 1250" */
function amountOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return 0
  const digits = text.replace(/[৳,\s]|tk|bdt/gi, '')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(digits)) return null
  return Number(digits)
}

/**
 * Reads a statement's lines (at most COD_PAYOUT_MAX_ROWS); a line it cannot read is a problem of its own, the
 * rest are read. A file without a column naming the parcel or the cash collected is refused whole.
 */
export function readPayout(
  csv: string,
): { lines: PayoutLine[]; problems: PayoutProblem[] } | { refused: string } {
  let rows: string[][]
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      to_line: COD_PAYOUT_MAX_ROWS + 1,
    }) as string[][]
  } catch {
    return { refused: 'This file could not be read as a CSV file' }
  }
  const [heading, ...body] = rows
  if (!heading) return { refused: 'The file is empty' }
  const index = {} as Record<Column, number>
  for (const column of Object.keys(COLUMNS) as Column[]) {
    index[column] = heading.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(normal(name)))
  }
  if (index.consignmentId < 0 && index.invoice < 0) {
    return { refused: 'The file has no consignment ID or invoice column' }
  }
  if (index.collected < 0) return { refused: 'The file has no collected amount column' }

  const lines: PayoutLine[] = []
  const problems: PayoutProblem[] = []
  body.forEach((row, at) => {
    const line = at + 2
    const cell = (column: Column) => (index[column] >= 0 ? row[index[column]]?.trim() : undefined)
    const consignmentId = cell('consignmentId') || null
    const invoice = cell('invoice') || null
    if (!consignmentId && !invoice) {
      problems.push({ line, message: 'No consignment ID or invoice' })
      return
    }
    const collected = amountOf(cell('collected'))
    const parts = [cell('charges'), cell('deliveryCharge'), cell('codFee')].map(amountOf)
    if (collected === null || parts.some((part) => part === null)) {
      problems.push({ line, message: 'An amount is not a number of taka' })
      return
    }
    const [total, delivery, fee] = parts as number[]
    const charges = index.charges >= 0 ? (total ?? 0) : (delivery ?? 0) + (fee ?? 0)
    lines.push({ line, consignmentId, invoice, collected, charges: Math.round(charges * 100) / 100 })
  })
  return { lines, problems }
}
