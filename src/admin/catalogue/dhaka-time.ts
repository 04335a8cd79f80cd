/**
 * The shop's clock is Bangladesh's (UTC+6, no daylight saving): a datetime-local input means Dhaka time
 * whatever zone the browser is in, and the API gets the moment with its offset.
 */
const DHAKA_OFFSET_MS = 6 * 3_600_000

/** `2026-11-25T18:00` (Dhaka) for an ISO moment; '' for an unreadable one. */
export function toDhakaInput(iso: string): string {
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) return ''
  return new Date(time + DHAKA_OFFSET_MS).toISOString().slice(0, 16)
}

/** The moment a datetime-local value names in Dhaka (`2026-11-25T18:00:00+06:00`), or null when incomplete. */
export function fromDhakaInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  return `${value}:00+06:00`
}

/** Dhaka's datetime-local value `hours` from `now`. */
export function dhakaInputIn(hours: number, now = Date.now()): string {
  return toDhakaInput(new Date(now + hours * 3_600_000).toISOString())
}
