/** Reading what the database answered, the same way on PGlite and PostgreSQL. */

/** A timestamp as the drivers give it (a Date, or text from raw queries) in ISO 8601. */
export const isoTime = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString()

/** The unique constraint a failed write ran into (its name, or the message), null when that was not the reason. */
export function uniqueViolation(error: unknown): string | null {
  // drivers and Drizzle wrap the database's error: look a few causes deep
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; constraint?: string; message?: string; cause?: unknown }
    if (candidate.code === '23505') return candidate.constraint ?? candidate.message ?? 'unique'
    e = candidate.cause
  }
  return null
}
