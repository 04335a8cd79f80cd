import { useQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { apiGet } from '../../lib/api'

/**
 * The part of `GET /shop` only checkout reads (src/contract/settings.ts shopAnswer): where a transfer is
 * sent, above which total cash on delivery confirms the number, and where it asks the delivery charge in
 * advance. Each defaults to "nothing asked" while the shop is not read, or from an older server.
 */
const checkoutShop = z.object({
  data: z.object({
    transferTo: z._default(z.array(z.object({ wallet: z.string(), number: z.string() })), []),
    codConfirmAbove: z._default(z.number(), 0),
    codAdvance: z._default(z.object({ outsideDhaka: z.boolean(), above: z.number() }), {
      outsideDhaka: false,
      above: 0,
    }),
  }),
})
export type CheckoutShop = z.infer<typeof checkoutShop>['data']

const nothingAsked: CheckoutShop = {
  transferTo: [],
  codConfirmAbove: 0,
  codAdvance: { outsideDhaka: false, above: 0 },
}

const checkoutShopQuery = {
  queryKey: ['shop', 'checkout'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiGet('/shop', checkoutShop, { signal })).data,
  staleTime: 60_000,
}

export function useCheckoutShop(): CheckoutShop {
  return useQuery(checkoutShopQuery).data ?? nothingAsked
}
