import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  type AdminCouponsQuery,
  adminCouponAnswer,
  adminCouponsAnswer,
  type CouponCreateBody,
  type CouponUpdateBody,
  type CouponUsesQuery,
  couponUsesAnswer,
} from '../../contract/admin-coupons'
import { apiV1 } from '../../lib/api'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The coupons pages' reads and writes (src/contract/admin-coupons.ts), none of them kept on the device. */
export const couponKeys = {
  all: () => [...adminKeys.all, 'coupons'] as const,
  list: (query: AdminCouponsQuery) => [...couponKeys.all(), 'list', query] as const,
  one: (code: string) => [...couponKeys.all(), 'one', code] as const,
  uses: (code: string, query: CouponUsesQuery) => [...couponKeys.all(), 'uses', code, query] as const,
}

const path = (code: string) => `/admin/coupons/${encodeURIComponent(code)}`

export const couponListQuery = (query: AdminCouponsQuery) =>
  queryOptions({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => adminRead(withSearch('/admin/coupons', query), adminCouponsAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

export const couponQuery = (code: string) =>
  queryOptions({
    queryKey: couponKeys.one(code),
    queryFn: ({ signal }) => adminRead(path(code), adminCouponAnswer, signal).then((answer) => answer.data),
    staleTime: 10_000,
    meta: quiet,
  })

export const couponUsesQuery = (code: string, query: CouponUsesQuery) =>
  queryOptions({
    queryKey: couponKeys.uses(code, query),
    queryFn: ({ signal }) => adminRead(withSearch(`${path(code)}/uses`, query), couponUsesAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

/**
 * Downloads a coupon's uses as a CSV file, through the API client (the file needs the api key as well as
 * the staff cookie, so a plain link would be refused).
 */
export async function downloadCouponUsesCsv(code: string) {
  const blob = await apiV1
    .url(`${path(code)}/uses.csv`)
    .get()
    .blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `coupon-${code.toLowerCase()}-uses.csv`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const couponsApi = {
  create: (body: CouponCreateBody) =>
    adminWrite('post', '/admin/coupons', adminCouponAnswer, body).then((answer) => answer.data),
  update: (code: string, body: CouponUpdateBody) =>
    adminWrite('put', path(code), adminCouponAnswer, body).then((answer) => answer.data),
  /** 204: nothing to read */
  remove: (code: string) => adminWrite('delete', path(code), z.unknown()).then(() => undefined),
}
