/**
 * Who on the shop's staff may do what: the roles, and one table of capabilities. The server's route guards
 * (`config.capability` on every route under /api/v1/admin, server/plugins/staff-auth.ts) and the back
 * office's navigation and buttons (src/admin/sections.ts, src/admin/roles.ts) both read `can`, so the two
 * cannot disagree. An owner may do everything; a manager runs the catalogue, content, orders, customers and
 * coupons; staff handle orders and stock. Prices are for managers and owners.
 */

export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const everyone = ['owner', 'manager', 'staff'] as const
const managers = ['owner', 'manager'] as const
const owners = ['owner'] as const

/** Each capability and the roles that have it. */
export const CAPABILITIES = {
  /** one's own session, password and authenticator app */
  'account.self': everyone,
  /** the orders list, an order, printing, the new-orders badge, the couriers' records, orders by status */
  'orders.read': everyone,
  /** moving orders on (one or a selection), notes, verdicts on Send Money, sending parcels to a courier */
  'orders.move': everyone,
  /** orders taken by hand (a phone call, an inbox, the counter), and their drafts */
  'orders.take': everyone,
  /** an order's lines, address and delivery charge before it is packed */
  'orders.edit': everyone,
  /** the orders as a spreadsheet */
  'orders.export': everyone,
  /** money going back to a shopper (bKash refunds) */
  'orders.refund': managers,
  /** the cash couriers hold for the shop, and their payouts recorded (by hand or from their statements) */
  'cash.settle': managers,
  /** the products list, a product's skus and the catalogue's pickers */
  'products.read': everyone,
  /** a sku's stock, one by one or for a selection */
  'stock.adjust': everyone,
  /** a sku's price and discounted price */
  'prices.write': managers,
  /** the product editor, changes to a selection, categories, brands, campaigns, images and the CSV import */
  'catalogue.write': managers,
  /** the catalogue as a spreadsheet */
  'catalogue.export': managers,
  /** menus, pages and the home page's sections */
  'content.write': managers,
  /** customers' records, notes and blocking */
  'customers.manage': managers,
  /** a customer's reward points changed by hand, with a reason */
  'customers.points': managers,
  /** the customers as a spreadsheet */
  'customers.export': managers,
  /** customers and their order history brought from another shop's export (Shopify, WooCommerce) */
  'customers.import': managers,
  /** the review queue: approve, hide, reply */
  'reviews.moderate': managers,
  /** coupons and who used them */
  'coupons.write': managers,
  /** promotions the cart applies by itself: buy X get Y, spend and save, bundles */
  'promotions.write': managers,
  /** our delivery places as Pathao names them */
  'couriers.places': managers,
  /** the product feeds for Meta and Google: their addresses, builds and token */
  'feeds.manage': managers,
  /** revenue, the dashboard's money and the sales report */
  'reports.money': managers,
  /** shoppers waiting for sold-out skus: the restock report and the product editor's counts */
  'reports.demand': managers,
  /** carts left behind: their value, the reminders sent and the orders they brought back */
  'reports.carts': managers,
  /** the shop's settings */
  'settings.write': owners,
  /** inviting staff, their roles, blocking, ending their sessions */
  'staff.manage': owners,
  /** the audit log */
  'audit.read': owners,
} as const satisfies Record<string, readonly StaffRole[]>

export type Capability = keyof typeof CAPABILITIES
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[]

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value)
}

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && Object.hasOwn(CAPABILITIES, value)
}

/** Whether a person of `role` (anything an account's row holds) may do `capability`. */
export function can(role: string, capability: Capability): boolean {
  return isStaffRole(role) && (CAPABILITIES[capability] as readonly StaffRole[]).includes(role)
}
