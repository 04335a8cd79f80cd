import { type AddressInput, addressesResponse, addressResponse } from '../../contract/addresses'
import { apiSend } from '../../lib/api'

/** The address book's changes (storefront §7); the list itself is `addressesQuery` in src/state/addresses.ts. */
export async function createAddress(input: AddressInput & { isDefault?: boolean }) {
  return (await apiSend('post', '/user/addresses', input, addressResponse)).data
}

export async function updateAddress(id: number, input: Partial<AddressInput> & { isDefault?: boolean }) {
  return (await apiSend('patch', `/user/addresses/${id}`, input, addressResponse)).data
}

export async function deleteAddress(id: number) {
  return (await apiSend('delete', `/user/addresses/${id}`, undefined, addressesResponse)).data
}
