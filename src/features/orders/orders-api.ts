import { queryOptions } from '@tanstack/react-query'
import { type Order, orderResponse, ordersResponse } from '../../contract/orders'
import { apiGet, apiSend } from '../../lib/api'
import { orderKeys } from '../../state/orders'

export const ordersQuery = queryOptions({
  queryKey: orderKeys.list(),
  queryFn: async ({ signal }) => (await apiGet('/orders', ordersResponse, { signal })).data,
})

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => (await apiGet(`/orders/${id}`, orderResponse, { signal })).data,
  })

export async function lookupOrder(number: string, phone: string): Promise<Order> {
  return (await apiSend('post', '/orders/lookup', { number, phone }, orderResponse)).data
}

/** An order looked up by number + phone (the guest's way in). */
export const orderByNumberQuery = (number: string, phone: string) =>
  queryOptions({
    queryKey: orderKeys.byNumber(number),
    queryFn: () => lookupOrder(number, phone),
    enabled: number.length > 0 && phone.length > 0,
  })
