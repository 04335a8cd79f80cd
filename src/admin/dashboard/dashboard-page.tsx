import { Link } from '@tanstack/react-router'
import type { StaffMember } from '../../contract/staff'
import { type MessageKey, msg, t } from '../../i18n'
import { adminLink } from '../links'
import { roleName, staffName } from '../roles'
import { navigationFor, type SectionId } from '../sections'

const descriptions: Record<Exclude<SectionId, 'dashboard'>, MessageKey> = {
  orders: msg('admin.about-orders'),
  customers: msg('admin.about-customers'),
  reviews: msg('admin.about-reviews'),
  products: msg('admin.about-products'),
  categories: msg('admin.about-categories'),
  brands: msg('admin.about-brands'),
  campaigns: msg('admin.about-campaigns'),
  home: msg('admin.about-home'),
  menus: msg('admin.about-menus'),
  pages: msg('admin.about-pages'),
  import: msg('admin.about-import'),
  settings: msg('admin.about-settings'),
  staff: msg('admin.about-staff'),
  audit: msg('admin.about-audit'),
  account: msg('admin.about-account'),
}

/** The first page after signing in: a greeting and the sections this person may open. */
export function DashboardPage({ staff }: { staff: StaffMember }) {
  const sections = navigationFor(staff.role).filter((section) => section.id !== 'dashboard')
  return (
    <div className="admin-page">
      <h1>{t('admin.greeting', { name: staffName(staff) })}</h1>
      <p>{t('admin.signed-in-as', { role: roleName(staff.role) })}</p>
      <ul className="admin-cards">
        {sections.map((section) =>
          section.id === 'dashboard' ? null : (
            <li key={section.id} className="admin-card admin-card--link">
              <h2>
                <Link {...adminLink(section.path)}>{t(section.label)}</Link>
              </h2>
              <p>{t(descriptions[section.id])}</p>
            </li>
          ),
        )}
      </ul>
    </div>
  )
}
