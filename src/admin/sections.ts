import type { StaffRole } from '../contract/staff'
import { type MessageKey, msg } from '../i18n'

/**
 * The back office's sections: the path under /admin, the label in the navigation, and the roles that may
 * open it (src/contract/staff.ts). A section is listed only once it exists; the table is the navigation.
 */
export type SectionId = 'dashboard' | 'staff' | 'audit' | 'account'

export type Section = { id: SectionId; path: string; label: MessageKey; roles: readonly StaffRole[] }

const everyone: readonly StaffRole[] = ['owner', 'manager', 'staff']

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', path: '', label: msg('admin.nav-dashboard'), roles: everyone },
  { id: 'staff', path: 'staff', label: msg('admin.nav-staff'), roles: ['owner'] },
  { id: 'audit', path: 'audit', label: msg('admin.nav-audit'), roles: ['owner'] },
  { id: 'account', path: 'account', label: msg('admin.nav-account'), roles: everyone },
]

/** The sections a role sees in the navigation, in the table's order. */
export function navigationFor(role: StaffRole): Section[] {
  return SECTIONS.filter((section) => section.roles.includes(role))
}

export function mayOpen(role: StaffRole, section: Section): boolean {
  return section.roles.includes(role)
}

/** What an address under /admin shows: the sign-in pages, a section, or nothing known. */
export type AdminPlace =
  | { kind: 'login' }
  | { kind: 'setup' }
  | { kind: 'section'; section: Section }
  | { kind: 'unknown' }

/** `path` is what follows `/admin/` (`staff`, `audit/`, `` for the dashboard). */
export function placeOf(path: string): AdminPlace {
  const clean = path.replace(/^\/+|\/+$/g, '')
  if (clean === 'login') return { kind: 'login' }
  if (clean === 'setup') return { kind: 'setup' }
  const section = SECTIONS.find((candidate) => candidate.path === clean)
  return section ? { kind: 'section', section } : { kind: 'unknown' }
}

/** The address to return to after signing in: only a page of the back office (never another site). */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/admin(\/|\?|$)/.test(next)) return '/admin'
  if (/^\/admin\/(login|setup)(\/|\?|$)/.test(next)) return '/admin'
  return next
}
