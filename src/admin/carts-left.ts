import { queryOptions } from '@tanstack/react-query'
import { cartsLeftAnswer } from '../contract/admin-carts-left'
import { adminKeys, adminRead, quiet } from './admin-api'

/** Carts left behind in the last 30 days (docs/carts-left-behind.md): counted on the server each time. */
export const cartsLeftQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'carts-left'] as const,
    queryFn: ({ signal }) =>
      adminRead('/admin/reports/carts-left', cartsLeftAnswer, signal).then((answer) => answer.data),
    staleTime: 30_000,
    meta: quiet,
  })
