import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { type DeliveryZone, deliveryZone } from '../contract/addresses'
import { texts } from '../contract/shop'
import { useLanguage } from '../i18n'
import { apiGet } from '../lib/api'
import { shopKeys } from './shop'

/**
 * The delivery zones as the owner set them in the back office (charge and estimate), and the order total
 * from which delivery is free, for the pages that quote them (the product page, the cart, checkout). Read
 * from `GET /api/v1/shop` like the shop's contact, but on its own key: the header and footer's query keeps
 * only what every page shows, and this stays out of the first visit's code.
 */
const shopDelivery = z.object({
  data: z.object({
    delivery: z.array(
      z.object({ zone: deliveryZone, charge: z.number(), perKg: z._default(z.number(), 0), estimate: texts }),
    ),
    /** the weight each zone's charge covers; above it, `perKg` for every kilogram or part of one */
    deliveryBaseKg: z._default(z.number(), 1),
    /** 0: never free (and a server from before the threshold sends none) */
    freeDeliveryAbove: z._default(z.number(), 0),
    /** the shop's return policy in full (the Return Policy page shows it) */
    returnPolicy: z._default(texts, { en: '', bn: '' }),
    /** the policy in a line, what the product page says of returns */
    returnSummary: z._default(texts, { en: '', bn: '' }),
  }),
})

export const shopDeliveryQuery = queryOptions({
  // not `delivery`: the answers devices kept under that key are the zones alone
  queryKey: [...shopKeys.all, 'delivery-terms'],
  queryFn: async ({ signal }) => {
    const answer = (await apiGet('/shop', shopDelivery, { signal })).data
    const { delivery, freeDeliveryAbove, returnPolicy, returnSummary, deliveryBaseKg } = answer
    return {
      zones: delivery,
      freeAbove: freeDeliveryAbove,
      // the page itself is read when opened: here, only whether there is one
      hasReturnPolicy: returnPolicy.en.trim() !== '',
      returnSummary,
      baseKg: deliveryBaseKg,
    }
  },
  staleTime: 5 * 60_000,
  meta: { persist: true },
})

/** a zone's charge up to the base weight, what each kilogram above it adds (0: nothing), and its estimate */
export type ZoneQuote = { charge: number; perKg: number; estimate: string }

/** Each zone's charge and estimate in the page's language; undefined until the shop has answered once. */
export function useDeliveryQuotes(): Record<DeliveryZone, ZoneQuote> | undefined {
  const { data } = useQuery(shopDeliveryQuery)
  const language = useLanguage()
  if (!data) return undefined
  const quotes = {} as Record<DeliveryZone, ZoneQuote>
  for (const { zone, charge, perKg = 0, estimate } of data.zones) {
    quotes[zone] = { charge, perKg, estimate: (language === 'bn' && estimate.bn) || estimate.en }
  }
  return quotes.inside_dhaka && quotes.dhaka_suburbs && quotes.outside_dhaka ? quotes : undefined
}

/**
 * What the product page says of returns, from the shop's settings: the policy in a line in the page's language
 * ('' when the owner left it blank), and whether the Return Policy page has the policy in full; undefined until
 * the shop has answered once.
 */
export function useReturnSummary(): { summary: string; hasPolicy: boolean } | undefined {
  const data = useQuery(shopDeliveryQuery).data
  const language = useLanguage()
  if (!data?.returnSummary) return undefined
  const { returnSummary } = data
  return {
    summary: (language === 'bn' && returnSummary.bn) || returnSummary.en,
    hasPolicy: data.hasReturnPolicy,
  }
}

/** The weight each zone's charge covers (1 kg until the shop has answered). */
export function useDeliveryBaseKg(): number {
  return useQuery(shopDeliveryQuery).data?.baseKg ?? 1
}

/** The order total (after discounts and the coupon) from which delivery is free; 0 for never or not yet known. */
export function useFreeDeliveryAbove(): number {
  return useQuery(shopDeliveryQuery).data?.freeAbove ?? 0
}
