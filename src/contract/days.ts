import { z } from 'zod/mini'

/**
 * The days the API takes (every `from`, `to` and other date of a query): a real day of the calendar,
 * written YYYY-MM-DD, from FIRST_DAY to LAST_DAY. Anything else is refused in the error shape: 2026-02-30
 * names no day, and a year far outside the shop's life (0001-01-01) names none it can count.
 */
export const FIRST_DAY = '2000-01-01'
export const LAST_DAY = '2100-12-31'

export const DAY_FORMAT_MESSAGE = 'Enter a date as YYYY-MM-DD'
export const DAY_EXISTS_MESSAGE = 'Enter a date that exists'
// written out (not built from the bounds), as the Bangla table keys it
export const DAY_RANGE_MESSAGE = 'Enter a date from 2000-01-01 to 2100-12-31'

const written = /^\d{4}-\d{2}-\d{2}$/

/** whether a YYYY-MM-DD names a day of the calendar (no 30 February) */
export function isCalendarDay(text: string): boolean {
  if (!written.test(text)) return false
  const at = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text
}

/** whether a text is a day the API takes: a real day, from FIRST_DAY to LAST_DAY */
export const isShopDay = (text: string) => isCalendarDay(text) && text >= FIRST_DAY && text <= LAST_DAY

/** a day in Asia/Dhaka, YYYY-MM-DD, from FIRST_DAY to LAST_DAY */
export const shopDay = z.string().check(
  z.regex(written, DAY_FORMAT_MESSAGE),
  // one message for each wrong day: what is not written as a day is not said not to exist as well
  z.refine((text) => !written.test(text) || isCalendarDay(text), DAY_EXISTS_MESSAGE),
  z.refine((text) => !isCalendarDay(text) || isShopDay(text), DAY_RANGE_MESSAGE),
)

/** a date box's bounds: the picker offers only the days the API takes */
export const dayBounds = { min: FIRST_DAY, max: LAST_DAY } as const
