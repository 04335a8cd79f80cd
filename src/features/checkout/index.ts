// Public face of checkout (storefront §2 /checkout).
export { CheckoutPage } from './checkout-page'
