import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { apiGet } from '../../lib/api'
import { shopKeys } from '../../state/shop'

/**
 * What the product page reads of `GET /api/v1/shop` for chat to order and sharing: the shop's WhatsApp and
 * Messenger where the owner switched them on, and the shop's public address. On its own key, like the
 * delivery terms: the shell's query keeps only what every page shows, and this stays out of the first visit.
 */
const shopChat = z.object({
  data: z.object({
    // a server from before chat to order sends neither
    chat: z._default(z.object({ whatsapp: z.nullable(z.string()), messenger: z.nullable(z.string()) }), {
      whatsapp: null,
      messenger: null,
    }),
    origin: z.optional(z.string()),
  }),
})

export type ShopChat = { whatsapp: string | null; messenger: string | null; origin: string }

export const shopChatQuery = queryOptions({
  queryKey: [...shopKeys.all, 'chat'],
  queryFn: async ({ signal }): Promise<ShopChat> => {
    const { chat, origin } = (await apiGet('/shop', shopChat, { signal })).data
    return { ...chat, origin: origin ?? window.location.origin }
  },
  staleTime: 5 * 60_000,
  meta: { persist: true },
})

/** The shop's chat numbers and address; until they are read, no chat buttons and this page's own origin. */
export function useShopChat(): ShopChat {
  return useQuery(shopChatQuery).data ?? { whatsapp: null, messenger: null, origin: window.location.origin }
}
