import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  type AdminProductsQuery,
  adminProductsAnswer,
  type BulkAction,
  bulkAnswer,
  productStockAnswer,
  type SkusChangeBody,
} from '../../contract/admin-products'
import { adminRefsAnswer } from '../../contract/admin-refs'
import { sku } from '../../contract/product'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The products list's reads and writes (src/contract/admin-products.ts), none of them kept on the device. */
export const productListKeys = {
  all: () => [...adminKeys.all, 'products'] as const,
  list: (query: AdminProductsQuery) => [...productListKeys.all(), 'list', query] as const,
  stock: (productId: number) => [...productListKeys.all(), 'stock', productId] as const,
  refs: () => [...adminKeys.all, 'catalogue-refs'] as const,
}

export const productListQuery = (query: AdminProductsQuery) =>
  queryOptions({
    queryKey: productListKeys.list(query),
    queryFn: ({ signal }) => adminRead(withSearch('/admin/products', query), adminProductsAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

export const productStockQuery = (productId: number) =>
  queryOptions({
    queryKey: productListKeys.stock(productId),
    queryFn: ({ signal }) =>
      adminRead(`/admin/products/${productId}/stock`, productStockAnswer, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 5_000,
    meta: quiet,
  })

/** categories, brands and campaigns for the filters and the campaign actions */
export const catalogueRefsQuery = queryOptions({
  queryKey: productListKeys.refs(),
  queryFn: ({ signal }) =>
    adminRead('/admin/catalogue-refs', adminRefsAnswer, signal).then((answer) => answer.data),
  staleTime: 60_000,
  meta: quiet,
})

const skuAnswer = z.object({ data: sku })

export const productsApi = {
  bulk: (ids: number[], action: BulkAction) =>
    adminWrite('post', '/admin/products/bulk', bulkAnswer, { ids, action }).then((answer) => answer.data),
  bulkStock: (ids: number[], by: number) =>
    adminWrite('post', '/admin/products/bulk-stock', bulkAnswer, { ids, by }).then((answer) => answer.data),
  /** one figure for every sku of the product (or those `skuIds` names): the skus as they are then */
  changeSkus: (productId: number, change: SkusChangeBody) =>
    adminWrite('patch', `/admin/products/${productId}/skus`, productStockAnswer, change).then(
      (answer) => answer.data,
    ),
  setSkuStock: (skuId: number, stockQuantity: number) =>
    adminWrite('patch', `/admin/skus/${skuId}`, skuAnswer, { stockQuantity }).then((answer) => answer.data),
}
