import { queryOptions } from '@tanstack/react-query'
import { waitingForStockAnswer } from '../contract/admin-stock-alerts'
import { adminKeys, adminRead, quiet } from './admin-api'
import { withSearch } from './links'

/**
 * Shoppers waiting for sold-out skus (docs/decisions/0040): the restock report, and one product's counts in its
 * editor. Counted on the server each time.
 */
export const waitingForStockQuery = (productId?: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'waiting-for-stock', productId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      adminRead(
        withSearch('/admin/reports/waiting-for-stock', productId === undefined ? {} : { productId }),
        waitingForStockAnswer,
        signal,
      ).then((answer) => answer.data),
    staleTime: 30_000,
    meta: quiet,
  })
