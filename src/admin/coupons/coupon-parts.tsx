import type { AdminCoupon, CouponStatus } from '../../contract/admin-coupons'
import { figure, msg, t, taka } from '../../i18n'

export const couponStatusLabels = {
  active: msg('admin-coupons.status-active'),
  scheduled: msg('admin-coupons.status-scheduled'),
  expired: msg('admin-coupons.status-expired'),
  disabled: msg('admin-coupons.status-disabled'),
} as const

export function CouponStatusTag({ status }: { status: CouponStatus }) {
  return (
    <span className={`admin-tag coupon-status coupon-status--${status}`}>
      {t(couponStatusLabels[status])}
    </span>
  )
}

/** "3 of 100 used", or "3 used" without a limit. */
export function usesText(coupon: Pick<AdminCoupon, 'usedCount' | 'usageLimit'>): string {
  return coupon.usageLimit === null
    ? t('admin-coupons.uses-count', { count: coupon.usedCount, shown: figure(coupon.usedCount) })
    : t('admin-coupons.uses-of', { used: figure(coupon.usedCount), limit: figure(coupon.usageLimit) })
}

/** "10% off (up to TK 500)", "TK 200 off", with "free delivery" when it gives that. */
export function discountText(coupon: AdminCoupon): string {
  const off =
    coupon.value === 0
      ? null
      : coupon.kind === 'percent'
        ? coupon.maxDiscount === null
          ? t('admin-coupons.off-percent', { value: figure(coupon.value) })
          : t('admin-coupons.off-percent-capped', {
              value: figure(coupon.value),
              cap: taka(coupon.maxDiscount),
            })
        : t('admin-coupons.off-flat', { amount: taka(coupon.value) })
  const parts = [off, coupon.freeDelivery ? t('admin-coupons.free-delivery-short') : null]
  return parts.filter(Boolean).join(' + ')
}
