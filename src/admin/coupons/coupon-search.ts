import { type AdminCouponsQuery, type CouponStatus, couponStatus } from '../../contract/admin-coupons'

/** The coupons list as the address carries it (`/admin/coupons?q=eid&status=active&page=2`). */
export type CouponListView = { q?: string; status?: CouponStatus; page: number }

export const COUPONS_PER_PAGE = 25

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
const CONTROL = /[\u0000-\u001f\u007f]/g

/** Reads the address leniently: a value the API would not take is dropped, never an error page. */
export function couponListView(search: Record<string, unknown>): CouponListView {
  const q = text(search.q).replace(CONTROL, '').slice(0, 100)
  const page = /^\d{1,5}$/.test(text(search.page)) ? Number(text(search.page)) : 1
  return {
    q: q || undefined,
    status: couponStatus.options.find((option) => option === text(search.status)),
    page: page >= 1 && page <= 400 ? page : 1,
  }
}

/** The address's search for a view: nothing that says a default. */
export function couponListSearch(view: CouponListView): Record<string, string | number> {
  const search: Record<string, string | number> = {}
  if (view.q) search.q = view.q
  if (view.status) search.status = view.status
  if (view.page > 1) search.page = view.page
  return search
}

export const couponListQueryOf = (view: CouponListView): AdminCouponsQuery => ({
  ...couponListSearch(view),
  page: view.page,
  perPage: COUPONS_PER_PAGE,
})

/** What follows `/admin/coupons/`: a new coupon, one coupon's editor, or its usage report. */
export type CouponPlace = { kind: 'new' } | { kind: 'edit'; code: string } | { kind: 'uses'; code: string }

export function couponPlace(rest: string): CouponPlace | null {
  if (rest === 'new') return { kind: 'new' }
  const match = /^([A-Za-z0-9_-]{3,30})(\/uses)?$/.exec(rest)
  if (!match?.[1]) return null
  const code = match[1].toUpperCase()
  return match[2] ? { kind: 'uses', code } : { kind: 'edit', code }
}
