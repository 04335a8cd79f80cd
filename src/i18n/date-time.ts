import { figure, formatDate } from './index'

/** Bangladesh keeps UTC+6 all year (no daylight saving). */
const DHAKA_OFFSET_MS = 6 * 3_600_000
const two = (value: number) => String(value).padStart(2, '0')

/**
 * A time of day on Bangladesh's 24-hour clock in the page's digits: `15:45`, `১৫:৪৫`. Written from the
 * moment itself rather than by `Intl`, whose `timeStyle` on some phones' browsers ignores the asked-for
 * clock and writes `3:45 PM` on a Bangla page.
 */
export function formatTime(value: Date | string): string {
  const clock = new Date(new Date(value).getTime() + DHAKA_OFFSET_MS)
  return figure(`${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`)
}

/** A date and its time as the page's language writes them: `28 Nov 2026, 15:45`, `২৮ নভে, ২০২৬, ১৫:৪৫`. */
export function formatDateTime(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return `${formatDate(value, options)}, ${formatTime(value)}`
}
