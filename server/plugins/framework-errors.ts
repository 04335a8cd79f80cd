import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { answerLanguage, errorAnswerLanguage, translateFields } from './errors'

/**
 * Answers for requests that fail before any route sees them, in the one error shape
 * `{ error: { field: [messages] } }`: Fastify's router (`frameworkErrors`) and node's HTTP parser
 * (`clientErrorHandler`, which writes to the bare socket).
 */

const routerErrors: Record<string, { status: number; field: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, field: 'url', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, field: 'url', message: 'The address is too long' },
}

/**
 * Fastify's `frameworkErrors`: a badly percent-encoded path, a path parameter over `maxParamLength`. The
 * reply runs no hooks, so it is put in the request's language here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = routerErrors[error.code]
  const status = known?.status ?? 400
  const message = known?.message ?? 'The request is not valid'
  const fields = { [known?.field ?? 'request']: [message] }
  return reply.code(status).send({ error: translateFields(fields, errorAnswerLanguage(request, reply)) })
}

/** What node's own answer would have been (its `socketOnError`), with a message for each. */
function parserAnswer(code: string): { status: number; field: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, field: 'headers', message: 'The address or the headers are too long' }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, field: 'body', message: 'The chunk extensions are too long' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, field: 'request', message: 'The request took too long to arrive' }
    default:
      return { status: 400, field: 'request', message: 'The request is not valid HTTP' }
  }
}

/**
 * An `Error` from a connection whose bytes node's HTTP parser refused (431 for headers or an address
 * over `maxHeaderSize`, 408 for a request that never finished, 400 for the rest). No request or reply
 * exists yet, so the answer is written to the socket as raw HTTP, then the connection closes; with no
 * headers read, it is in English.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  this.log.trace({ err: error }, 'client error')
  // node's own rule: no answer when a response of this connection has already started
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const { status, field, message } = parserAnswer(error.code ?? '')
    const body = JSON.stringify({ error: { [field]: [message] } })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Content-Language: en\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy(error)
}

/**
 * The answers node's HTTP server would write itself, without a body: 417 for an `Expect` other than
 * `100-continue`, and 400 for an HTTP/1.1 request without `Host` (the app is built with
 * `http.requireHostHeader: false` so that this hook, not node, refuses it).
 */
export function shapeServerAnswers(app: FastifyInstance) {
  app.server.on('checkExpectation', (request, response) => {
    // written past Fastify's hooks, so in the request's language here
    const language = answerLanguage(request.headers, request.url)
    const fields = { expect: ['Only "Expect: 100-continue" is understood'] }
    const body = JSON.stringify({ error: translateFields(fields, language) })
    response
      .writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'content-language': language,
        vary: 'Accept-Language',
        connection: 'close',
      })
      .end(body)
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return
    return reply
      .code(400)
      .header('connection', 'close')
      .send({ error: { headers: ['The Host header is missing'] } })
  })
}
