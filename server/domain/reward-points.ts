import type { Totals } from '../../src/contract/cart'
import type { RewardPointSettings } from '../../src/contract/settings'
import { roundMoney } from '../../src/lib/money'

export const POINTS_CHANGED = 'Your reward points changed: check the total and place the order again'
export const POINTS_SIGN_IN = 'Sign in to use your reward points'
export const GUEST_KEEPS_NO_POINTS = 'This customer has no account: reward points are kept by accounts'

/** What a shopper's points can take off an order: how many points, and the taka they are worth. */
export type PointsOffer = { points: number; discount: number }

/**
 * The points an order may spend (docs/decisions/0038): none while spending is off or the balance is under the
 * shop's minimum; else the balance, at most as many whole points as fit in the cap, the shop's percentage of
 * the items' total (the goods after product discounts, promotions and the coupon; delivery is never paid by
 * points). Whole points only, rounded down, so the discount never passes the cap.
 */
export function pointsOffer(
  balance: number,
  itemsTotal: number,
  settings: RewardPointSettings,
): PointsOffer | null {
  if (!settings.spending || balance <= 0 || balance < settings.minimum) return null
  // in paisa, so that 0.1 + 0.2 never decides a point
  const capPaisa = Math.floor((Math.round(itemsTotal * 100) * settings.capPercent) / 100)
  const byCap = Math.floor(capPaisa / Math.round(settings.pointValue * 100))
  const points = Math.min(balance, byCap)
  if (points <= 0) return null
  return { points, discount: roundMoney(points * settings.pointValue) }
}

/** Totals with the points' discount taken off (delivery stays): what the order is charged. */
export function withPoints(totals: Totals, offer: PointsOffer | null): Totals {
  if (!offer) return totals
  return {
    ...totals,
    pointsUsed: offer.points,
    pointsDiscount: offer.discount,
    total: roundMoney(totals.total - offer.discount),
  }
}

/** The items' total of an order's totals: what points may pay part of. */
export const itemsTotalOf = (totals: Pick<Totals, 'total' | 'deliveryCharge'>) =>
  roundMoney(totals.total - totals.deliveryCharge)

/** Points a delivered order earns: `earnPer100` for every full TK 100 it was charged (0: none). */
export function pointsEarned(total: number, earnPer100: number): number {
  if (earnPer100 <= 0) return 0
  return Math.floor(Math.round(total * 100) / 10_000) * earnPer100
}

/**
 * The points an order keeps spending when its items' total becomes `itemsTotal` (a staff edit, a partial
 * return): what it spent, at most the cap on the new total at the point's value it was spent at.
 */
export function pointsKept(
  order: { pointsUsed: number; pointsDiscount: number },
  itemsTotal: number,
  capPercent: number,
): PointsOffer {
  if (order.pointsUsed <= 0) return { points: 0, discount: 0 }
  const value = order.pointsDiscount / order.pointsUsed
  const capPaisa = Math.floor((Math.round(itemsTotal * 100) * capPercent) / 100)
  const points = Math.min(order.pointsUsed, Math.floor(capPaisa / Math.round(value * 100)))
  return { points, discount: roundMoney(points * value) }
}
