import type { SectionPageProps } from '../section-pages'
import { OrderDetailPage } from './order-detail-page'
import { OrderListPage } from './order-list-page'

/** `/admin/orders`: the list; `/admin/orders/<id>`: one order. */
export function OrdersPage(props: SectionPageProps) {
  return props.rest ? <OrderDetailPage {...props} /> : <OrderListPage {...props} />
}
