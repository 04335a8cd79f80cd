import { remindersStoppedAnswer, restoredCartAnswer } from '../../contract/carts-left'
import { apiGet, apiSend } from '../../lib/api'

/** A reminder's restore link: the lines this device's cart takes (never kept: each opening asks again). */
export const restoredCartQuery = (token: string) => ({
  queryKey: ['carts-left', 'restore', token] as const,
  queryFn: async () => (await apiGet(`/carts-left/restore/${token}`, restoredCartAnswer)).data,
  retry: false,
  meta: { silent: true },
  staleTime: Number.POSITIVE_INFINITY,
})

/** A reminder's stop link: the number is reminded no more (sending it again changes nothing). */
export const stopRemindersQuery = (token: string) => ({
  queryKey: ['carts-left', 'stop', token] as const,
  queryFn: async () => (await apiSend('post', `/carts-left/stop/${token}`, {}, remindersStoppedAnswer)).data,
  retry: false,
  meta: { silent: true },
  staleTime: Number.POSITIVE_INFINITY,
})
