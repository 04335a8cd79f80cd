import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isServiceUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableMessage } from '../db/unavailable'
import { DomainError } from '../domain/errors'
import { domainErrorStatus, errorAnswerLanguage, HttpError, translateFields } from './errors'
import { shapeServerAnswers } from './framework-errors'

type Fields = Record<string, string[]>

function addField(fields: Fields, field: string, message: string) {
  const list = fields[field] ?? []
  list.push(message)
  fields[field] = list
}

/** Zod issues of a request part → `{ "<field path>": [messages] }`; the part's name when the path is empty. */
export function validationFields(
  issues: { instancePath?: string; message?: string }[],
  context: string | undefined,
): Fields {
  const fields: Fields = {}
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
    addField(fields, path || context || 'request', issue.message ?? 'Invalid value')
  }
  return fields
}

const clientErrorField: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body',
}

/**
 * PostgreSQL's data exceptions that only a value from the request can cause (text that is not a number,
 * a number out of range, NUL in text, text too long): the contract should refuse them first, this is the
 * safety net that keeps them from answering 500.
 */
const refusedValueCodes = new Set(['22P02', '22003', '22021', '22001', '22P05'])

function databaseRefusedValue(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && refusedValueCodes.has(candidate.code)) return true
    e = candidate.cause
  }
  return false
}

/**
 * Error answers speak the request's language (`answerLanguage`): whichever code wrote the body (a route,
 * a hook, this handler, the 404 handler), its English messages are translated on the way out with the one
 * table of server/messages/messages-bn.ts. English bodies are sent as written.
 */
function answerInRequestLanguage(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error":{')) {
      return payload
    }
    const language = errorAnswerLanguage(request, reply)
    if (language === 'en') return payload
    try {
      const body = JSON.parse(payload) as { error: Record<string, unknown> }
      return JSON.stringify({ ...body, error: translateFields(body.error, language) })
    } catch {
      return payload
    }
  })
}

/** Every error answer has the storefront §8 shape `{ error: { field: [messages] } }`; client mistakes never answer 500. */
export default fp(async function errorHandler(app: FastifyInstance) {
  shapeServerAnswers(app)
  answerInRequestLanguage(app)
  app.setErrorHandler((error: FastifyError | HttpError | DomainError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.fields })
    }
    if (error instanceof DomainError) {
      return reply.code(domainErrorStatus[error.kind]).send({ error: error.fields })
    }
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'a backing service is unavailable')
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ error: { service: [unavailableMessage] } })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext
      return reply.code(400).send({ error: validationFields(error.validation, context) })
    }
    const fastifyError = error as FastifyError
    const status = fastifyError.statusCode
    if (fastifyError.validation) {
      const context = fastifyError.validationContext
      return reply.code(400).send({ error: validationFields(fastifyError.validation, context) })
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const field = clientErrorField[fastifyError.code ?? ''] ?? 'request'
      return reply.code(status).send({ error: { [field]: [fastifyError.message] } })
    }
    if (databaseRefusedValue(error)) {
      request.log.warn({ err: error }, 'the database refused a value of the request')
      return reply.code(400).send({ error: { request: ['A value in the request is not valid'] } })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { server: ['Something went wrong'] } })
  })
})
