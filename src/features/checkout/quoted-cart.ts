import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DeliveryZone } from '../../contract/addresses'
import type { QuoteLine } from '../../contract/cart'
import type { CartLine } from '../../state/list-lines'
import { useCart } from '../../state/use-list-lines'
import { quoteQuery } from './checkout-api'

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
