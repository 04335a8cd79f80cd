import { queryOptions } from '@tanstack/react-query'
import { type CashSettleBody, codPayoutAnswer, codWaitingAnswer } from '../../../contract/admin-cod-cash'
import { adminOrderAnswer } from '../../../contract/admin-orders'
import { adminRead, adminWrite, quiet } from '../../admin-api'
import { orderKeys } from '../orders-api'

/** The cash couriers hold for the shop, and their payouts (src/contract/cod-cash.ts). */
export const cashKeys = { waiting: () => [...orderKeys.all(), 'cash-waiting'] as const }

export const cashWaitingQuery = queryOptions({
  queryKey: cashKeys.waiting(),
  queryFn: ({ signal }) => adminRead('/admin/cod/waiting', codWaitingAnswer, signal).then((a) => a.data),
  staleTime: 0,
  meta: quiet,
})

export const cashApi = {
  settle: (id: number, body: CashSettleBody) =>
    adminWrite('post', `/admin/orders/${id}/cash`, adminOrderAnswer, body).then((answer) => answer.data),
  payout: (csv: string, dryRun: boolean) =>
    adminWrite('post', '/admin/cod/payouts', codPayoutAnswer, { csv, dryRun }).then((answer) => answer.data),
}
