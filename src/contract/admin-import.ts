import { z } from 'zod/mini'
import { productStatus } from './admin-product'

/** where an import is */
export const importStates = ['running', 'done', 'failed'] as const

/**
 * The catalogue's CSV format (docs/catalogue-csv.md, which also says how a Shopify or WooCommerce export is
 * read): its columns, and what an import answers. What a file may hold is capped (the IMPORT_MAX_* figures);
 * one over a cap is refused at once, 413. The routes are listed by the OpenAPI document (/api/docs).
 */
export const IMPORT_COLUMNS = [
  'product_slug',
  'name',
  'name_bn',
  'short_description',
  'short_description_bn',
  'description',
  'description_bn',
  'category',
  'brand',
  'status',
  'campaigns',
  'images',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'sku',
  'price',
  'discounted_price',
  'vat',
  'stock',
  'weight_grams',
  'meta_title',
  'meta_description',
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/** How many errors the import's state carries. */
export const IMPORT_ERRORS_SHOWN = 200
/** How many errors (and warnings) an import keeps for its report; the others are counted (`errorCount`). */
export const IMPORT_ERRORS_KEPT = 1_000

/** Rows of one file at most (the header aside): a large shop's whole catalogue of SKUs. */
export const IMPORT_MAX_ROWS = 100_000
export const IMPORT_MAX_CSV_BYTES = 100 * 1024 * 1024
export const IMPORT_MAX_ZIP_BYTES = 200 * 1024 * 1024
/** Files and folders in the images ZIP at most, and their size once unpacked. */
export const IMPORT_MAX_ZIP_ENTRIES = 10_000
export const IMPORT_MAX_ZIP_UNPACKED_BYTES = 1024 * 1024 * 1024

export const importQuery = z.object({
  dryRun: z._default(z.enum(['true', 'false']), 'false'),
})

export const importStarted = z.object({ data: z.object({ id: z.string() }) })

export const importIdParams = z.object({ id: z.uuid() })

export const importError = z.object({
  /** the row of the file (the header is row 1) */
  row: z.int(),
  sku: z.string(),
  field: z.string(),
  message: z.string(),
})
export type ImportError = z.infer<typeof importError>

/**
 * A photo named by its web address that gave none (not there, not a photo, too large, no answer in time): its
 * product is imported without it, as a draft. `field` is the file's own column, `row` the row naming it.
 */
export const importWarning = z.object({
  row: z.int(),
  sku: z.string(),
  field: z.string(),
  /** the photo's web address, as the file writes it */
  address: z.string(),
  /** why it gave no photo */
  message: z.string(),
})
export type ImportWarning = z.infer<typeof importWarning>

export const importState = z.object({
  id: z.string(),
  fileName: z.string(),
  dryRun: z.boolean(),
  status: z.enum(importStates),
  rowsRead: z.int(),
  bytesRead: z.number(),
  bytesTotal: z.number(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  failed: z.int(),
  /** all errors found, of which `errors` are the first (and the report the first IMPORT_ERRORS_KEPT) */
  errorCount: z.int(),
  errors: z.array(importError),
  /** products saved as drafts (their file has them active) because a photo of theirs gave none */
  drafts: z.int(),
  /** all warnings found, of which `warnings` are the first IMPORT_ERRORS_SHOWN */
  warningCount: z.int(),
  warnings: z.array(importWarning),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
})
export type ImportState = z.infer<typeof importState>

export const importAnswer = z.object({ data: importState })

export const exportQuery = z.object({
  status: z.optional(productStatus),
  categoryId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
})
