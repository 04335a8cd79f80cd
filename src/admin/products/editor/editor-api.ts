import { queryOptions } from '@tanstack/react-query'
import { type AdminProductBody, adminProductAnswer } from '../../../contract/admin-product'
import { adminRefsAnswer } from '../../../contract/admin-refs'
import { adminKeys, adminRead, adminWrite, quiet } from '../../admin-api'

/** The product editor's reads and writes (src/contract/admin-product.ts), none kept on the device. */
export const editorKeys = {
  /** every product read of the back office: a save makes all of them stale */
  products: () => [...adminKeys.all, 'products'] as const,
  product: (id: number) => [...editorKeys.products(), 'editor', id] as const,
  refs: () => [...adminKeys.all, 'catalogue-refs'] as const,
}

export const editedProductQuery = (id: number) =>
  queryOptions({
    queryKey: editorKeys.product(id),
    queryFn: ({ signal }) =>
      adminRead(`/admin/products/${id}`, adminProductAnswer, signal).then((answer) => answer.data),
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: quiet,
  })

/** categories, brands and campaigns for the pickers */
export const editorRefsQuery = queryOptions({
  queryKey: editorKeys.refs(),
  queryFn: ({ signal }) =>
    adminRead('/admin/catalogue-refs', adminRefsAnswer, signal).then((answer) => answer.data),
  staleTime: 60_000,
  meta: quiet,
})

export const editorApi = {
  create: (body: AdminProductBody) =>
    adminWrite('post', '/admin/products', adminProductAnswer, body).then((answer) => answer.data),
  duplicate: (id: number) =>
    adminWrite('post', `/admin/products/${id}/duplicate`, adminProductAnswer).then((answer) => answer.data),
  update: (id: number, version: number, body: AdminProductBody) =>
    adminWrite('put', `/admin/products/${id}`, adminProductAnswer, {
      ...body,
      version,
    }).then((answer) => answer.data),
}
