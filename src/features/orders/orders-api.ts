import { queryOptions } from '@tanstack/react-query'
import { type Order, orderResponse, ordersResponse, rewardPointsResponse } from '../../contract/orders'
import { apiGet, apiSend } from '../../lib/api'

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  byNumber: (number: string) => [...orderKeys.all, 'number', number] as const,
  rewardPoints: () => [...orderKeys.all, 'reward-points'] as const,
}

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

export const rewardPointsQuery = queryOptions({
  queryKey: orderKeys.rewardPoints(),
  queryFn: async ({ signal }) => (await apiGet('/user/reward-points', rewardPointsResponse, { signal })).data,
})

const LAST_ORDER_KEY = 'haat_last_order'

/** The order just placed on this device: lets /confirm-order show it again after a reload. */
export function rememberLastOrder(order: Pick<Order, 'number' | 'phone'>) {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ number: order.number, phone: order.phone }))
  } catch {
    // without storage the confirmation still shows from memory
  }
}

/** At logout: the next shopper in this tab must not reach the last order through /confirm-order. */
export function forgetLastOrder() {
  try {
    sessionStorage.removeItem(LAST_ORDER_KEY)
  } catch {
    // nothing stored
  }
}

export function lastOrder(): { number: string; phone: string } | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null') as unknown
    if (parsed && typeof parsed === 'object' && 'number' in parsed && 'phone' in parsed) {
      return { number: String(parsed.number), phone: String(parsed.phone) }
    }
  } catch {
    // unreadable: nothing remembered
  }
  return null
}
