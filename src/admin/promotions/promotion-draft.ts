import type { AdminPromotion, PromotionBody, PromotionKind } from '../../contract/admin-promotions'
import { fromDhakaInput, toDhakaInput } from '../../lib/dhaka-time'

/**
 * What the promotion editor holds while the owner types: numbers as text, times as Dhaka's clock shows them,
 * every kind's figures at once (switching the kind keeps what was typed for the others).
 */
export type PromotionDraft = {
  name: string
  nameBn: string
  kind: PromotionKind
  buy: string
  get: string
  percent: string
  /** buy X get Y's products (none and no categories: every product), a bundle's products */
  productIds: number[]
  bundleIds: number[]
  categoryIds: number[]
  tiers: { spend: string; percent: string }[]
  price: string
  starts: string
  ends: string
  active: boolean
}

/** A new promotion: spend TK 3,000, save 10 %, from now for a week. */
export function newPromotionDraft(now = Date.now()): PromotionDraft {
  return {
    name: '',
    nameBn: '',
    kind: 'spend_tiers',
    buy: '2',
    get: '1',
    percent: '100',
    productIds: [],
    bundleIds: [],
    categoryIds: [],
    tiers: [{ spend: '3000', percent: '10' }],
    price: '',
    starts: toDhakaInput(new Date(now).toISOString()),
    ends: toDhakaInput(new Date(now + 7 * 86_400_000).toISOString()),
    active: true,
  }
}

export function promotionDraftOf(promotion: AdminPromotion): PromotionDraft {
  const draft = {
    ...newPromotionDraft(),
    name: promotion.name,
    nameBn: promotion.nameBn,
    kind: promotion.rules.kind,
    starts: toDhakaInput(promotion.startsAt),
    ends: toDhakaInput(promotion.endsAt),
    active: promotion.active,
  }
  const rules = promotion.rules
  switch (rules.kind) {
    case 'buy_get':
      return {
        ...draft,
        buy: String(rules.buy),
        get: String(rules.get),
        percent: String(rules.percent),
        productIds: rules.productIds,
        categoryIds: rules.categoryIds,
      }
    case 'spend_tiers':
      return {
        ...draft,
        tiers: rules.tiers.map((tier) => ({ spend: String(tier.spend), percent: String(tier.percent) })),
      }
    case 'bundle':
      return { ...draft, bundleIds: rules.productIds, price: String(rules.price) }
  }
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The body the API takes (numbers it cannot read go as they are: the server names the field). */
export function promotionBodyOf(draft: PromotionDraft): PromotionBody {
  const rules: PromotionBody['rules'] =
    draft.kind === 'buy_get'
      ? {
          kind: 'buy_get',
          buy: number(draft.buy),
          get: number(draft.get),
          percent: number(draft.percent),
          productIds: draft.productIds,
          categoryIds: draft.categoryIds,
        }
      : draft.kind === 'spend_tiers'
        ? {
            kind: 'spend_tiers',
            tiers: draft.tiers.map((tier) => ({ spend: number(tier.spend), percent: number(tier.percent) })),
          }
        : { kind: 'bundle', productIds: draft.bundleIds, price: number(draft.price) }
  return {
    name: draft.name,
    nameBn: draft.nameBn,
    rules,
    startsAt: fromDhakaInput(draft.starts) ?? draft.starts,
    endsAt: fromDhakaInput(draft.ends) ?? draft.ends,
    active: draft.active,
  }
}
