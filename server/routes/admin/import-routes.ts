import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod/mini'
import {
  exportQuery,
  importAnswer,
  importIdParams,
  importQuery,
  importStarted,
} from '../../../src/contract/admin-import'
import { apiError } from '../../../src/contract/common'
import { translateMessage } from '../../../src/contract/translate'
import { answerLanguage, badRequest, HttpError, notFound } from '../../plugins/errors'
import type { ImportFiles } from '../../repositories/catalogue-import/index'

/** The largest CSV and images ZIP an import takes. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024

/** A CSV answer: sent as it is written (a stream for the export) */
const csvText = z.string()

const fileTooLarge = () => new HttpError(413, { file: ['A file can be at most 200 MB'] })

/**
 * Spools the upload's files to a folder of their own as they arrive (never whole in memory): `file`, the
 * CSV, and `images`, the ZIP, whose directory is at its end.
 */
async function spoolImportFiles(request: FastifyRequest): Promise<ImportFiles> {
  if (!request.isMultipart()) throw new HttpError(415, { file: ['Send the CSV file as multipart/form-data'] })
  const folder = await mkdtemp(join(tmpdir(), 'haat-import-'))
  const files: ImportFiles = {
    folder,
    csvPath: join(folder, 'catalogue.csv'),
    csvBytes: 0,
    fileName: '',
    zipPath: null,
  }
  let csvSeen = false
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file' && part.fieldname !== 'images') {
        part.file.resume()
        continue
      }
      const path = part.fieldname === 'file' ? files.csvPath : join(folder, 'images.zip')
      let bytes = 0
      part.file.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      await pipeline(part.file, createWriteStream(path))
      if (part.file.truncated) throw fileTooLarge()
      if (part.fieldname === 'file') {
        csvSeen = bytes > 0
        files.csvBytes = bytes
        files.fileName = (part.filename || 'catalogue.csv').slice(0, 200)
      } else if (bytes > 0) files.zipPath = path
    }
    if (!csvSeen) throw badRequest('file', 'Choose the CSV file to import')
    return files
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge()
    if (code === 'FST_FILES_LIMIT') throw badRequest('file', 'Send one CSV file and at most one ZIP')
    throw badRequest('file', 'The upload could not be read')
  }
}

/** The catalogue's CSV import and export (src/contract/admin-import.ts, docs/catalogue-csv.md). */
export default async function importRoutes(base: FastifyInstance) {
  await base.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 2, fields: 5, parts: 8 } })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/admin/imports',
    {
      config: { capability: 'catalogue.write' },
      bodyLimit: 2 * MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags: ['admin'],
        querystring: importQuery,
        response: { 202: importStarted, 400: apiError, 413: apiError, 415: apiError },
      },
    },
    async (request, reply) => {
      const files = await spoolImportFiles(request)
      const id = await app.catalogueImport.start(
        { staffId: request.staff?.id ?? null, ip: request.ip },
        files,
        request.query.dryRun === 'true',
      )
      return reply.code(202).send({ data: { id } })
    },
  )

  app.get(
    '/admin/imports/:id',
    {
      config: { capability: 'catalogue.write' },
      schema: { tags: ['admin'], params: importIdParams, response: { 200: importAnswer, 404: apiError } },
    },
    async (request, reply) => {
      const state = await app.catalogueImport.state(request.params.id)
      if (!state) throw notFound('id', 'No such import')
      reply.header('cache-control', 'no-store')
      const language = answerLanguage(request.headers, request.url)
      const errors = state.errors.map((error) => ({
        ...error,
        message: translateMessage(error.message, language),
      }))
      return { data: { ...state, errors } }
    },
  )

  app.get(
    '/admin/imports/:id/errors.csv',
    {
      config: { capability: 'catalogue.write' },
      schema: { tags: ['admin'], params: importIdParams, response: { 200: csvText, 404: apiError } },
    },
    async (request, reply) => {
      const language = answerLanguage(request.headers, request.url)
      const lines = await app.catalogueImport.errorReport(request.params.id, (message) =>
        translateMessage(message, language),
      )
      if (!lines) throw notFound('id', 'No such import')
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="import-errors-${request.params.id.slice(0, 8)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(`\uFEFF${lines.join('')}`)
    },
  )

  app.get(
    '/admin/products/export.csv',
    {
      config: { capability: 'catalogue.export' },
      schema: { tags: ['admin'], querystring: exportQuery, response: { 200: csvText, 400: apiError } },
    },
    async (request, reply) => {
      const lines = app.catalogueImport.exportLines(request.query)
      async function* withBom() {
        yield '\uFEFF'
        yield* lines
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(withBom()) as unknown as string)
    },
  )
}
