/**
 * The shop's clock is Bangladesh's: Asia/Dhaka, UTC+6 all year (no daylight saving). A shop's day, an order
 * number's date, a report's range and a datetime-local input all mean Dhaka time whatever zone the server or
 * the browser runs in.
 */
export const DHAKA_OFFSET_MS = 6 * 3_600_000
const DAY_MS = 24 * 3_600_000

/** The moment shifted so that its UTC fields read Dhaka's wall clock. */
const onDhakaClock = (at: Date | number) => new Date(new Date(at).getTime() + DHAKA_OFFSET_MS)

/** The Dhaka day of a moment, YYYY-MM-DD (today by default). */
export const dhakaDay = (at: Date | number = new Date()) => onDhakaClock(at).toISOString().slice(0, 10)

/** Dhaka's year, month (1-12) and day of the month of a moment. */
export function dhakaDate(at: Date | number = new Date()) {
  const clock = onDhakaClock(at)
  return { year: clock.getUTCFullYear(), month: clock.getUTCMonth() + 1, day: clock.getUTCDate() }
}

/** When a day (YYYY-MM-DD) starts in Dhaka. */
export const dhakaDayStart = (day: string) => new Date(`${day}T00:00:00+06:00`)
/** When the day after it starts: what happened on `day` happened before then. */
export const dhakaDayEnd = (day: string) => new Date(dhakaDayStart(day).getTime() + DAY_MS)

/** "2025-03-01 16:05", Dhaka time: how a spreadsheet or a printed page says when. */
export const dhakaStamp = (at: Date) => onDhakaClock(at).toISOString().slice(0, 16).replace('T', ' ')

/** `2026-11-25T18:00` (Dhaka), a datetime-local input's value, for an ISO moment; '' for an unreadable one. */
export function toDhakaInput(iso: string): string {
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) return ''
  return onDhakaClock(time).toISOString().slice(0, 16)
}

/** The moment a datetime-local value names in Dhaka (`2026-11-25T18:00:00+06:00`), or null when incomplete. */
export function fromDhakaInput(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+06:00` : null
}

/** Dhaka's datetime-local value `hours` from `now`. */
export const dhakaInputIn = (hours: number, now = Date.now()) =>
  toDhakaInput(new Date(now + hours * 3_600_000).toISOString())

/** A Dhaka day as `Date.UTC` midnight of the same date (for a chart's axis or a Dhaka-zoned formatter). */
export const dhakaDaySeconds = (day: string) => dhakaDayStart(day).getTime() / 1000
