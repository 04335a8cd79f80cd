import { type Capability, can, type StaffRole } from '../contract/permissions'
import { type MessageKey, msg } from '../i18n'

/**
 * The back office's sections: the path under /admin, the label in the navigation, and the capability it
 * needs (src/contract/permissions.ts). A section is listed only once it exists; the table is the navigation.
 */
export type SectionId =
  | 'dashboard'
  | 'orders'
  | 'customers'
  | 'reviews'
  | 'coupons'
  | 'promotions'
  | 'feeds'
  | 'waiting'
  | 'carts-left'
  | 'products'
  | 'categories'
  | 'brands'
  | 'options'
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
  capability: Capability
  /** the section has pages below it (`products/new`, `products/12`): `rest` of its place names which */
  nested?: boolean
}

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', path: '', label: msg('admin.nav-dashboard'), capability: 'orders.read' },
  { id: 'orders', path: 'orders', label: msg('admin.nav-orders'), capability: 'orders.read', nested: true },
  {
    id: 'customers',
    path: 'customers',
    label: msg('admin.nav-customers'),
    capability: 'customers.manage',
    nested: true,
  },
  { id: 'reviews', path: 'reviews', label: msg('admin.nav-reviews'), capability: 'reviews.moderate' },
  {
    id: 'coupons',
    path: 'coupons',
    label: msg('admin.nav-coupons'),
    capability: 'coupons.write',
    nested: true,
  },
  {
    id: 'promotions',
    path: 'promotions',
    label: msg('admin.nav-promotions'),
    capability: 'promotions.write',
  },
  { id: 'feeds', path: 'feeds', label: msg('admin.nav-feeds'), capability: 'feeds.manage' },
  {
    id: 'waiting',
    path: 'waiting-for-stock',
    label: msg('admin.nav-waiting'),
    capability: 'reports.demand',
  },
  {
    id: 'carts-left',
    path: 'carts-left',
    label: msg('admin.nav-carts-left'),
    capability: 'reports.carts',
  },
  // staff change stock from the products list
  {
    id: 'products',
    path: 'products',
    label: msg('admin.nav-products'),
    capability: 'products.read',
    nested: true,
  },
  { id: 'categories', path: 'categories', label: msg('admin.nav-categories'), capability: 'catalogue.write' },
  { id: 'brands', path: 'brands', label: msg('admin.nav-brands'), capability: 'catalogue.write' },
  { id: 'options', path: 'options', label: msg('admin.nav-options'), capability: 'catalogue.write' },
  {
    id: 'campaigns',
    path: 'campaigns',
    label: msg('admin.nav-campaigns'),
    capability: 'catalogue.write',
    nested: true,
  },
  { id: 'home', path: 'home', label: msg('admin.nav-home'), capability: 'content.write' },
  { id: 'menus', path: 'menus', label: msg('admin.nav-menus'), capability: 'content.write' },
  { id: 'pages', path: 'pages', label: msg('admin.nav-pages'), capability: 'content.write', nested: true },
  { id: 'import', path: 'import', label: msg('admin.nav-import'), capability: 'catalogue.write' },
  { id: 'settings', path: 'settings', label: msg('admin.nav-settings'), capability: 'settings.write' },
  { id: 'staff', path: 'staff', label: msg('admin.nav-staff'), capability: 'staff.manage' },
  { id: 'audit', path: 'audit', label: msg('admin.nav-audit'), capability: 'audit.read' },
  { id: 'account', path: 'account', label: msg('admin.nav-account'), capability: 'account.self' },
]

/** The sections a role sees in the navigation, in the table's order. */
export function navigationFor(role: StaffRole): Section[] {
  return SECTIONS.filter((section) => can(role, section.capability))
}

export function mayOpen(role: StaffRole, section: Section): boolean {
  return can(role, section.capability)
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
