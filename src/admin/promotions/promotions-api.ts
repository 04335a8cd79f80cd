import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { type PromotionBody, promotionAnswer, promotionsAnswer } from '../../contract/admin-promotions'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'

/** The promotions page's reads and writes (src/contract/admin-promotions.ts). */
export const promotionKeys = { all: () => [...adminKeys.all, 'promotions'] as const }

export const promotionsQuery = queryOptions({
  queryKey: promotionKeys.all(),
  queryFn: ({ signal }) =>
    adminRead('/admin/promotions', promotionsAnswer, signal).then((answer) => answer.data),
  staleTime: 10_000,
  meta: quiet,
})

export const promotionsApi = {
  create: (body: PromotionBody) =>
    adminWrite('post', '/admin/promotions', promotionAnswer, body).then((answer) => answer.data),
  update: (id: number, version: number, body: PromotionBody) =>
    adminWrite('put', `/admin/promotions/${id}`, promotionAnswer, { version, ...body }).then(
      (answer) => answer.data,
    ),
  remove: (id: number) => adminWrite('delete', `/admin/promotions/${id}`, z.unknown()).then(() => undefined),
}
