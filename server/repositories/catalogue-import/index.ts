import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { IMPORT_ERRORS_SHOWN, type ImportError, type ImportState } from '../../../src/contract/admin-import'
import { catalogueImports } from '../../db/schema'
import { csvLine } from '../../domain/catalogue-csv'
import type { Actor } from '../audit'
import { type ExportFilters, exportLines } from './export'
import { type Counts, type Fail, type Group, GroupFailure } from './groups'
import { readGroups } from './read-groups'
import { loadRefs } from './refs'
import { writeGroups } from './write-groups'
import { noZipImages, openZipImages } from './zip-images'

export type { ExportFilters } from './export'

/** The files of one import, spooled to a folder of their own (removed when the import ends). */
export type ImportFiles = {
  folder: string
  csvPath: string
  csvBytes: number
  fileName: string
  zipPath: string | null
}

/** The catalogue's CSV import and export (docs/catalogue-csv.md). */
export type CatalogueImportRepository = {
  /** records the import and starts it in the background; its id */
  start(actor: Actor, files: ImportFiles, dryRun: boolean): Promise<string>
  state(id: string): Promise<ImportState | null>
  /** every error of an import, as the downloadable report's lines (header first); null: no such import */
  errorReport(id: string, translate?: (message: string) => string): Promise<string[] | null>
  /** the catalogue in the import's format, a line at a time, header first */
  exportLines(filters: ExportFilters): AsyncGenerator<string>
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

export function createCatalogueImportRepository(app: FastifyInstance): CatalogueImportRepository {
  const running = new Set<Promise<void>>()

  async function run(id: string, actor: Actor, files: ImportFiles, dryRun: boolean): Promise<void> {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, failed: 0, rowsRead: 0 }
    const errors: ImportError[] = []
    const fail: Fail = (row, sku, field, message) => errors.push({ row, sku, field, message })
    const allowPrivate = app.config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS
    let images = noZipImages(allowPrivate)
    const input = createReadStream(files.csvPath)
    const progress = async () => {
      await app.db
        .update(catalogueImports)
        .set({
          ...counts,
          bytesRead: Math.min(input.bytesRead, files.csvBytes),
          errors: errors.slice(0, IMPORT_ERRORS_SHOWN),
          updatedAt: new Date(),
        })
        .where(eq(catalogueImports.id, id))
    }
    try {
      if (files.zipPath) images = await openZipImages(files.zipPath, allowPrivate)
      const refs = await loadRefs(app.db)
      const context = {
        refs,
        images,
        dryRun,
        actor,
        counts,
        fail,
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
      })
      await flush()
      await finish(id, actor, dryRun, counts, errors, 'done', files.csvBytes)
    } catch (error) {
      if (!(error instanceof GroupFailure)) {
        app.log.error({ err: error, importId: id }, 'catalogue import failed')
        const code = (error as { code?: string }).code ?? ''
        if (code.startsWith('CSV_')) fail(counts.rowsRead + 1, '', 'file', 'The file is not a readable CSV')
        else fail(0, '', 'file', 'The import stopped: try again')
      } else if (error.message) fail(error.row, error.sku, error.field, error.message)
      await finish(id, actor, dryRun, counts, errors, 'failed', Math.min(input.bytesRead, files.csvBytes))
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
    errors: ImportError[],
    status: 'done' | 'failed',
    bytesRead: number,
  ) {
    await app.db.transaction(async (tx) => {
      await tx
        .update(catalogueImports)
        .set({ ...counts, bytesRead, errors, status, finishedAt: new Date() })
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
      const [row] = await app.db
        .insert(catalogueImports)
        .values({ staffId: actor.staffId, fileName: files.fileName, dryRun, bytesTotal: files.csvBytes })
        .returning({ id: catalogueImports.id })
      if (!row) throw new Error('import not recorded')
      const job = run(row.id, actor, files, dryRun).catch((error) =>
        app.log.error({ err: error, importId: row.id }, 'catalogue import not finished'),
      )
      running.add(job)
      void job.finally(() => running.delete(job))
      return row.id
    },

    async state(id) {
      let [row] = await app.db.select().from(catalogueImports).where(eq(catalogueImports.id, id))
      if (!row) return null
      if (row.status === 'running' && app.clock.now().getTime() - row.updatedAt.getTime() > STALE_IMPORT_MS) {
        // its process stopped (a restart, a crash) on this instance or another: it will not go on
        const [stopped] = await app.db
          .update(catalogueImports)
          .set({ status: 'failed', finishedAt: app.clock.now(), errors: [...row.errors, stoppedError] })
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
        errorCount: row.errors.length,
        errors: row.errors.slice(0, IMPORT_ERRORS_SHOWN),
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }
    },

    async errorReport(id, translate = (message) => message) {
      const [row] = await app.db
        .select({ errors: catalogueImports.errors })
        .from(catalogueImports)
        .where(eq(catalogueImports.id, id))
      if (!row) return null
      return [
        csvLine(['row', 'sku', 'field', 'message']),
        ...row.errors.map((error) => csvLine([error.row, error.sku, error.field, translate(error.message)])),
      ]
    },

    exportLines: (filters) => exportLines(app.db, filters),
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
