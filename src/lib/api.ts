import wretch from 'wretch'
import QueryStringAddon from 'wretch/addons/queryString'
import type { z } from 'zod/mini'
import { API_KEY_HEADER, API_V1, API_V2, apiError } from '../contract/common'
import { takeEarlyAnswer } from './early-requests'
import { env } from './env'

/**
 * The one HTTP client. The session travels in an HttpOnly cookie (same origin), so no token
 * is ever read here. Every failure becomes an ApiRequestError the UI can show.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never reached the server (offline, aborted, DNS) */
    readonly status: number,
    /** SPEC §8 shape: field -> messages; empty when the server said nothing usable */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
  get offline() {
    return this.status === 0
  }
  /** every message the server gave, flattened */
  get messages() {
    return Object.values(this.fields).flat()
  }
}

/** True when a failure means "no network" rather than "the server said no". */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.offline
  if (error instanceof TypeError && typeof navigator !== 'undefined') return !navigator.onLine
  return false
}

export const FALLBACK_ERROR = 'Something went wrong'

const base = wretch()
  .headers({ [API_KEY_HEADER]: env.apiKey, Accept: 'application/json' })
  .options({ credentials: 'same-origin' })
  .addon(QueryStringAddon)

export const apiV1 = base.url(API_V1)
export const apiV2 = base.url(API_V2)
/** Menus and pages: static JSON documents under the shop's storage root (SPEC §7). */
export const storage = apiV1.url(`/storage/${env.shop}`, true)
type Client = typeof apiV1

export type Query = Record<string, string | number | boolean | undefined>

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error
  if (error instanceof DOMException && error.name === 'AbortError') throw error
  const status = typeof error === 'object' && error && 'status' in error ? Number(error.status) : 0
  const body = typeof error === 'object' && error && 'json' in error ? error.json : undefined
  const parsed = apiError.safeParse(body)
  if (parsed.success) {
    const fields = parsed.data.error
    return new ApiRequestError(Object.values(fields).flat()[0] ?? FALLBACK_ERROR, status, fields)
  }
  return new ApiRequestError(status === 0 ? 'You are offline' : FALLBACK_ERROR, status)
}

type RequestOptions = {
  query?: Query
  signal?: AbortSignal
  client?: Client
  headers?: Record<string, string>
}

function prepare(path: string, options: RequestOptions) {
  let request = (options.client ?? apiV1).url(path)
  if (options.query) {
    const defined = Object.fromEntries(Object.entries(options.query).filter(([, v]) => v !== undefined))
    request = request.query(defined)
  }
  if (options.headers) request = request.headers(options.headers)
  if (options.signal) request = request.options({ signal: options.signal })
  return request
}

/** The body of an early answer (see early-requests.ts); none when it failed, so the app asks again itself. */
async function earlyJson(answer: Promise<Response> | undefined): Promise<unknown> {
  if (!answer) return undefined
  return answer.then((response) => (response.ok ? response.json() : undefined)).catch(() => undefined)
}

/** GET a JSON document and check it against its contract schema. */
export async function apiGet<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  try {
    const request = prepare(path, options)
    const early = await earlyJson(takeEarlyAnswer('GET', request._url))
    return schema.parse(early ?? (await request.get().json()))
  } catch (error) {
    throw toApiError(error)
  }
}

/** POST/PATCH/PUT/DELETE with a JSON body; the answer is checked against its schema. */
export async function apiSend<S extends z.ZodMiniType>(
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  try {
    const request = prepare(path, options)
    const early =
      method === 'post'
        ? await earlyJson(takeEarlyAnswer('POST', request._url, JSON.stringify(body ?? {})))
        : undefined
    if (early !== undefined) return schema.parse(early)
    const response = method === 'delete' ? request.delete() : request.json(body ?? {})[method]()
    const json = await response.json()
    return schema.parse(json)
  } catch (error) {
    throw toApiError(error)
  }
}

/** POST a multipart form (a file upload); the answer is checked against its schema. */
export async function apiUpload<S extends z.ZodMiniType>(
  path: string,
  form: FormData,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  try {
    // the browser writes the multipart content type with its boundary
    return schema.parse(await prepare(path, options).body(form).post().json())
  } catch (error) {
    throw toApiError(error)
  }
}
