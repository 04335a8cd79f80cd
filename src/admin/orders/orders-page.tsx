import type { SectionPageProps } from '../section-pages'
import { CourierPlacesPage } from './courier-places-page'
import { OrderDetailPage } from './order-detail-page'
import { OrderListPage } from './order-list-page'
import { OrderPrintPage } from './print/order-print-page'

/**
 * `/admin/orders`: the list; `/admin/orders/<id>`: one order; `/admin/orders/print`: invoices or labels;
 * `/admin/orders/courier-places`: our places as Pathao names them.
 */
export function OrdersPage(props: SectionPageProps) {
  if (props.rest === 'print') return <OrderPrintPage {...props} />
  if (props.rest === 'courier-places') return <CourierPlacesPage {...props} />
  return props.rest ? <OrderDetailPage {...props} /> : <OrderListPage {...props} />
}
