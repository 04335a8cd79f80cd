// Public face of orders: confirmation, the shopper's list and detail, guest look-up.

export { orderKeys, rememberLastOrder } from '../../state/orders' // TEMP until checkout takes them from state
export { ConfirmOrderPage } from './confirm-order-page'
export { OrderPage, OrdersPage } from './orders-page'
