import type { PromotionRules } from '../../src/contract/admin-promotions'
import { roundMoney } from '../../src/lib/money'

/** A promotion running now, as the price quote applies it. */
export type RunningPromotion = { id: number; name: string; nameBn: string; rules: PromotionRules }

/** A line of the cart as promotions read it: its product, the product's categories, and its price after product discounts. */
export type PromotionLine = {
  productId: number
  /** the product's category and every category above it */
  categoryPath: number[]
  unitDiscountedPrice: number
  quantity: number
}

export type AppliedPromotion = { id: number; name: string; nameBn: string; discount: number }

/** One unit of a line, as the offers count them (a line of 3 is 3 units). */
type Unit = { productId: number; categoryPath: number[]; price: number; taken: boolean }

const inScope = (unit: Unit, productIds: number[], categoryIds: number[]) =>
  (productIds.length === 0 && categoryIds.length === 0) ||
  productIds.includes(unit.productId) ||
  unit.categoryPath.some((id) => categoryIds.includes(id))

/**
 * Buy X, get Y: among the units in scope not already in another offer, dearest first, each run of X + Y units
 * has its Y cheapest at `percent` off (100: free). A shopper with fewer than X + Y units gets nothing yet.
 */
function buyGet(units: Unit[], rules: Extract<PromotionRules, { kind: 'buy_get' }>): number {
  const eligible = units
    .filter((unit) => !unit.taken && inScope(unit, rules.productIds, rules.categoryIds))
    .sort((a, b) => b.price - a.price)
  const group = rules.buy + rules.get
  let discount = 0
  for (let start = 0; start + group <= eligible.length; start += group) {
    const run = eligible.slice(start, start + group)
    for (const unit of run) unit.taken = true
    for (const unit of run.slice(rules.buy)) discount += (unit.price * rules.percent) / 100
  }
  return roundMoney(discount)
}

/**
 * A bundle: every complete set of its products (one unit of each) costs `price`; the set takes the
 * dearest units first (the shopper's best deal), and a set that would cost more than its units does not apply.
 */
function bundle(units: Unit[], rules: Extract<PromotionRules, { kind: 'bundle' }>): number {
  const byProduct = rules.productIds.map((productId) =>
    units.filter((unit) => !unit.taken && unit.productId === productId).sort((a, b) => b.price - a.price),
  )
  const sets = Math.min(...byProduct.map((list) => list.length))
  let discount = 0
  for (let set = 0; set < sets; set += 1) {
    const members = byProduct.map((list) => list[set] as Unit)
    const worth = members.reduce((sum, unit) => sum + unit.price, 0)
    if (worth <= rules.price) break
    for (const unit of members) unit.taken = true
    discount += worth - rules.price
  }
  return roundMoney(discount)
}

/** Spend and save: the highest tier the goods (after the other offers) reach takes its percent off them. */
function spendTiers(goods: number, rules: Extract<PromotionRules, { kind: 'spend_tiers' }>): number {
  const reached = rules.tiers.filter((tier) => goods >= tier.spend).sort((a, b) => b.spend - a.spend)[0]
  return reached ? roundMoney((goods * reached.percent) / 100) : 0
}

/**
 * The offers a cart gets, each with what it takes off. Bundles first, then buy X get Y, each unit in one offer
 * at most; then spend and save on what the goods cost after those. The offers never take more than the goods cost.
 */
export function applyPromotions(lines: PromotionLine[], promotions: RunningPromotion[]): AppliedPromotion[] {
  const units: Unit[] = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      productId: line.productId,
      categoryPath: line.categoryPath,
      price: line.unitDiscountedPrice,
      taken: false,
    })),
  )
  let goods = roundMoney(units.reduce((sum, unit) => sum + unit.price, 0))
  const applied: AppliedPromotion[] = []
  const order = { bundle: 0, buy_get: 1, spend_tiers: 2 } as const
  for (const promotion of [...promotions].sort(
    (a, b) => order[a.rules.kind] - order[b.rules.kind] || a.id - b.id,
  )) {
    const { rules } = promotion
    const found =
      rules.kind === 'bundle'
        ? bundle(units, rules)
        : rules.kind === 'buy_get'
          ? buyGet(units, rules)
          : spendTiers(goods, rules)
    const discount = roundMoney(Math.min(found, goods))
    if (discount <= 0) continue
    goods = roundMoney(goods - discount)
    applied.push({ id: promotion.id, name: promotion.name, nameBn: promotion.nameBn, discount })
  }
  return applied
}
