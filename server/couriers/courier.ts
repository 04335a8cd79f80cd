import { createHash, timingSafeEqual } from 'node:crypto'
import type { CourierPlace, Parcel } from '../domain/shipping'

// One interface for the couriers a shop books parcels with; each courier's file speaks its own merchant API.

export type CourierName = 'pathao' | 'steadfast'

export type { CourierPlace, Parcel } from '../domain/shipping'

/**
 * The courier's parcel state mapped to ours; `raw` keeps the courier's word. `unknown` is also what a message
 * that says nothing about where the parcel is (an edit, a payment, a free-text tracking line) maps to.
 */
export type CourierStatus =
  | 'booked'
  | 'in_transit'
  | 'delivered'
  | 'partly_delivered'
  | 'returned'
  | 'cancelled'
  | 'on_hold'
  | 'unknown'

export type Booking = {
  consignmentId: string
  trackingCode: string
  fee: number | null
  status: CourierStatus
  raw: string
}

export type CourierUpdate = {
  consignmentId: string
  invoice: string | null
  status: CourierStatus
  raw: string
  at: string | null
}

/** The courier answered and said no (validation, credentials, unknown parcel): nothing was booked. */
export class CourierRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message)
    this.name = 'CourierRefused'
  }
}

/**
 * Timeout, broken connection, 5xx or an unreadable answer: the outcome is unknown, so the booking may exist.
 * Look it up by invoice before booking again.
 */
export class CourierUnclear extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CourierUnclear'
  }
}

export type Courier = {
  readonly name: CourierName
  book(parcel: Parcel): Promise<Booking>
  bookMany(
    parcels: Parcel[],
  ): Promise<Array<{ invoice: string; booking: Booking } | { invoice: string; error: string }>>
  status(consignmentId: string): Promise<CourierUpdate>
  /** looks a parcel up by our invoice (to recover after an unclear booking); null when the courier has none */
  findByInvoice(invoice: string): Promise<Booking | null>
  /** the public tracking page the shopper can open */
  trackingUrl(booking: { consignmentId: string; trackingCode: string }, phone: string): string
  /** reads a status webhook the courier posts to us; null when it is not genuine (wrong secret/signature) or unreadable */
  webhook?(headers: Record<string, string | string[] | undefined>, body: unknown): CourierUpdate | null
  /** Steadfast only: the number's record with the courier, across its merchants */
  fraudCheck?(phone: string): Promise<DeliveryRecord>
  /** Pathao only: the delivery charge the courier would ask (price plan) */
  price?(input: { place: CourierPlace; weightKg: number }): Promise<number>
  /** Pathao only: its city → zone → area lists (to map our division/district/area) */
  places?: {
    cities(): Promise<{ id: number; name: string }[]>
    zones(cityId: number): Promise<{ id: number; name: string }[]>
    areas(zoneId: number): Promise<{ id: number; name: string }[]>
  }
}

/**
 * A number's parcels with the courier across every merchant it carries for (its "fraud check"): how many it
 * was given, delivered and cancelled, and how many merchants reported the number as a fraud.
 */
export type DeliveryRecord = { total: number; delivered: number; cancelled: number; reports: number }

export type CourierAnswer = { status: number; body: unknown }

/**
 * One HTTP call to a courier. Anything that leaves the outcome unknown (no answer in time, a broken connection,
 * a 5xx, a body that is not JSON) becomes CourierUnclear; every other answer is returned for the caller to judge.
 * Messages name the method and path only, never headers or bodies, so no key can leak into a log.
 */
export async function callCourier(request: {
  courier: string
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  json?: unknown
  timeoutMs: number
}): Promise<CourierAnswer> {
  const where = `${request.method} ${new URL(request.url).pathname}`
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  if (request.json !== undefined) headers['content-type'] = 'application/json'
  // the timer also covers reading the body: a courier that sends headers and then stalls is still a timeout
  const signal = AbortSignal.timeout(request.timeoutMs)
  let text: string
  let status: number
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal,
    })
    status = response.status
    text = await response.text()
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || signal.aborted
    throw new CourierUnclear(
      timedOut
        ? `${request.courier} did not answer ${where} within ${request.timeoutMs} ms`
        : `${request.courier} could not be reached for ${where}`,
    )
  }
  if (status >= 500) throw new CourierUnclear(`${request.courier} answered ${where} with ${status}`)
  if (!text) return { status, body: null }
  try {
    return { status, body: JSON.parse(text) }
  } catch {
    throw new CourierUnclear(
      `${request.courier} answered ${where} with something that is not JSON (${status})`,
    )
  }
}

/** Text a courier sent back, with any of our secrets in it blotted out (a courier may echo what we sent). */
export function scrub(text: string, secrets: string[]): string {
  let clean = text
  for (const secret of secrets) if (secret) clean = clean.split(secret).join('***')
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean
}

/** Laravel-style `errors` (field → messages, or field → message), scrubbed; anything else is no fields. */
export function fieldErrors(errors: unknown, secrets: string[]): Record<string, string[]> {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {}
  const fields: Record<string, string[]> = {}
  for (const [field, value] of Object.entries(errors)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m) => typeof m === 'string')
    if (messages.length > 0) fields[field] = messages.map((m) => scrub(m, secrets))
  }
  return fields
}

/** The first field message, to make a refusal readable on its own. */
export function firstFieldMessage(fields: Record<string, string[]>): string | null {
  for (const messages of Object.values(fields)) if (messages[0]) return messages[0]
  return null
}

/**
 * Both couriers write times as "YYYY-MM-DD HH:MM:SS" in Bangladesh time (UTC+6, no daylight saving); this gives
 * the ISO form with its offset. An ISO time passes through; anything else is null.
 */
export function dhakaTime(text: string | null | undefined): string | null {
  if (!text) return null
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text)
  if (local) return `${local[1]}T${local[2]}+06:00`
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null
}

/** A request header by name, whatever its case, the first one when repeated. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    return Array.isArray(value) ? (value[0] ?? null) : value
  }
  return null
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Compares a presented secret in constant time (hashing first makes the lengths equal). */
export function sameSecret(given: string, expected: string): boolean {
  return expected.length > 0 && timingSafeEqual(digest(given), digest(expected))
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function inTurns<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
