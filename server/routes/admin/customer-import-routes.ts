import { Transform } from 'node:stream'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  customerImportAnswer,
  customerImportQuery,
} from '../../../src/contract/admin-customer-import'
import { apiError } from '../../../src/contract/common'
import { csvRecordCounter, TOO_MANY_ROWS } from '../../domain/catalogue-csv'
import { translateMessage } from '../../messages/translate'
import { answerLanguage, badRequest, HttpError } from '../../plugins/errors'
import { CustomerImportRefused } from '../../repositories/customer-import'

const tooLarge = () => new HttpError(413, { file: ['The CSV file can be at most 100 MB'] })

/** Counts the file's bytes and rows as they come and stops it past either cap, whatever the client said. */
function capped() {
  const counter = csvRecordCounter()
  let bytes = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > CUSTOMER_IMPORT_MAX_BYTES) return done(tooLarge())
      if (counter.add(chunk) > CUSTOMER_IMPORT_MAX_ROWS + 1) {
        return done(new HttpError(413, { file: [TOO_MANY_ROWS] }))
      }
      done(null, chunk)
    },
  })
}

/** Customers from a Shopify or WooCommerce export (src/contract/admin-customer-import.ts, docs/customers-csv.md). */
export default async function customerImportRoutes(base: FastifyInstance) {
  await base.register(multipart, {
    limits: { fileSize: CUSTOMER_IMPORT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/admin/customer-imports',
    {
      config: { capability: 'customers.import' },
      bodyLimit: CUSTOMER_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['admin'],
        querystring: customerImportQuery,
        response: {
          200: customerImportAnswer,
          400: apiError,
          401: apiError,
          403: apiError,
          409: apiError,
          413: apiError,
          415: apiError,
        },
      },
    },
    async (request) => {
      const language = answerLanguage(request.headers, request.url)
      if (!request.isMultipart()) {
        throw new HttpError(415, { file: ['Send the CSV file as multipart/form-data'] })
      }
      const actor = { staffId: request.staff?.id ?? null, ip: request.ip }
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file') {
            if (part.type === 'file') part.file.resume()
            continue
          }
          const input = part.file.pipe(capped())
          part.file.on('error', (error) => input.destroy(error))
          part.file.on('limit', () => input.destroy(tooLarge()))
          const fileName = (part.filename || 'customers.csv').slice(0, 200)
          const result = await app.customerImport.importFile(
            actor,
            { input, fileName },
            request.query.dryRun === 'true',
          )
          const skipped = result.skipped.map((skip) => ({
            ...skip,
            message: translateMessage(skip.message, language),
          }))
          return { data: { ...result, skipped } }
        }
      } catch (error) {
        if (error instanceof HttpError) throw error
        if (error instanceof CustomerImportRefused) {
          throw new HttpError(error.status, { file: [error.message] })
        }
        const code = (error as { code?: string }).code ?? ''
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        if (code.startsWith('CSV_')) throw badRequest('file', 'The file is not a readable CSV')
        if (code.startsWith('FST_')) throw badRequest('file', 'The upload could not be read')
        throw error
      }
      throw badRequest('file', 'Choose the CSV file to import')
    },
  )
}
