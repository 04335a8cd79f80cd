import type { ReactNode } from 'react'
import type { StaffMember } from '../contract/staff'
import { AccountPage } from './account/account-page'
import { AuditPage } from './audit/audit-page'
import { auditFilters } from './audit/audit-search'
import { CartsLeftPage } from './carts-left/carts-left-page'
import { BrandsPage } from './catalogue/brands-page'
import { CampaignsPage } from './catalogue/campaigns-page'
import { CategoriesPage } from './catalogue/categories-page'
import { OptionLabelsPage } from './catalogue/option-labels-page'
import { HomeSectionsPage } from './content/home-page'
import { MenusPage } from './content/menus-page'
import { PagesPage } from './content/pages-page'
import { CouponsPage } from './coupons/coupons-page'
import { CustomersPage } from './customers/customers-page'
import { DashboardPage } from './dashboard/dashboard-page'
import { FeedsPage } from './feeds/feeds-page'
import { ImportPage } from './import/import-page'
import { OrdersPage } from './orders/orders-page'
import { ProductsPage } from './products/products-page'
import { PromotionsPage } from './promotions/promotions-page'
import { WaitingForStockPage } from './restock/waiting-page'
import { ReviewsPage } from './reviews/reviews-page'
import type { SectionId } from './sections'
import { SettingsPage } from './settings/settings-page'
import { StaffPage } from './staff/staff-page'

/** What every section's page is given. */
export type SectionPageProps = {
  /** who is signed in (their role decides what the page offers) */
  staff: StaffMember
  /** the address's search parameters, unchecked: each page reads its own */
  search: Record<string, unknown>
  /** what follows the section's path in a nested section (`new`, `12` for `/admin/products/12`), else `` */
  rest: string
}

/** Each section's page. */
export const SECTION_PAGES: Record<SectionId, (props: SectionPageProps) => ReactNode> = {
  dashboard: ({ staff, search }) => <DashboardPage staff={staff} search={search} />,
  orders: (props) => <OrdersPage {...props} />,
  customers: (props) => <CustomersPage {...props} />,
  reviews: (props) => <ReviewsPage {...props} />,
  coupons: (props) => <CouponsPage {...props} />,
  promotions: (props) => <PromotionsPage {...props} />,
  feeds: (props) => <FeedsPage {...props} />,
  waiting: (props) => <WaitingForStockPage {...props} />,
  'carts-left': (props) => <CartsLeftPage {...props} />,
  products: (props) => <ProductsPage {...props} />,
  categories: (props) => <CategoriesPage {...props} />,
  brands: (props) => <BrandsPage {...props} />,
  options: (props) => <OptionLabelsPage {...props} />,
  campaigns: (props) => <CampaignsPage {...props} />,
  home: (props) => <HomeSectionsPage {...props} />,
  menus: (props) => <MenusPage {...props} />,
  pages: (props) => <PagesPage {...props} />,
  import: (props) => <ImportPage {...props} />,
  settings: (props) => <SettingsPage {...props} />,
  staff: ({ staff }) => <StaffPage me={staff} />,
  audit: ({ search }) => <AuditPage filters={auditFilters(search)} />,
  account: ({ staff }) => <AccountPage staff={staff} />,
}
