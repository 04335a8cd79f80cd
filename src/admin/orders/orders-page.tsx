import type { SectionPageProps } from '../section-pages'
import { CashPage } from './cash/cash-page'
import { CourierPlacesPage } from './courier-places-page'
import { OrderDetailPage } from './order-detail-page'
import { OrderListPage } from './order-list-page'
import { OrderPrintPage } from './print/order-print-page'
import { TakeOrderPage } from './take/take-order-page'

/**
 * `/admin/orders`: the list; `/admin/orders/<id>`: one order; `/admin/orders/print`: invoices or labels;
 * `/admin/orders/courier-places`: our places as Pathao names them; `/admin/orders/take`: an order taken by hand;
 * `/admin/orders/cash`: the cash couriers hold, and their payouts.
 */
export function OrdersPage(props: SectionPageProps) {
  if (props.rest === 'print') return <OrderPrintPage {...props} />
  if (props.rest === 'courier-places') return <CourierPlacesPage {...props} />
  if (props.rest === 'take') return <TakeOrderPage {...props} />
  if (props.rest === 'cash') return <CashPage />
  return props.rest ? <OrderDetailPage {...props} /> : <OrderListPage {...props} />
}
