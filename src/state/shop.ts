import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ShopView, shopView } from '../contract/shop'
import type { Language } from '../i18n'
import { apiGet } from '../lib/api'
import { builtInShop } from '../lib/shop'

export const shopKeys = { all: ['shop'] as const }

/**
 * The shop as its owner set it up (contact, social links, delivery zones), kept across visits. Until the
 * first answer there is none, and the pages show the built-in shop (src/lib/shop.ts, the footer's texts):
 * nothing waits for it.
 */
export const shopQuery = queryOptions({
  queryKey: shopKeys.all,
  queryFn: async ({ signal }) => (await apiGet('/shop', shopView, { signal })).data,
  staleTime: 5 * 60_000,
  meta: { persist: true },
})

export function useShop(): ShopView | undefined {
  return useQuery(shopQuery).data
}

/** The shop's name in `language`, as its settings say; the first start's until they are read. */
export function shopName(shop: ShopView | undefined, language: Language): string {
  return shop?.name[language] ?? builtInShop.names[language]
}

/** The title of a page that has none of its own, as the settings say; none until they are read. */
export function shopTitle(shop: ShopView | undefined, language: Language): string | undefined {
  return shop?.title?.[language]
}
