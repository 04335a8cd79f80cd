import { queryOptions } from '@tanstack/react-query'
import type { MenuItem } from '../../contract/menu'
import { productResponse } from '../../contract/product'
import { apiGet } from '../../lib/api'

/** Every item of a menu, submenus included, in order. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.submenu)])
}

/** The running campaign's name and end, read from one of its products. */
export const campaignInfoQuery = (productSlug: string) =>
  queryOptions({
    queryKey: ['campaign-info', productSlug] as const,
    queryFn: ({ signal }) =>
      apiGet(`/product/storefront/${encodeURIComponent(productSlug)}`, productResponse, { signal }),
    select: (response) => response.data.campaign,
    staleTime: 5 * 60_000,
  })
