import { queryOptions } from '@tanstack/react-query'
import { adminRefsAnswer } from '../contract/admin-refs'
import { adminKeys, adminRead, quiet } from './admin-api'

/** Every category, brand and campaign, for the pickers of the sections that name them (content, promotions). */
export const catalogueRefsQuery = queryOptions({
  queryKey: [...adminKeys.all, 'pickers', 'refs'] as const,
  queryFn: ({ signal }) => adminRead('/admin/catalogue-refs', adminRefsAnswer, signal).then((a) => a.data),
  staleTime: 30_000,
  meta: quiet,
})
