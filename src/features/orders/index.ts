// Public face of orders: confirmation, the shopper's list and detail, guest look-up.
export { ConfirmOrderPage } from './confirm-order-page'
export { OrderDetails, StatusTimeline } from './order-details'
export {
  forgetLastOrder,
  lastOrder,
  orderKeys,
  ordersQuery,
  rememberLastOrder,
  rewardPointsQuery,
} from './orders-api'
export { OrderPage, OrdersPage } from './orders-page'
