import type { OrderSource } from '../contract/admin-order-create'
import { msg } from '../i18n'

/** Where an order came from, as the orders pages, the dashboard and the reports name it. */
export const sourceLabels = {
  phone: msg('admin-orders.source-phone'),
  facebook: msg('admin-orders.source-facebook'),
  instagram: msg('admin-orders.source-instagram'),
  whatsapp: msg('admin-orders.source-whatsapp'),
  walk_in: msg('admin-orders.source-walk_in'),
  website: msg('admin-orders.source-website'),
} as const satisfies Record<OrderSource, unknown>
