import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS_KEPT,
  IMPORT_ERRORS_SHOWN,
  type ImportError,
  type ImportState,
  type ImportWarning,
} from '../../../src/contract/admin-import'
import { brands, catalogueImports, categories } from '../../db/schema'
import { templateRow } from '../../domain/catalogue-csv'
import type { CsvRow } from '../../domain/csv'
import type { Actor } from '../audit'
import { type ExportFilters, exportRows } from './export'
import { type Counts, type Fail, type Group, GroupFailure, type Warn } from './groups'
import { readGroups } from './read-groups'
import { loadRefs } from './refs'
import { writeGroups } from './write-groups'
import { type ImageSource, noZipImages, openZipImages, ZipRefused } from './zip-images'

export type { ExportFilters } from './export'

/** The files of one import, spooled to a folder of their own (removed when the import ends). */
export type ImportFiles = {
  folder: string
  csvPath: string
  csvBytes: number
  fileName: string
  zipPath: string | null
}

/** Why an import was not started (its files are removed): the answer's status, field and message. */
export type ImportRefusal = { status: 400 | 409 | 413; field: 'file' | 'images'; message: string }

/**
 * The errors and the warnings an import kept (the first IMPORT_ERRORS_KEPT of each), and how many more of each
 * it found.
 */
export type ErrorReport = {
  errors: ImportError[]
  more: number
  warnings: ImportWarning[]
  moreWarnings: number
}

/** The catalogue's CSV import and export (docs/catalogue-csv.md). */
export type CatalogueImportRepository = {
  /** records the import and starts it in the background (its id), or refuses it */
  start(actor: Actor, files: ImportFiles, dryRun: boolean): Promise<{ id: string } | ImportRefusal>
  state(id: string): Promise<ImportState | null>
  /** the errors and warnings the downloadable report lists; null: no such import */
  errorReport(id: string): Promise<ErrorReport | null>
  /** the catalogue in the import's format, a row at a time, header first */
  exportRows(filters: ExportFilters): AsyncGenerator<CsvRow>
  /** the format's header and an example row of the shop's own first category and brand */
  templateRows(): Promise<CsvRow[]>
  /** waits for the imports this process is running */
  settle(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueImport: CatalogueImportRepository
  }
}

/** A running import that saved no progress for this long has stopped with its process. */
export const STALE_IMPORT_MS = 10 * 60 * 1000
const stoppedError = { row: 0, sku: '', field: 'file', message: 'The import stopped: try again' }

/** Product groups written per transaction. */
const GROUPS_PER_BATCH = 100
/** How often a running import saves its progress at most. */
const PROGRESS_MS = 500
/**
 * Bytes of the file read at a time. csv-parse reads a chunk's every record at once, without a turn for
 * anything else, and a row shorter than the header costs it an error object (about 50 µs, kept by its
 * `relax_column_count`): 1 KB of one-cell rows is 500 records, 25 ms that every request waits; 256 bytes
 * is at most 128.
 */
const READ_CHUNK_BYTES = 256

/**
 * An import's errors and warnings: the first IMPORT_ERRORS_KEPT of each kept for its report, every one counted.
 */
type ErrorLog = { kept: ImportError[]; count: number; warnings: ImportWarning[]; warningCount: number }

export function createCatalogueImportRepository(app: FastifyInstance): CatalogueImportRepository {
  const running = new Set<Promise<void>>()

  async function run(
    id: string,
    actor: Actor,
    files: ImportFiles,
    dryRun: boolean,
    images: ImageSource,
  ): Promise<void> {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, failed: 0, drafts: 0, rowsRead: 0 }
    const log: ErrorLog = { kept: [], count: 0, warnings: [], warningCount: 0 }
    // an error names the column as the file does (a Shopify file's `Variant SKU` for the sku)
    let columnName = (column: string) => column
    const fail: Fail = (row, sku, field, message) => {
      log.count += 1
      if (log.kept.length < IMPORT_ERRORS_KEPT) log.kept.push({ row, sku, field: columnName(field), message })
    }
    const warn: Warn = (warning) => {
      log.warningCount += 1
      if (log.warnings.length < IMPORT_ERRORS_KEPT) {
        log.warnings.push({ ...warning, field: columnName(warning.field) })
      }
    }
    const input = createReadStream(files.csvPath, { highWaterMark: READ_CHUNK_BYTES })
    let savedAt = 0
    let errorsSaved = 0
    let warningsSaved = 0
    const progress = async () => {
      if (Date.now() - savedAt < PROGRESS_MS) return
      savedAt = Date.now()
      // the kept errors are written again only while they grow, at most IMPORT_ERRORS_KEPT of them
      const errors = log.kept.length > errorsSaved ? { errors: log.kept } : {}
      const warnings = log.warnings.length > warningsSaved ? { warnings: log.warnings } : {}
      errorsSaved = log.kept.length
      warningsSaved = log.warnings.length
      await app.db
        .update(catalogueImports)
        .set({
          ...counts,
          bytesRead: Math.min(input.bytesRead, files.csvBytes),
          ...errors,
          ...warnings,
          errorCount: log.count,
          warningCount: log.warningCount,
          updatedAt: new Date(),
        })
        .where(eq(catalogueImports.id, id))
    }
    try {
      const refs = await loadRefs(app.db)
      const context = {
        refs,
        images,
        dryRun,
        actor,
        counts,
        fail,
        warn,
      }
      let batch: Group[] = []
      const flush = async () => {
        const groups = batch
        batch = []
        await writeGroups(app, groups, context)
        await progress()
      }
      await readGroups(input, {
        counts,
        fail,
        progress,
        take: async (group) => {
          batch.push(group)
          if (batch.length >= GROUPS_PER_BATCH) await flush()
        },
        onFormat: (format) => {
          columnName = format.columnName
        },
      })
      await flush()
      await finish(id, actor, dryRun, counts, log, 'done', files.csvBytes)
    } catch (error) {
      // why the import stopped comes first, however many errors were kept before it
      const stopped: Fail = (row, sku, field, message) => {
        log.count += 1
        log.kept = [{ row, sku, field, message }, ...log.kept].slice(0, IMPORT_ERRORS_KEPT)
      }
      if (!(error instanceof GroupFailure)) {
        app.log.error({ err: error, importId: id }, 'catalogue import failed')
        const code = (error as { code?: string }).code ?? ''
        if (code.startsWith('CSV_'))
          stopped(counts.rowsRead + 1, '', 'file', 'The file is not a readable CSV')
        else stopped(0, '', 'file', 'The import stopped: try again')
      } else if (error.message) stopped(error.row, error.sku, error.field, error.message)
      await finish(id, actor, dryRun, counts, log, 'failed', Math.min(input.bytesRead, files.csvBytes))
    } finally {
      input.destroy()
      images.zip?.close()
      await rm(files.folder, { recursive: true, force: true })
    }
  }

  async function finish(
    id: string,
    actor: Actor,
    dryRun: boolean,
    counts: Counts,
    log: ErrorLog,
    status: 'done' | 'failed',
    bytesRead: number,
  ) {
    await app.db.transaction(async (tx) => {
      await tx
        .update(catalogueImports)
        .set({
          ...counts,
          bytesRead,
          errors: log.kept,
          errorCount: log.count,
          warnings: log.warnings,
          warningCount: log.warningCount,
          status,
          finishedAt: new Date(),
        })
        .where(eq(catalogueImports.id, id))
      if (!dryRun) {
        const { rowsRead: _rows, ...figures } = counts
        await app.audit.record(
          actor,
          {
            action: 'catalogue.import',
            objectType: 'catalogue_import',
            objectId: id,
            after: { ...figures, status },
          },
          tx,
        )
      }
    })
  }

  return {
    async settle() {
      await Promise.allSettled([...running])
    },

    async start(actor, files, dryRun) {
      const refuse = async (refusal: ImportRefusal) => {
        await rm(files.folder, { recursive: true, force: true })
        return refusal
      }
      // one import at a time: each one reads the whole catalogue alongside the shop's own requests
      const since = new Date(app.clock.now().getTime() - STALE_IMPORT_MS)
      const [busy] = await app.db
        .select({ id: catalogueImports.id })
        .from(catalogueImports)
        .where(and(eq(catalogueImports.status, 'running'), gt(catalogueImports.updatedAt, since)))
        .limit(1)
      if (busy || running.size > 0) {
        return refuse({ status: 409, field: 'file', message: 'An import is running: wait for it to end' })
      }
      const fetching = {
        allowPrivate: app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS,
        timeoutMs: app.config.IMPORT_PHOTO_TIMEOUT_MS,
      }
      let images = noZipImages(fetching)
      if (files.zipPath) {
        try {
          images = await openZipImages(files.zipPath, fetching)
        } catch (error) {
          if (!(error instanceof ZipRefused)) throw error
          const unreadable = error.message === 'The images file is not a readable ZIP'
          return refuse({ status: unreadable ? 400 : 413, field: 'images', message: error.message })
        }
      }
      const [row] = await app.db
        .insert(catalogueImports)
        .values({ staffId: actor.staffId, fileName: files.fileName, dryRun, bytesTotal: files.csvBytes })
        .returning({ id: catalogueImports.id })
      if (!row) throw new Error('import not recorded')
      const job = run(row.id, actor, files, dryRun, images).catch((error) =>
        app.log.error({ err: error, importId: row.id }, 'catalogue import not finished'),
      )
      running.add(job)
      void job.finally(() => running.delete(job))
      return { id: row.id }
    },

    async state(id) {
      let [row] = await app.db.select().from(catalogueImports).where(eq(catalogueImports.id, id))
      if (!row) return null
      if (row.status === 'running' && app.clock.now().getTime() - row.updatedAt.getTime() > STALE_IMPORT_MS) {
        // its process stopped (a restart, a crash) on this instance or another: it will not go on
        const [stopped] = await app.db
          .update(catalogueImports)
          .set({
            status: 'failed',
            finishedAt: app.clock.now(),
            errors: row.errors.length < IMPORT_ERRORS_KEPT ? [...row.errors, stoppedError] : row.errors,
            errorCount: row.errorCount + 1,
          })
          .where(and(eq(catalogueImports.id, id), eq(catalogueImports.updatedAt, row.updatedAt)))
          .returning()
        row = stopped ?? row
      }
      return {
        id: row.id,
        fileName: row.fileName,
        dryRun: row.dryRun,
        status: row.status,
        rowsRead: row.rowsRead,
        bytesRead: Number(row.bytesRead),
        bytesTotal: Number(row.bytesTotal),
        created: row.created,
        updated: row.updated,
        unchanged: row.unchanged,
        failed: row.failed,
        errorCount: row.errorCount,
        errors: row.errors.slice(0, IMPORT_ERRORS_SHOWN),
        drafts: row.drafts,
        warningCount: row.warningCount,
        warnings: row.warnings.slice(0, IMPORT_ERRORS_SHOWN),
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }
    },

    async errorReport(id) {
      const [row] = await app.db
        .select({
          errors: catalogueImports.errors,
          errorCount: catalogueImports.errorCount,
          warnings: catalogueImports.warnings,
          warningCount: catalogueImports.warningCount,
        })
        .from(catalogueImports)
        .where(eq(catalogueImports.id, id))
      if (!row) return null
      return {
        errors: row.errors,
        more: Math.max(0, row.errorCount - row.errors.length),
        warnings: row.warnings,
        moreWarnings: Math.max(0, row.warningCount - row.warnings.length),
      }
    },

    exportRows: (filters) => exportRows(app.db, filters),

    async templateRows() {
      const [[category], [brand]] = await Promise.all([
        app.db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.id)).limit(1),
        app.db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.id)).limit(1),
      ])
      const example = templateRow(category?.slug ?? '', brand?.slug ?? '')
      return [IMPORT_COLUMNS, IMPORT_COLUMNS.map((column) => example[column])]
    },
  }
}

export default fp(
  async function catalogueImportRepository(app: FastifyInstance) {
    const repository = createCatalogueImportRepository(app)
    app.decorate('catalogueImport', repository)
    // an import whose process ended mid-way stays `running` in the table: it will not go on
    app.addHook('onClose', () => repository.settle())
  },
  { name: 'catalogue-import-repository', dependencies: ['context'] },
)
