// Public face of checkout (SPEC §2 /checkout).
export { CheckoutPage, OFFLINE_ORDER_TEXT } from './checkout-page'
