import { queryOptions } from '@tanstack/react-query'
import { adminFeedsAnswer, type FeedTokenBody } from '../../contract/admin-feeds'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'

/** The feeds page's reads and writes (src/contract/admin-feeds.ts). */
export const feedsKey = [...adminKeys.all, 'feeds'] as const

export const feedsQuery = queryOptions({
  queryKey: feedsKey,
  queryFn: ({ signal }) => adminRead('/admin/feeds', adminFeedsAnswer, signal).then((answer) => answer.data),
  staleTime: 0,
  meta: quiet,
})

export const feedsApi = {
  rebuild: () => adminWrite('post', '/admin/feeds/rebuild', adminFeedsAnswer).then((answer) => answer.data),
  token: (body: FeedTokenBody) =>
    adminWrite('put', '/admin/feeds/token', adminFeedsAnswer, body).then((answer) => answer.data),
}
