import type { AuditFilters } from '../admin-api'

/**
 * The audit log's filters in the address (`/admin/audit?staffId=3&objectType=staff&page=2`), read leniently:
 * a value that is not one the API takes (src/contract/staff.ts auditQuery) is dropped, never an error page.
 */
export function auditFilters(search: Record<string, unknown>): AuditFilters {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
  const whole = (value: unknown, max: number) => {
    const digits = text(value)
    const number = /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN
    return number >= 1 && number <= max ? number : undefined
  }
  const objectType = text(search.objectType)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  const objectId = text(search.objectId).replace(/[\u0000-\u001f\u007f]/g, '')
  return {
    staffId: whole(search.staffId, 2_147_483_647),
    objectType: /^[a-z_]{1,50}$/.test(objectType) ? objectType : undefined,
    objectId: objectId && objectId.length <= 100 ? objectId : undefined,
    page: whole(search.page, 10_000) ?? 1,
  }
}

/** The address's search for these filters: nothing that says the default (page 1, no filter). */
export function auditSearch(filters: AuditFilters): Record<string, string | number> {
  const search: Record<string, string | number> = {}
  if (filters.staffId) search.staffId = filters.staffId
  if (filters.objectType) search.objectType = filters.objectType
  if (filters.objectId) search.objectId = filters.objectId
  if (filters.page > 1) search.page = filters.page
  return search
}
