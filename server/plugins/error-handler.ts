import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from './errors'

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

/** Every error answer has the SPEC §8 shape `{ error: { field: [messages] } }`; client mistakes never answer 500. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.fields })
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
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { server: ['Something went wrong'] } })
  })
})
