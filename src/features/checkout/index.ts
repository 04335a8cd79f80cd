// Public face of checkout: the cart page, checkout, addresses and the server quote.
export { type AddressDraft, AddressFields, emptyAddress } from './address-fields'
export { addressesQuery, addressKeys, createAddress, deleteAddress, updateAddress } from './addresses-api'
export { checkoutKeys, locationsQuery, quoteQuery } from './checkout-api'
export { CheckoutPage, OFFLINE_ORDER_TEXT } from './checkout-page'
