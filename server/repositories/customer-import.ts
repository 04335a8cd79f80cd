import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { parse } from 'csv-parse'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_SKIPS_SHOWN,
  type CustomerImportResult,
  type CustomerImportSkip,
  type CustomerImportSource,
} from '../../src/contract/admin-customer-import'
import { customerNotes, customers, importedOrderHistory, users } from '../db/schema'
import { TOO_MANY_ROWS } from '../domain/catalogue-csv'
import { type CustomerExport, customerExportOf, NOT_AN_EXPORT } from '../domain/customer-exports'
import type { Actor } from './audit'

/** Why a file was not read: the answer's status and message, on its `file` field. */
export class CustomerImportRefused extends Error {
  constructor(
    readonly status: 400 | 409 | 413,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Customers and their order history from the shop's previous platform (docs/customers-csv.md). The file is
 * read whole first (nothing written while a row may still refuse it), its rows gathered by number; then, unless
 * a dry run, written a batch of numbers per transaction.
 */
export type CustomerImportRepository = {
  /** reads (and imports) the CSV `input` brings; CustomerImportRefused for a file it cannot read */
  importFile(
    actor: Actor,
    file: { input: Readable; fileName: string },
    dryRun: boolean,
  ): Promise<CustomerImportResult>
}

declare module 'fastify' {
  interface FastifyInstance {
    customerImport: CustomerImportRepository
  }
}

/** Numbers written per transaction: a batch holds its customers' rows for a moment only. */
const NUMBERS_PER_BATCH = 500
/** How long reading works before it gives the shop's requests a turn, in ms. */
const TURN_MS = 4

/** What a file says of one number: its figures, a name, the old shop's notes. */
type NumberFigures = {
  name: string
  orders: number
  delivered: number
  cancelled: number
  returned: number
  totalSpent: number
  notes: string[]
}

type Read = {
  source: CustomerImportSource
  rowsRead: number
  orders: number
  merged: number
  byPhone: Map<string, NumberFigures>
  skippedCount: number
  skipped: CustomerImportSkip[]
}

/** Reads the file into its numbers' figures: an order counted once, however many lines it has. */
async function readExport(input: Readable): Promise<Read> {
  const parser = input.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 100_000 }),
  )
  input.on('error', (error) => parser.destroy(error))
  let format: CustomerExport | null = null
  const read: Omit<Read, 'source'> = {
    rowsRead: 0,
    orders: 0,
    merged: 0,
    byPhone: new Map(),
    skippedCount: 0,
    skipped: [],
  }
  const ordersSeen = new Set<string>()
  let turnStarted = performance.now()
  let rowNumber = 0
  for await (const cells of parser as AsyncIterable<string[]>) {
    rowNumber += 1
    if (!format) {
      format = customerExportOf(cells)
      if (!format) throw new CustomerImportRefused(400, NOT_AN_EXPORT)
      continue
    }
    read.rowsRead += 1
    if (read.rowsRead > CUSTOMER_IMPORT_MAX_ROWS) throw new CustomerImportRefused(413, TOO_MANY_ROWS)
    if (read.rowsRead % 16 === 0 && performance.now() - turnStarted > TURN_MS) {
      await nextTurn()
      turnStarted = performance.now()
    }
    const row = format.read(cells)
    if (row.kind === 'order') {
      // an order's later lines repeat its key alone
      if (!row.key || ordersSeen.has(row.key)) continue
      ordersSeen.add(row.key)
      read.orders += 1
    }
    if (!('phone' in row.number)) {
      read.skippedCount += 1
      if (read.skipped.length < CUSTOMER_IMPORT_SKIPS_SHOWN) {
        read.skipped.push({
          row: rowNumber,
          field: row.number.field,
          who: row.who,
          message: row.number.message,
        })
      }
      continue
    }
    let figures = read.byPhone.get(row.number.phone)
    if (figures) read.merged += 1
    else {
      figures = { name: '', orders: 0, delivered: 0, cancelled: 0, returned: 0, totalSpent: 0, notes: [] }
      read.byPhone.set(row.number.phone, figures)
    }
    figures.name ||= row.name
    if (row.kind === 'customer') {
      figures.orders += row.orders
      figures.totalSpent += row.totalSpent
      if (row.note && !figures.notes.includes(row.note)) figures.notes.push(row.note)
    } else {
      figures.orders += 1
      if (row.outcome !== 'open') figures[row.outcome] += 1
      if (row.outcome === 'delivered') figures.totalSpent += row.total
    }
  }
  if (!format) throw new CustomerImportRefused(400, NOT_AN_EXPORT)
  return { source: format.source, ...read }
}

export function createCustomerImportRepository(app: FastifyInstance): CustomerImportRepository {
  // one import at a time: a second of the same kind would remove what the first wrote
  let running = false

  /** Writes one batch of numbers: their customers, their history of this source, the old shop's notes. */
  async function writeBatch(
    batch: [string, NumberFigures][],
    source: CustomerImportSource,
    importId: string,
    actor: Actor,
  ) {
    const now = app.clock.now()
    await app.db.transaction(async (tx) => {
      const kept = await tx
        .insert(customers)
        .values(
          batch.map(([phone, figures]) => ({
            phone,
            // the number's account, unless it is already another row's
            userId: sql`(select u.id from ${users} u where u.phone = ${phone} and u.admin_type = 'customer'
              and not exists (select 1 from ${customers} c where c.user_id = u.id))`,
            name: figures.name,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: customers.phone,
          // a name the shop already has (its own orders', or an earlier import's) is kept
          set: {
            name: sql`case when ${customers.name} = '' then excluded.name else ${customers.name} end`,
            userId: sql`coalesce(${customers.userId}, excluded.user_id)`,
          },
        })
        .returning({ id: customers.id, phone: customers.phone })
      await tx
        .insert(importedOrderHistory)
        .values(
          batch.map(([phone, figures]) => ({
            phone,
            source,
            orders: figures.orders,
            delivered: figures.delivered,
            cancelled: figures.cancelled,
            returned: figures.returned,
            totalSpent: Math.round(figures.totalSpent * 100) / 100,
            importId,
            importedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [importedOrderHistory.phone, importedOrderHistory.source],
          set: {
            orders: sql`excluded.orders`,
            delivered: sql`excluded.delivered`,
            cancelled: sql`excluded.cancelled`,
            returned: sql`excluded.returned`,
            totalSpent: sql`excluded.total_spent`,
            importId: sql`excluded.import_id`,
            importedAt: sql`excluded.imported_at`,
          },
        })
      const idOf = new Map(kept.map((row) => [row.phone, row.id]))
      const notes = batch.flatMap(([phone, figures]) => {
        const customerId = idOf.get(phone)
        const text = figures.notes.join('\n\n').slice(0, 2000)
        return customerId && text
          ? [{ customerId, staffId: actor.staffId, text, importedFrom: source, createdAt: now }]
          : []
      })
      if (notes.length) {
        await tx
          .insert(customerNotes)
          .values(notes)
          .onConflictDoUpdate({
            target: [customerNotes.customerId, customerNotes.importedFrom],
            targetWhere: sql`${customerNotes.importedFrom} is not null`,
            set: { text: sql`excluded.text` },
          })
      }
    })
    return notesIn(batch)
  }

  const notesIn = (batch: [string, NumberFigures][]) =>
    batch.filter(([, figures]) => figures.notes.length > 0).length

  return {
    async importFile(actor, { input, fileName }, dryRun) {
      if (running) {
        input.resume()
        throw new CustomerImportRefused(409, 'An import is running: wait for it to end')
      }
      running = true
      try {
        const started = performance.now()
        const read = await readExport(input)
        const importId = randomUUID()
        const numbers = [...read.byPhone.entries()]
        let created = 0
        let notes = 0
        for (let start = 0; start < numbers.length; start += NUMBERS_PER_BATCH) {
          const batch = numbers.slice(start, start + NUMBERS_PER_BATCH)
          const known = await app.db
            .select({ phone: customers.phone })
            .from(customers)
            .where(
              inArray(
                customers.phone,
                batch.map(([phone]) => phone),
              ),
            )
          created += batch.length - known.length
          notes += dryRun ? notesIn(batch) : await writeBatch(batch, read.source, importId, actor)
          await nextTurn()
        }
        const result: CustomerImportResult = {
          fileName,
          source: read.source,
          dryRun,
          rowsRead: read.rowsRead,
          orders: read.orders,
          created,
          updated: numbers.length - created,
          merged: read.merged,
          skippedCount: read.skippedCount,
          skipped: read.skipped,
          notes,
          tookMs: Math.round(performance.now() - started),
        }
        if (!dryRun) {
          await app.db.transaction(async (tx) => {
            // the numbers the previous import of this kind had and this one has not: its figures are gone
            await tx
              .delete(importedOrderHistory)
              .where(
                and(
                  eq(importedOrderHistory.source, read.source),
                  ne(importedOrderHistory.importId, importId),
                ),
              )
            const { skipped: _listed, ...figures } = result
            await app.audit.record(
              actor,
              { action: 'customers.import', objectType: 'customer', objectId: null, after: figures },
              tx,
            )
          })
        }
        return result
      } finally {
        running = false
      }
    },
  }
}

export default fp(
  async function customerImportRepository(app: FastifyInstance) {
    app.decorate('customerImport', createCustomerImportRepository(app))
  },
  { name: 'customer-import-repository', dependencies: ['context'] },
)
