import type { SectionPageProps } from '../section-pages'
import { UnknownPage } from '../shell/status-pages'
import { CouponEditor } from './coupon-editor'
import { CouponListPage } from './coupon-list-page'
import { couponPlace } from './coupon-search'
import { CouponUsesPage } from './coupon-uses-page'
import './coupons.css'

/** `/admin/coupons`: the list; `…/new`, `…/<CODE>`: the editor; `…/<CODE>/uses`: who used it. */
export function CouponsPage(props: SectionPageProps) {
  if (!props.rest) return <CouponListPage search={props.search} />
  const place = couponPlace(props.rest)
  if (!place) return <UnknownPage />
  if (place.kind === 'uses') return <CouponUsesPage code={place.code} search={props.search} />
  return <CouponEditor code={place.kind === 'new' ? null : place.code} />
}
