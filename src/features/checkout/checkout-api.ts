import { queryOptions } from '@tanstack/react-query'
import { type DeliveryZone, locationsResponse } from '../../contract/addresses'
import { type CartLineInput, quoteResponse } from '../../contract/cart'
import {
  couponCheckResponse,
  IDEMPOTENCY_HEADER,
  type OrderCreateBody,
  orderResponse,
} from '../../contract/orders'
import { apiGet, apiSend } from '../../lib/api'

export const checkoutKeys = {
  all: ['checkout'] as const,
  quote: (lines: CartLineInput[], coupon: string, zone: DeliveryZone) =>
    [...checkoutKeys.all, 'quote', lines, coupon, zone] as const,
  locations: () => [...checkoutKeys.all, 'locations'] as const,
}

/** Current prices, stock and totals from the server: the local cart's prices are never trusted. */
export function quoteQuery(lines: CartLineInput[], coupon: string, zone: DeliveryZone = 'inside_dhaka') {
  return queryOptions({
    queryKey: checkoutKeys.quote(lines, coupon, zone),
    queryFn: async ({ signal }) =>
      (
        await apiSend('post', '/cart/quote', { lines, coupon: coupon || undefined, zone }, quoteResponse, {
          signal,
        })
      ).data,
    staleTime: 0,
    placeholderData: (previous) => previous,
  })
}

/** Divisions → districts → areas with their delivery zones and charges. */
export const locationsQuery = queryOptions({
  queryKey: checkoutKeys.locations(),
  queryFn: async ({ signal }) => (await apiGet('/locations', locationsResponse, { signal })).data,
  staleTime: 24 * 60 * 60_000,
  meta: { persist: true },
})

export async function checkCoupon(code: string, subtotal: number) {
  return (await apiSend('post', '/coupons/check', { code, subtotal }, couponCheckResponse)).data
}

export async function placeOrder(body: OrderCreateBody, idempotencyKey: string) {
  return (
    await apiSend('post', '/orders', body, orderResponse, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
  ).data
}
