import type { StaffRole } from '../contract/staff'
import { type MessageKey, msg } from '../i18n'

/**
 * The back office's sections: the path under /admin, the label in the navigation, and the roles that may
 * open it (src/contract/staff.ts). A section is listed only once it exists; the table is the navigation.
 */
export type SectionId =
  | 'dashboard'
  | 'orders'
  | 'customers'
  | 'reviews'
  | 'coupons'
  | 'products'
  | 'categories'
  | 'brands'
  | 'campaigns'
  | 'home'
  | 'menus'
  | 'pages'
  | 'import'
  | 'settings'
  | 'staff'
  | 'audit'
  | 'account'

export type Section = {
  id: SectionId
  path: string
  label: MessageKey
  roles: readonly StaffRole[]
  /** the section has pages below it (`products/new`, `products/12`): `rest` of its place names which */
  nested?: boolean
}

const everyone: readonly StaffRole[] = ['owner', 'manager', 'staff']
/** the catalogue and the shop's content: owners and managers (staff change stock from the products list) */
const catalogue: readonly StaffRole[] = ['owner', 'manager']

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', path: '', label: msg('admin.nav-dashboard'), roles: everyone },
  { id: 'orders', path: 'orders', label: msg('admin.nav-orders'), roles: everyone, nested: true },
  { id: 'customers', path: 'customers', label: msg('admin.nav-customers'), roles: catalogue, nested: true },
  { id: 'reviews', path: 'reviews', label: msg('admin.nav-reviews'), roles: catalogue },
  { id: 'coupons', path: 'coupons', label: msg('admin.nav-coupons'), roles: catalogue, nested: true },
  { id: 'products', path: 'products', label: msg('admin.nav-products'), roles: everyone, nested: true },
  { id: 'categories', path: 'categories', label: msg('admin.nav-categories'), roles: catalogue },
  { id: 'brands', path: 'brands', label: msg('admin.nav-brands'), roles: catalogue },
  { id: 'campaigns', path: 'campaigns', label: msg('admin.nav-campaigns'), roles: catalogue, nested: true },
  { id: 'home', path: 'home', label: msg('admin.nav-home'), roles: catalogue },
  { id: 'menus', path: 'menus', label: msg('admin.nav-menus'), roles: catalogue },
  { id: 'pages', path: 'pages', label: msg('admin.nav-pages'), roles: catalogue, nested: true },
  { id: 'import', path: 'import', label: msg('admin.nav-import'), roles: catalogue },
  { id: 'settings', path: 'settings', label: msg('admin.nav-settings'), roles: ['owner'] },
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
  | { kind: 'section'; section: Section; rest: string }
  | { kind: 'unknown' }

/** `path` is what follows `/admin/` (`staff`, `audit/`, `` for the dashboard, `products/12`). */
export function placeOf(path: string): AdminPlace {
  const clean = path.replace(/^\/+|\/+$/g, '')
  if (clean === 'login') return { kind: 'login' }
  if (clean === 'setup') return { kind: 'setup' }
  const section = SECTIONS.find((candidate) => candidate.path === clean)
  if (section) return { kind: 'section', section, rest: '' }
  const slash = clean.indexOf('/')
  const head = slash < 0 ? clean : clean.slice(0, slash)
  const parent = SECTIONS.find((candidate) => candidate.nested && candidate.path === head)
  return parent && slash > 0
    ? { kind: 'section', section: parent, rest: clean.slice(slash + 1) }
    : { kind: 'unknown' }
}

/** The address to return to after signing in: only a page of the back office (never another site). */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/admin(\/|\?|$)/.test(next)) return '/admin'
  if (/^\/admin\/(login|setup)(\/|\?|$)/.test(next)) return '/admin'
  return next
}
