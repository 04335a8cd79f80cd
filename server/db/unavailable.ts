/**
 * Errors that mean a service the API leans on (PostgreSQL, Redis) is down, unreachable or too slow right now:
 * nothing is wrong with the request, and the same request may work a moment later. They answer 503 with
 * Retry-After rather than 500.
 */

/** How long a client is asked to wait before trying again (the Retry-After header, in seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export const unavailableMessage = 'The shop cannot answer right now, try again in a moment'

/**
 * PostgreSQL's SQLSTATEs: 57014 a statement cancelled (statement_timeout), 57P01-57P05 the server shutting
 * down, restarting or ending idle sessions, class 08 connection exceptions, 53300 too many connections.
 */
const postgresCode = /^(57014|57P0[1-5]|08[0-9A-Z]{3}|53300)$/

/** Socket and name-lookup failures of a connection (node's `code`). */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])

/** What node-postgres (pg, pg-pool) and ioredis say when a connection is missing, lost or silent. */
const driverMessages = [
  // node-postgres
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // ioredis
  "Stream isn't writeable",
  'Command timed out',
  'Connection is closed.',
  'Ready check failed',
]

const errorNames = new Set(['MaxRetriesPerRequestError'])

function isUnavailableCause(candidate: { code?: unknown; name?: unknown; message?: unknown }): boolean {
  const { code, name, message } = candidate
  if (typeof code === 'string' && (postgresCode.test(code) || socketCodes.has(code))) return true
  if (typeof name === 'string' && errorNames.has(name)) return true
  return typeof message === 'string' && driverMessages.some((known) => message.startsWith(known))
}

/** Whether `error`, or an error it wraps (`cause`, as drizzle wraps the driver's), says a backing service is unavailable. */
export function isServiceUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown }
    if (isUnavailableCause(candidate)) return true
    e = candidate.cause
  }
  return false
}

/**
 * An error and the errors it wraps as one line ("Connection terminated due to connection timeout: timeout
 * expired"), leaving out drizzle's "Failed query" wrapper, which repeats the SQL.
 */
export function oneLineReason(error: unknown): string {
  const messages: string[] = []
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : String(e)
    if (message && !message.startsWith('Failed query') && !messages.includes(message)) messages.push(message)
    e = e instanceof Error ? e.cause : undefined
  }
  return (messages.join(': ') || 'unknown error').replace(/\s+/g, ' ').trim()
}

/** host:port of a service's URL, for messages: never its user name or password. */
export function serviceAddress(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url)
    const host = parsed.searchParams.get('host') ?? parsed.hostname
    return `${host || 'localhost'}:${parsed.port || defaultPort}`
  } catch {
    return 'the configured address'
  }
}
