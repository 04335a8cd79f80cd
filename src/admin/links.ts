/**
 * Addresses inside the back office. The whole area is one route, `/admin/$` (src/routes/admin/$.tsx): the
 * part after `/admin/` names the page (sections.ts).
 */
export const adminLink = (path: string) => ({ to: '/admin/$', params: { _splat: path } }) as const

export const loginLink = () => adminLink('login')

/** An address with its search, written as the router reads it back (plain text values). */
export function withSearch(path: string, search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search))
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
