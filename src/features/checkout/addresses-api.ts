import { queryOptions } from '@tanstack/react-query'
import { type AddressInput, addressesResponse, addressResponse } from '../../contract/addresses'
import { apiGet, apiSend } from '../../lib/api'

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
}

/** The shopper's saved addresses (private: never persisted). */
export const addressesQuery = queryOptions({
  queryKey: addressKeys.list(),
  queryFn: async ({ signal }) => (await apiGet('/user/addresses', addressesResponse, { signal })).data,
})

export async function createAddress(input: AddressInput & { isDefault?: boolean }) {
  return (await apiSend('post', '/user/addresses', input, addressResponse)).data
}

export async function updateAddress(id: number, input: Partial<AddressInput> & { isDefault?: boolean }) {
  return (await apiSend('patch', `/user/addresses/${id}`, input, addressResponse)).data
}

export async function deleteAddress(id: number) {
  return (await apiSend('delete', `/user/addresses/${id}`, undefined, addressesResponse)).data
}
