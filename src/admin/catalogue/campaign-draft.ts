import type { AdminCampaign, CampaignProduct, CampaignUpdateBody } from '../../contract/admin-catalogue'
import { dhakaInputIn, fromDhakaInput, toDhakaInput } from '../../lib/dhaka-time'

/** What the campaign editor holds while the owner types: inputs as text, times in Dhaka. */
export type CampaignDraft = {
  version: number | undefined
  name: string
  nameBn: string
  slug: string
  description: string
  descriptionBn: string
  banner: string
  starts: string
  ends: string
  pricing: 'percent' | 'prices'
  discountPercent: string
  choosing: 'hand' | 'rule'
  products: CampaignProduct[]
  prices: Record<number, string>
  categoryIds: number[]
  brandIds: number[]
  minDiscountPercent: string
}

/** A new campaign: from now for six hours, products chosen by hand. */
export function newDraft(now = Date.now()): CampaignDraft {
  return {
    version: undefined,
    name: '',
    nameBn: '',
    slug: '',
    description: '',
    descriptionBn: '',
    banner: '',
    starts: dhakaInputIn(0, now),
    ends: dhakaInputIn(6, now),
    pricing: 'percent',
    discountPercent: '10',
    choosing: 'hand',
    products: [],
    prices: {},
    categoryIds: [],
    brandIds: [],
    minDiscountPercent: '0',
  }
}

export function draftOf(campaign: AdminCampaign): CampaignDraft {
  return {
    version: campaign.version,
    name: campaign.name,
    nameBn: campaign.nameBn,
    slug: campaign.slug,
    description: campaign.description,
    descriptionBn: campaign.descriptionBn,
    banner: campaign.banner,
    starts: toDhakaInput(campaign.startsAt),
    ends: toDhakaInput(campaign.endsAt),
    pricing: campaign.prices.length > 0 ? 'prices' : 'percent',
    discountPercent: String(campaign.discountPercent),
    choosing: campaign.rule ? 'rule' : 'hand',
    products: campaign.products,
    prices: Object.fromEntries(campaign.prices.map((price) => [price.productId, String(price.price)])),
    categoryIds: campaign.rule?.categoryIds ?? [],
    brandIds: campaign.rule?.brandIds ?? [],
    minDiscountPercent: String(campaign.rule?.minDiscountPercent ?? 0),
  }
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/** The request a draft makes; the server checks every field and answers what is wrong. */
export function bodyOf(draft: CampaignDraft): CampaignUpdateBody {
  const byRule = draft.choosing === 'rule'
  return {
    ...(draft.version === undefined ? {} : { version: draft.version }),
    name: draft.name,
    nameBn: draft.nameBn,
    slug: draft.slug.trim(),
    description: draft.description,
    descriptionBn: draft.descriptionBn,
    banner: draft.banner,
    startsAt: fromDhakaInput(draft.starts) ?? '',
    endsAt: fromDhakaInput(draft.ends) ?? '',
    discountPercent: draft.pricing === 'percent' ? wholeNumber(draft.discountPercent) : 0,
    productIds: byRule ? [] : draft.products.map((product) => product.id),
    prices:
      draft.pricing === 'prices' && !byRule
        ? draft.products
            .filter((product) => (draft.prices[product.id] ?? '').trim() !== '')
            .map((product) => ({ productId: product.id, price: Number(draft.prices[product.id]) }))
        : [],
    rule: byRule
      ? {
          categoryIds: draft.categoryIds,
          brandIds: draft.brandIds,
          minDiscountPercent: wholeNumber(draft.minDiscountPercent),
        }
      : null,
  }
}
