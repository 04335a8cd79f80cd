import type { CampaignStatus } from '../../src/contract/admin-catalogue'

/** A slug from an English name: lower-case words joined by hyphens ("Eid Flash Deal!" → "eid-flash-deal"). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
}

/** Where a campaign stands at `now`: it starts at `startsAt` and is over at `endsAt`. */
export function campaignStatusAt(startsAt: Date, endsAt: Date, now: Date): CampaignStatus {
  if (now < startsAt) return 'scheduled'
  return now < endsAt ? 'running' : 'ended'
}

/**
 * What a unit costs while a campaign runs: the campaign's own price for the product, else its discount
 * off the regular price, in whole taka; never more than the product's own discounted price (a shopper
 * never pays more because of a deal) nor than the price. Null when the campaign takes nothing off.
 */
export function campaignUnitPrice(
  unit: { price: number; regularDiscountedPrice: number },
  campaign: { ownPrice: number | null; discountPercent: number },
): number | null {
  const deal =
    campaign.ownPrice !== null
      ? campaign.ownPrice
      : campaign.discountPercent > 0
        ? Math.round((unit.price * (100 - campaign.discountPercent)) / 100)
        : null
  if (deal === null) return null
  return Math.min(deal, unit.regularDiscountedPrice, unit.price)
}
