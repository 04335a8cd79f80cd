import { z } from 'zod/mini'

/**
 * Customers brought from the shop's previous platform (docs/customers-csv.md): a Shopify or WooCommerce
 * customers export, or their orders export. Each mobile number becomes a customer (or is found), keeps its
 * order history there (how many orders, delivered, cancelled, returned, what they came to), which its
 * delivery record counts, and a note the old shop kept. Owners and managers (`customers.import`).
 *
 * - `POST customer-imports?dryRun=true|false` (multipart, one `file`) → customerImportAnswer: the file read
 *   whole, then (unless a dry run) written. A dry run answers the same counts the import then makes. A second
 *   import of a kind of file (the `source`) replaces the figures the previous one of that kind left.
 *   A file that is none of these exports, or over a cap, is refused at once: 400 or 413 `file`.
 */

/** The kinds of file read, each its own set of figures per number: a re-import of one replaces its own. */
export const customerImportSources = [
  'shopify_customers',
  'shopify_orders',
  'woocommerce_customers',
  'woocommerce_orders',
] as const
export type CustomerImportSource = (typeof customerImportSources)[number]

/** Rows of one file at most (the header aside): an orders export has a row per line of an order. */
export const CUSTOMER_IMPORT_MAX_ROWS = 100_000
export const CUSTOMER_IMPORT_MAX_BYTES = 100 * 1024 * 1024
/** How many skipped rows the answer lists (all are counted). */
export const CUSTOMER_IMPORT_SKIPS_SHOWN = 200

export const customerImportQuery = z.object({
  dryRun: z._default(z.enum(['true', 'false']), 'false'),
})

/** A row (an order, in an orders export) left out, and why: it has no Bangladeshi mobile number. */
export const customerImportSkip = z.object({
  /** the row of the file (the header is row 1) */
  row: z.int(),
  /** the file's own column the number was looked for in */
  field: z.string(),
  /** who the row is as the file says: a name, an email, an order's number */
  who: z.string(),
  message: z.string(),
})
export type CustomerImportSkip = z.infer<typeof customerImportSkip>

export const customerImportResult = z.object({
  fileName: z.string(),
  source: z.enum(customerImportSources),
  dryRun: z.boolean(),
  rowsRead: z.int(),
  /** orders found (orders exports only; 0 for a customers export) */
  orders: z.int(),
  /** numbers that were not yet the shop's customers */
  created: z.int(),
  /** numbers already customers here (from an order, an account or an earlier import) */
  updated: z.int(),
  /** rows after the first of a number already read in the file, added to its figures */
  merged: z.int(),
  skippedCount: z.int(),
  /** the first CUSTOMER_IMPORT_SKIPS_SHOWN */
  skipped: z.array(customerImportSkip),
  /** notes the old shop kept, each kept once on its customer */
  notes: z.int(),
  /** how long reading (and writing) the file took, in ms */
  tookMs: z.number(),
})
export type CustomerImportResult = z.infer<typeof customerImportResult>

export const customerImportAnswer = z.object({ data: customerImportResult })
