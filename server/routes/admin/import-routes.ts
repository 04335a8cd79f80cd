import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  exportQuery,
  IMPORT_MAX_CSV_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_ZIP_BYTES,
  importAnswer,
  importIdParams,
  importQuery,
  importStarted,
} from '../../../src/contract/admin-import'
import { apiError } from '../../../src/contract/common'
import { csvRecordCounter, TOO_MANY_ROWS } from '../../domain/catalogue-csv'
import { translateMessage } from '../../messages/translate'
import { answerLanguage, badRequest, HttpError, notFound } from '../../plugins/errors'
import type { ImportFiles } from '../../repositories/catalogue-import/index'
import { csvText, sendCsv } from './csv-reply'

const csvTooLarge = () => new HttpError(413, { file: ['The CSV file can be at most 100 MB'] })
const zipTooLarge = () => new HttpError(413, { images: ['The images ZIP can be at most 200 MB'] })

/**
 * Counts what a part brings and stops it past its cap, whatever the client said it would send: the CSV's
 * bytes and rows (IMPORT_MAX_ROWS and its header), the ZIP's bytes.
 */
function capped(field: 'file' | 'images') {
  const counter = field === 'file' ? csvRecordCounter() : null
  let bytes = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (field === 'images' && bytes > IMPORT_MAX_ZIP_BYTES) return done(zipTooLarge())
      if (field === 'file' && bytes > IMPORT_MAX_CSV_BYTES) return done(csvTooLarge())
      if (counter && counter.add(chunk) > IMPORT_MAX_ROWS + 1) {
        return done(new HttpError(413, { file: [TOO_MANY_ROWS] }))
      }
      done(null, chunk)
    },
  })
}

/**
 * Spools the upload's files to a folder of their own as they arrive (never whole in memory): `file`, the
 * CSV, and `images`, the ZIP, whose directory is at its end. A file past its cap is refused as it comes.
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
      await pipeline(part.file, capped(part.fieldname), createWriteStream(path))
      if (part.file.truncated) throw part.fieldname === 'file' ? csvTooLarge() : zipTooLarge()
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw zipTooLarge()
    if (code === 'FST_FILES_LIMIT') throw badRequest('file', 'Send one CSV file and at most one ZIP')
    throw badRequest('file', 'The upload could not be read')
  }
}

/** The catalogue's CSV import and export (src/contract/admin-import.ts, docs/catalogue-csv.md). */
export default async function importRoutes(base: FastifyInstance) {
  const largest = Math.max(IMPORT_MAX_CSV_BYTES, IMPORT_MAX_ZIP_BYTES)
  await base.register(multipart, { limits: { fileSize: largest, files: 2, fields: 5, parts: 8 } })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/admin/imports',
    {
      config: { capability: 'catalogue.write' },
      bodyLimit: IMPORT_MAX_CSV_BYTES + IMPORT_MAX_ZIP_BYTES + 64 * 1024,
      schema: {
        tags: ['admin'],
        querystring: importQuery,
        response: { 202: importStarted, 400: apiError, 409: apiError, 413: apiError, 415: apiError },
      },
    },
    async (request, reply) => {
      const files = await spoolImportFiles(request)
      const started = await app.catalogueImport.start(
        { staffId: request.staff?.id ?? null, ip: request.ip },
        files,
        request.query.dryRun === 'true',
      )
      if (!('id' in started)) throw new HttpError(started.status, { [started.field]: [started.message] })
      return reply.code(202).send({ data: { id: started.id } })
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
      const translated = <Entry extends { message: string }>(entry: Entry) => ({
        ...entry,
        message: translateMessage(entry.message, language),
      })
      return {
        data: { ...state, errors: state.errors.map(translated), warnings: state.warnings.map(translated) },
      }
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
      const report = await app.catalogueImport.errorReport(request.params.id)
      if (!report) throw notFound('id', 'No such import')
      const { errors, more, warnings, moreWarnings } = report
      const error = translateMessage('error', language)
      const warning = translateMessage('warning', language)
      // the refused rows, then the photos left out of the products saved as drafts
      function* rows() {
        yield ['row', 'sku', 'field', 'message', 'kind', 'address']
        for (const each of errors) {
          yield [each.row, each.sku, each.field, translateMessage(each.message, language), error, '']
        }
        if (more > 0) {
          const message = `And ${more} more errors, not listed: correct these, then check the file again`
          yield ['', '', '', translateMessage(message, language), error, '']
        }
        for (const each of warnings) {
          const message = translateMessage(each.message, language)
          yield [each.row, each.sku, each.field, message, warning, each.address]
        }
        if (moreWarnings > 0) {
          const message = `And ${moreWarnings} more photos left out, not listed`
          yield ['', '', '', translateMessage(message, language), warning, '']
        }
      }
      return sendCsv(reply, `import-errors-${request.params.id.slice(0, 8)}.csv`, rows())
    },
  )

  app.get(
    '/admin/imports/template.csv',
    {
      config: { capability: 'catalogue.write' },
      schema: { tags: ['admin'], response: { 200: csvText } },
    },
    async (_request, reply) =>
      sendCsv(reply, 'products-template.csv', await app.catalogueImport.templateRows()),
  )

  app.get(
    '/admin/products/export.csv',
    {
      config: { capability: 'catalogue.export' },
      schema: { tags: ['admin'], querystring: exportQuery, response: { 200: csvText, 400: apiError } },
    },
    async (request, reply) => sendCsv(reply, 'products.csv', app.catalogueImport.exportRows(request.query)),
  )
}
