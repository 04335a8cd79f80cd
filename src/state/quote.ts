import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DeliveryZone } from '../contract/addresses'
import { type CartLineInput, type QuoteLine, quoteResponse } from '../contract/cart'
import { apiSend, DEADLINES } from '../lib/api'
import { currentLanguage } from '../lib/language'
import type { CartLine } from './list-lines'
import { useCart } from './use-list-lines'

/** Query keys of the server's quotes for the local cart. */
export const quoteKeys = {
  all: ['quote'] as const,
  /** (the answer's problems and delivery estimate are in the page's language) */
  quote: (lines: CartLineInput[], coupon: string, zone: DeliveryZone) =>
    [...quoteKeys.all, currentLanguage(), lines, coupon, zone] as const,
}

/** Current prices, stock and totals from the server: the local cart's prices are never trusted. */
export function quoteQuery(lines: CartLineInput[], coupon: string, zone: DeliveryZone = 'inside_dhaka') {
  return queryOptions({
    queryKey: quoteKeys.quote(lines, coupon, zone),
    queryFn: async ({ signal }) =>
      (
        await apiSend('post', '/cart/quote', { lines, coupon: coupon || undefined, zone }, quoteResponse, {
          signal,
          deadline: DEADLINES.read,
        })
      ).data,
    staleTime: 0,
    placeholderData: (previous) => previous,
  })
}

export type PriceNotice = { skuId: number; title: string; message: string }

/** What changed between the cart as stored on this device and the server's quote. */
export function quoteNotices(lines: readonly CartLine[], quoted: readonly QuoteLine[]): PriceNotice[] {
  const notices: PriceNotice[] = []
  for (const line of lines) {
    const now = quoted.find((q) => q.skuId === line.skuId)
    if (!now) continue
    if (now.problem) notices.push({ skuId: line.skuId, title: line.title, message: now.problem })
    else if (now.unitDiscountedPrice !== line.unit_discounted_price) {
      notices.push({
        skuId: line.skuId,
        title: line.title,
        message: `The price of ${line.title} has changed`,
      })
    }
  }
  return notices
}

/** The local cart joined with the server's quote for it. */
export function useQuotedCart(coupon: string, zone: DeliveryZone = 'inside_dhaka') {
  const cart = useCart()
  const requested = useMemo(
    () => cart.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
    [cart.lines],
  )
  const quote = useQuery({ ...quoteQuery(requested, coupon, zone), enabled: requested.length > 0 })
  const data = requested.length > 0 ? quote.data : undefined
  return {
    cart,
    requested,
    quote: data,
    quoteLoading: quote.isPending && requested.length > 0,
    quoteError: quote.error,
    notices: data ? quoteNotices(cart.lines, data.lines) : [],
    blocked: data ? data.lines.some((line) => line.problem !== null) : false,
  }
}
