// Public face of orders: confirmation, the shopper's list and detail, guest look-up.

export { ConfirmOrderPage } from './confirm-order-page'
export { OrderPage, OrdersPage } from './orders-page'
