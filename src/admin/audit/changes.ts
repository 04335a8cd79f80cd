/**
 * An audit entry's before and after, as lines a person reads: for two records, each field that differs
 * (`role: staff → manager`); for anything else, the one value before and after.
 */
export type ChangeLine = { field: string | null; before: string; after: string }

const NOTHING = '—'
const LONGEST = 200

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return NOTHING
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const text = JSON.stringify(value)
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text
}

export function describeChanges(before: unknown, after: unknown): ChangeLine[] {
  const empty = (value: unknown) => value === undefined || value === null
  if (
    (isRecord(before) || empty(before)) &&
    (isRecord(after) || empty(after)) &&
    !(empty(before) && empty(after))
  ) {
    const was = isRecord(before) ? before : {}
    const now = isRecord(after) ? after : {}
    const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])]
    return fields
      .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
      .map((field) => ({ field, before: showValue(was[field]), after: showValue(now[field]) }))
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  return [{ field: null, before: showValue(before), after: showValue(after) }]
}
