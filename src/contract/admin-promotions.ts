import { z } from 'zod/mini'
import { moment } from './admin-coupons'
import { noControlCharacters } from './common'

/**
 * The back office's promotions (`/api/v1/admin/promotions…`): offers the price quote applies by itself, with
 * no code to type. Owners and managers only.
 *
 * - `GET promotions` → promotionsAnswer: every promotion, the running ones first.
 * - `POST promotions` (promotionBody) → 201 promotionAnswer.
 * - `PUT promotions/:id` (promotionBody with the `version` the editor loaded) → promotionAnswer; 409 `version`
 *   when someone saved it since.
 * - `DELETE promotions/:id` → 204 (orders keep the offers they were given, by name and amount).
 *
 * Kinds: buy X get Y (`buy_get`: of every X + Y units in scope, the Y cheapest at `percent` off, 100 = free;
 * the scope is its products and categories, none: every product), spend and save (`spend_tiers`: the highest
 * tier the goods reach takes its percent off them), a bundle (`bundle`: one of each of its products for `price`).
 * Times are moments with their offset; the pages show and take them in Dhaka time.
 */

export const PROMOTION_KINDS = ['buy_get', 'spend_tiers', 'bundle'] as const
export type PromotionKind = (typeof PROMOTION_KINDS)[number]
export const promotionStatus = z.enum(['running', 'scheduled', 'ended', 'paused'])
export type PromotionStatus = z.infer<typeof promotionStatus>

const text = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, 'At most {count} characters'), noControlCharacters())
const wholeTaka = z.int().check(z.positive('Enter an amount above 0'), z.maximum(10_000_000))
const count = z.int().check(z.minimum(1, 'Enter 1 or more'), z.maximum(10, 'At most 10'))
const ids = z.array(z.int().check(z.positive())).check(z.maxLength(100, 'At most 100'))

export const promotionRules = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('buy_get'),
    buy: count,
    get: count,
    percent: z.int().check(z.minimum(1, 'Enter 1 or more'), z.maximum(100, 'At most 100')),
    productIds: z._default(ids, []),
    categoryIds: z._default(ids, []),
  }),
  z.strictObject({
    kind: z.literal('spend_tiers'),
    tiers: z
      .array(
        z.strictObject({
          spend: wholeTaka,
          percent: z.int().check(z.minimum(1, 'Enter 1 or more'), z.maximum(90, 'At most 90')),
        }),
      )
      .check(z.minLength(1, 'Add at least one tier'), z.maxLength(5, 'At most 5 tiers')),
  }),
  z.strictObject({
    kind: z.literal('bundle'),
    productIds: z
      .array(z.int().check(z.positive()))
      .check(z.minLength(2, 'Choose at least two products'), z.maxLength(6, 'At most 6 products')),
    price: wholeTaka,
  }),
])
export type PromotionRules = z.infer<typeof promotionRules>

const promotionFields = {
  name: text(60).check(z.minLength(1, 'Give the name')),
  /** the name on Bangla pages; empty: the English one */
  nameBn: z._default(text(60), ''),
  rules: promotionRules,
  startsAt: moment,
  endsAt: moment,
  /** off: the quote leaves it out (paused) */
  active: z._default(z.boolean(), true),
}

export const promotionBody = z.strictObject(promotionFields)
export type PromotionBody = z.input<typeof promotionBody>
export const promotionUpdateBody = z.strictObject({
  version: z.int().check(z.positive()),
  ...promotionFields,
})
export const promotionParams = z.object({ id: z.coerce.number().check(z.int(), z.positive()) })

export const adminPromotion = z.object({
  id: z.int(),
  name: z.string(),
  nameBn: z.string(),
  rules: promotionRules,
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
  status: promotionStatus,
  version: z.int(),
})
export type AdminPromotion = z.infer<typeof adminPromotion>
export const promotionAnswer = z.object({ data: adminPromotion })
export const promotionsAnswer = z.object({ data: z.array(adminPromotion) })
