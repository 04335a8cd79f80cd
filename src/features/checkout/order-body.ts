import type { Address } from '../../contract/addresses'
import type { CartLineInput } from '../../contract/cart'
import type { OrderCreateBody } from '../../contract/orders'
import type { AddressDraft } from '../../ui/address-fields'

/** A guest's contact fields; a signed-in shopper's name and phone come with the address instead. */
export type CheckoutContact = { name: string; phone: string; email: string }

export type OrderBodyInput = {
  lines: readonly CartLineInput[]
  /** whether a shopper is signed in: a guest's name and phone come from the contact fields */
  signedIn: boolean
  contact: CheckoutContact
  /** the new address typed on the page */
  address: AddressDraft
  /** the saved address chosen instead of a new one */
  savedAddress?: Pick<Address, 'id' | 'name' | 'phone'>
  coupon: string
  notes: string
  /** how the shopper pays (cod unless chosen) */
  paymentMethod?: string
  /** the money sent to the shop's wallet, paid by transfer */
  transfer?: { wallet: string; transactionId: string; sender: string }
  /** how the delivery charge is paid where cash on delivery asks it in advance */
  advanceBy?: 'bkash' | 'transfer'
  /** the proof that a code confirmed the order's number (cash on delivery of a large order) */
  phoneProof?: string
  acceptTerms: boolean
}

/** Who the order goes to: a saved address's person, the typed address's (signed in) or the guest's contact. */
export function orderContact(
  input: Pick<OrderBodyInput, 'signedIn' | 'contact' | 'address' | 'savedAddress'>,
) {
  const { signedIn, contact, address, savedAddress } = input
  return {
    name: savedAddress ? savedAddress.name : signedIn ? address.name : contact.name,
    phone: savedAddress ? savedAddress.phone : signedIn ? address.phone : contact.phone,
  }
}

/**
 * The body of POST /orders as the checkout page sends it. Values go as typed: the server trims, checks
 * and answers per field, so an unticked terms box is sent too and comes back with its message.
 */
export function orderBody(input: OrderBodyInput): OrderCreateBody {
  const { name, phone } = orderContact(input)
  const { savedAddress, address } = input
  return {
    lines: input.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
    customer: { name, phone, email: input.contact.email },
    ...(savedAddress ? { addressId: savedAddress.id } : { address: { ...address, name, phone } }),
    coupon: input.coupon || undefined,
    notes: input.notes,
    paymentMethod: input.paymentMethod ?? 'cod',
    ...(input.transfer ? { transfer: input.transfer as OrderCreateBody['transfer'] } : {}),
    ...(input.phoneProof ? { phoneProof: input.phoneProof } : {}),
    ...(input.advanceBy ? { advanceBy: input.advanceBy } : {}),
    acceptTerms: input.acceptTerms as true,
  }
}
