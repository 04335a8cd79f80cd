import type { SectionPageProps } from '../section-pages'
import { OrderDetailPage } from './order-detail-page'
import { OrderListPage } from './order-list-page'
import { OrderPrintPage } from './print/order-print-page'

/** `/admin/orders`: the list; `/admin/orders/<id>`: one order; `/admin/orders/print`: invoices or labels. */
export function OrdersPage(props: SectionPageProps) {
  if (props.rest === 'print') return <OrderPrintPage {...props} />
  return props.rest ? <OrderDetailPage {...props} /> : <OrderListPage {...props} />
}
