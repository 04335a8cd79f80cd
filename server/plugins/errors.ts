import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Language, requestLanguage } from '../../src/contract/language'
import type { DomainErrorKind } from '../domain/errors'
import { translateMessage } from '../messages/translate'

/**
 * Errors a route may throw on purpose. The app's error handler answers them with the storefront §8
 * shape `{ error: { field: [messages] } }` and their status; anything else unexpected is a 500
 * that names no internals.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly fields: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(Object.values(fields).flat()[0] ?? 'Request failed')
    this.name = 'HttpError'
  }
}

/** The status answering each kind of refusal of the shop's rules (server/domain/errors.ts). */
export const domainErrorStatus: Record<DomainErrorKind, number> = {
  invalid: 400,
  'not-found': 404,
  forbidden: 403,
  conflict: 409,
  refused: 422,
  unavailable: 503,
}

export const badRequest = (field: string, message: string) => new HttpError(400, { [field]: [message] })
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, { auth: [message] })
export const forbidden = (message = 'Not allowed') => new HttpError(403, { auth: [message] })
export const notFound = (field: string, message: string) => new HttpError(404, { [field]: [message] })
export const conflict = (fields: Record<string, string[]>) => new HttpError(409, fields)
export const unprocessable = (field: string, message: string) => new HttpError(422, { [field]: [message] })

/**
 * The language an error answer is written in: `?lang=` of the address, else Accept-Language. The address
 * is read rather than `request.query`, which a route's schema may have stripped of `lang` and which a
 * request refused before routing does not have.
 */
export function answerLanguage(headers: IncomingHttpHeaders, url = ''): Language {
  const query = url.indexOf('?')
  const lang = query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('lang')
  return requestLanguage(headers['accept-language'], lang)
}

/** Adds Accept-Language to the answer's Vary, keeping what other hooks put there. */
function varyOnLanguage(reply: FastifyReply) {
  const current = reply.getHeader('vary')
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-language')) return
  reply.header('vary', [...names, 'Accept-Language'].join(', '))
}

/** Marks an error answer with its language (Content-Language, and Vary: Accept-Language) and names it. */
export function errorAnswerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const language = answerLanguage(request.headers, request.url)
  reply.header('content-language', language)
  varyOnLanguage(reply)
  return language
}

/** An error answer's messages in `language`; the field names, and anything that is not a message, stay. */
export function translateFields<Fields extends Record<string, unknown>>(
  fields: Fields,
  language: Language,
): Fields {
  const translate = (message: unknown) =>
    typeof message === 'string' ? translateMessage(message, language) : message
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(translate) : messages,
    ]),
  ) as Fields
}
