// Public face of checkout (SPEC §2 /checkout).
export { CheckoutPage } from './checkout-page'
