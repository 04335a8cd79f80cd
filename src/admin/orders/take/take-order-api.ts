import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  numberAnswer,
  type OrderDraftBody,
  orderDraftAnswer,
  orderDraftsAnswer,
  type StaffOrderBody,
  type StaffOrderQuoteBody,
  staffOrderQuoteAnswer,
} from '../../../contract/admin-order-create'
import { adminOrderAnswer } from '../../../contract/admin-orders'
import { IDEMPOTENCY_HEADER } from '../../../contract/orders'
import { adminRead, adminWrite, quiet } from '../../admin-api'
import { orderKeys } from '../orders-api'

/** Taking an order by hand (src/contract/admin-order-create.ts): its price, the number's facts, the drafts. */
export const takeKeys = {
  quote: (body: StaffOrderQuoteBody | null) => [...orderKeys.all(), 'take-quote', body] as const,
  number: (phone: string) => [...orderKeys.all(), 'take-number', phone] as const,
  drafts: () => [...orderKeys.all(), 'drafts'] as const,
  draft: (id: number) => [...orderKeys.all(), 'drafts', id] as const,
}

export const takeQuoteQuery = (body: StaffOrderQuoteBody | null) =>
  queryOptions({
    queryKey: takeKeys.quote(body),
    // a price asked with POST (the body is the order so far); it writes nothing
    queryFn: () =>
      adminWrite('post', '/admin/orders/quote', staffOrderQuoteAnswer, body).then((answer) => answer.data),
    enabled: body !== null,
    staleTime: 0,
    retry: false,
    meta: quiet,
  })

export const numberQuery = (phone: string) =>
  queryOptions({
    queryKey: takeKeys.number(phone),
    queryFn: ({ signal }) =>
      adminRead(`/admin/orders/customer?phone=${phone}`, numberAnswer, signal).then((answer) => answer.data),
    staleTime: 30_000,
    retry: false,
    meta: quiet,
  })

export const draftsQuery = queryOptions({
  queryKey: takeKeys.drafts(),
  queryFn: ({ signal }) => adminRead('/admin/order-drafts', orderDraftsAnswer, signal).then((a) => a.data),
  staleTime: 0,
  meta: quiet,
})

export const draftQuery = (id: number) =>
  queryOptions({
    queryKey: takeKeys.draft(id),
    queryFn: ({ signal }) =>
      adminRead(`/admin/order-drafts/${id}`, orderDraftAnswer, signal).then((answer) => answer.data),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: quiet,
  })

export const takeApi = {
  /** the order placed; the same key answers the one order it placed */
  take: (body: StaffOrderBody, key: string) =>
    adminWrite('post', '/admin/orders', adminOrderAnswer, body, { [IDEMPOTENCY_HEADER]: key }).then(
      (answer) => answer.data,
    ),
  saveDraft: (content: OrderDraftBody, id?: number) =>
    (id === undefined
      ? adminWrite('post', '/admin/order-drafts', orderDraftAnswer, content)
      : adminWrite('put', `/admin/order-drafts/${id}`, orderDraftAnswer, content)
    ).then((answer) => answer.data),
  removeDraft: (id: number) =>
    adminWrite('delete', `/admin/order-drafts/${id}`, z.unknown()).then(() => undefined),
}
