import wretch from 'wretch'
import QueryStringAddon from 'wretch/addons/queryString'
import type { z } from 'zod/mini'
import { API_KEY_HEADER, API_V1, API_V2, apiError } from '../contract/common'
import { t } from '../i18n'
import { takeEarlyAnswer } from './early-requests'
import { env } from './env'
import { currentLanguage } from './language'
import { isLinkSlow, reportAnswer, reportTimeout } from './link'

/**
 * The one HTTP client. The session travels in an HttpOnly cookie (same origin), so no token
 * is ever read here. Every failure becomes an ApiRequestError the UI can show.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never reached the server (offline, aborted, DNS) */
    readonly status: number,
    /** storefront §8 shape: field -> messages; empty when the server said nothing usable */
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

/**
 * The request ran out of time: the link may look up, but nothing came back before the deadline. Not the
 * server's "no", and not known to be offline either; retried when the link answers again.
 */
export class SlowConnectionError extends ApiRequestError {
  constructor() {
    super(t('common.slow-connection'), 0)
    this.name = 'SlowConnectionError'
  }
  override get offline() {
    return false
  }
}

/** True when a failure means "no network" rather than "the server said no". */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.offline
  if (error instanceof TypeError && typeof navigator !== 'undefined') return !navigator.onLine
  return false
}

/** True when nothing came back in time: the page shows what the device has and offers a retry. */
export function isSlowError(error: unknown): error is SlowConnectionError {
  return error instanceof SlowConnectionError
}

/** No answer at all, offline or too slow: what this device already has is the best to show. */
export function isUnreachable(error: unknown): boolean {
  return isSlowError(error) || isOfflineError(error)
}

/**
 * How long a request may take before it is given up as slow. A read on a navigation waits about 8 s,
 * search-as-you-type less (the next keystroke asks again anyway), a write a little longer (its caller
 * retries it under the same idempotency key), a file upload longest.
 */
export const DEADLINES = { read: 8_000, typing: 3_000, write: 12_000, upload: 60_000 } as const

const base = wretch()
  .headers({ [API_KEY_HEADER]: env.apiKey, Accept: 'application/json' })
  .options({ credentials: 'same-origin' })
  .addon(QueryStringAddon)

export const apiV1 = base.url(API_V1)
export const apiV2 = base.url(API_V2)
/** Menus and pages: static JSON documents under the shop's storage root (storefront §7). */
export const storage = apiV1.url(`/storage/${env.shop}`, true)
type Client = typeof apiV1

export type Query = Record<string, string | number | boolean | undefined>

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    reportTimeout()
    probeUntilAnswered()
    return new SlowConnectionError()
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error
  const status = typeof error === 'object' && error && 'status' in error ? Number(error.status) : 0
  // the server answered, whatever it said: the link works
  if (status > 0) reportAnswer()
  const body = typeof error === 'object' && error && 'json' in error ? error.json : undefined
  const parsed = apiError.safeParse(body)
  if (parsed.success) {
    const fields = parsed.data.error
    return new ApiRequestError(Object.values(fields).flat()[0] ?? t('common.failed'), status, fields)
  }
  return new ApiRequestError(status === 0 ? t('common.offline') : t('common.failed'), status)
}

type RequestOptions = {
  query?: Query
  signal?: AbortSignal
  client?: Client
  headers?: Record<string, string>
  /** ms before the request is cancelled as slow; see DEADLINES for each kind's default */
  deadline?: number
}

/** The caller's signal (a newer keystroke, a page left) joined with the deadline: whichever comes first cancels. */
export function withDeadline(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  if (!signal) return timeout
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout])
  // browsers before AbortSignal.any (Chrome 116, Safari 17.4)
  const joined = new AbortController()
  for (const source of [signal, timeout]) {
    if (source.aborted) joined.abort(source.reason)
    else source.addEventListener('abort', () => joined.abort(source.reason), { once: true })
  }
  return joined.signal
}

function prepare(path: string, options: RequestOptions, deadline: number) {
  let request = (options.client ?? apiV1).url(path)
  if (options.query) {
    const defined = Object.fromEntries(Object.entries(options.query).filter(([, v]) => v !== undefined))
    request = request.query(defined)
  }
  // the API answers (its errors, the catalogue's names) in the page's language
  request = request.headers({ 'Accept-Language': currentLanguage(), ...options.headers })
  return { request, signal: withDeadline(options.signal, options.deadline ?? deadline) }
}

/** Rejects as the signal does: an early answer cannot be cancelled, but it is waited for only so long. */
function until<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason)
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

/** The body of an early answer (see early-requests.ts); none when it failed, so the app asks again itself. */
async function earlyJson(answer: Promise<Response> | undefined, signal: AbortSignal): Promise<unknown> {
  if (!answer) return undefined
  const body = answer.then((response) => (response.ok ? response.json() : undefined)).catch(() => undefined)
  return until(body, signal)
}

/** A JSON answer within the deadline; any answer at all tells the link works. */
async function send(
  request: ReturnType<Client['url']>,
  signal: AbortSignal,
  run: (r: typeof request) => ReturnType<typeof request.get>,
) {
  const json: unknown = await run(request.options({ signal })).json()
  reportAnswer()
  return json
}

let probing = false

/**
 * While requests run out of time, asks the server's liveness probe now and then (2 s, 4 s … at most every
 * 30 s, each with its own deadline) until one answers: then `onLinkBack` listeners refresh what failed.
 */
function probeUntilAnswered(attempt = 0): void {
  if (probing && attempt === 0) return
  probing = true
  const delay = Math.min(2_000 * 2 ** attempt, 30_000)
  setTimeout(() => {
    if (!isLinkSlow()) {
      probing = false
      return
    }
    base
      .url('/healthz', true)
      .options({ signal: AbortSignal.timeout(5_000) })
      .get()
      .res()
      .then(
        () => {
          probing = false
          reportAnswer()
        },
        () => probeUntilAnswered(attempt + 1),
      )
  }, delay)
}

/** GET a JSON document and check it against its contract schema. */
export async function apiGet<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  try {
    const { request, signal } = prepare(path, options, DEADLINES.read)
    const early = await earlyJson(takeEarlyAnswer(currentLanguage(), 'GET', request._url), signal)
    return schema.parse(early ?? (await send(request, signal, (r) => r.get())))
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
    const { request, signal } = prepare(path, options, DEADLINES.write)
    const early =
      method === 'post'
        ? await earlyJson(
            takeEarlyAnswer(currentLanguage(), 'POST', request._url, JSON.stringify(body ?? {})),
            signal,
          )
        : undefined
    if (early !== undefined) return schema.parse(early)
    const json = await send(request, signal, (r) =>
      method === 'delete' ? r.delete() : r.json(body ?? {})[method](),
    )
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
    const { request, signal } = prepare(path, options, DEADLINES.upload)
    return schema.parse(await send(request, signal, (r) => r.body(form).post()))
  } catch (error) {
    throw toApiError(error)
  }
}
