import { z } from 'zod/mini'
import { deliveryZone, deliveryZones } from './addresses'
import { noControlCharacters } from './common'
import { toLatinDigits } from './digits'
import { BD_PHONE_PATTERN, compactPhone } from './phone'
import { texts, trackView } from './shop'

/**
 * The shop's settings (`/api/v1/admin/settings`, owners only): what the storefront shows of the shop
 * (name, logo, contact, delivery zones, return policy, SEO defaults), the back office's defaults (VAT of
 * new products, the low-stock threshold) and whether signed-in shoppers' reviews wait for approval. One row of the `settings` table (key `shop`) holds them with a
 * version: `PUT` sends the version it loaded, and a save over someone else's answers 409 with `conflict`.
 * The storefront reads what it shows from `GET /api/v1/shop` (src/contract/shop.ts).
 */

export const REQUIRED_MESSAGE = 'Fill in this field'
export const PHONE_MESSAGE = 'Enter a Bangladeshi phone number (01xxx-xxxxxx or 09xxx-xxxxxx)'
export const PHONES_MESSAGE = 'Give one to three phone numbers'
export const EMAIL_MESSAGE = 'Enter a valid email address'
export const URL_MESSAGE = 'Enter a full address starting with https://'
export const CHARGE_MESSAGE = 'Enter a charge from 0 to 10000 TK'
export const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100'
export const THRESHOLD_MESSAGE = 'Enter a whole number from 0 to 100000'
export const CONFLICT_MESSAGE = 'Changed by {name} at {time}'

const line = (max: number, required: boolean) =>
  z
    .string()
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, REQUIRED_MESSAGE)] : []),
      z.maxLength(max, `At most ${max} characters`),
      noControlCharacters(),
    )
const paragraphs = (max: number) =>
  z
    .string()
    .check(z.trim(), z.maxLength(max, `At most ${max} characters`), noControlCharacters({ multiline: true }))

/** one text in both languages; the English one is required when `required` */
const bilingual = (max: number, required = true) =>
  z.object({ en: line(max, required), bn: line(max, false) })

/**
 * A Bangladeshi number as the shop prints it (`09612-345678`, `01711-234567`, `+880 2-9876543`): digits
 * grouped by spaces or dashes, a national number of 9 to 11 digits starting with 0.
 */
export function isPrintedBdPhone(text: string): boolean {
  const latin = toLatinDigits(text.trim())
  if (!/^\+?[\d\s\-()]+$/.test(latin)) return false
  const digits = latin.replace(/\D/g, '').replace(/^(?:00)?88(?=0)/, '')
  return /^0\d{8,10}$/.test(digits)
}
const printedPhone = z
  .string()
  .check(z.trim(), z.maxLength(20, PHONE_MESSAGE), z.refine(isPrintedBdPhone, PHONE_MESSAGE))

/** an https address, or nothing (the link is not shown) */
const optionalUrl = z.string().check(
  z.trim(),
  z.maxLength(300, 'At most 300 characters'),
  z.refine((text) => text === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(text), URL_MESSAGE),
)

export const socialNetworks = ['facebook', 'instagram', 'youtube', 'tiktok'] as const
export type SocialNetwork = (typeof socialNetworks)[number]

const charge = () =>
  z.number().check(z.int(CHARGE_MESSAGE), z.gte(0, CHARGE_MESSAGE), z.lte(10_000, CHARGE_MESSAGE))

/** A zone's delivery: `charge` for a parcel up to the shop's base weight, `perKg` for every kg (or part) above it. */
const deliveryZoneSettings = z.object({
  charge: charge(),
  // a zone saved before delivery was priced by weight has none: nothing per kg, as it was charged then
  perKg: z._default(charge(), 0),
  estimate: bilingual(60),
})

export const BASE_WEIGHT_MESSAGE = 'Enter a weight from 0 to 100 kg, in steps of 0.5'
export const FREE_ABOVE_MESSAGE = 'Enter a whole number of taka from 0 to 10000000 (0: never free)'

/**
 * Delivery: the three zones' charges, and what holds for all of them (absent from settings saved before
 * delivery was priced by weight, so those charge as they did): the weight the base charges cover, and the
 * goods' total (after all discounts) at or above which delivery is free, 0 for never.
 */
const deliverySettings = z.object({
  inside_dhaka: deliveryZoneSettings,
  dhaka_suburbs: deliveryZoneSettings,
  outside_dhaka: deliveryZoneSettings,
  baseKg: z._default(
    z.number().check(
      z.gte(0, BASE_WEIGHT_MESSAGE),
      z.lte(100, BASE_WEIGHT_MESSAGE),
      // steps of half a kilogram (a refine, as the other checks: a check of its own would enter every page's code)
      z.refine((kg) => Number.isInteger(kg * 2), BASE_WEIGHT_MESSAGE),
    ),
    1,
  ),
  freeAbove: z._default(
    z
      .number()
      .check(z.int(FREE_ABOVE_MESSAGE), z.gte(0, FREE_ABOVE_MESSAGE), z.lte(10_000_000, FREE_ABOVE_MESSAGE)),
    0,
  ),
})
export type DeliverySettings = z.infer<typeof deliverySettings>

/** The payment methods the owner switches on and off; each shows at checkout only when the server can take it. */
export const shopPaymentMethods = ['cod', 'bkash', 'transfer'] as const
export type ShopPaymentMethod = (typeof shopPaymentMethods)[number]
export const NO_PAYMENT_MESSAGE = 'Switch on at least one payment method'
const switchedOn = z.object({ enabled: z.boolean() })
export const COD_LIMIT_MESSAGE = 'Enter a whole number of taka from 0 to 10000000 (0: no limit)'
export const COD_CONFIRM_MESSAGE = 'Enter a whole number of taka from 0 to 10000000 (0: never)'
export const ADVANCE_MESSAGE = 'Switch on bKash or Send Money to take the delivery charge in advance'
export const COD_OPEN_MESSAGE = 'Enter a whole number from 0 to 100 (0: no limit)'
/**
 * Cash on delivery and its safeguards against parcels nobody takes: the largest order it may pay for, and
 * how many of a number's orders may be on their way unpaid at once (0: no limit, either).
 */
const cashOnDelivery = z.object({
  enabled: z.boolean(),
  limit: z._default(
    z
      .number()
      .check(z.int(COD_LIMIT_MESSAGE), z.gte(0, COD_LIMIT_MESSAGE), z.lte(10_000_000, COD_LIMIT_MESSAGE)),
    0,
  ),
  maxOpen: z._default(
    z.number().check(z.int(COD_OPEN_MESSAGE), z.gte(0, COD_OPEN_MESSAGE), z.lte(100, COD_OPEN_MESSAGE)),
    0,
  ),
  /** the delivery charge paid before delivery (by bKash or Send Money) outside Dhaka, or above a total (0: never) */
  advance: z._default(
    z.object({
      outsideDhaka: z.boolean(),
      above: z
        .number()
        .check(
          z.int(COD_CONFIRM_MESSAGE),
          z.gte(0, COD_CONFIRM_MESSAGE),
          z.lte(10_000_000, COD_CONFIRM_MESSAGE),
        ),
    }),
    { outsideDhaka: false, above: 0 },
  ),
  /** above this total a number that is not a signed-in shopper's own is confirmed by a one-time code (0: never) */
  confirmAbove: z._default(
    z
      .number()
      .check(
        z.int(COD_CONFIRM_MESSAGE),
        z.gte(0, COD_CONFIRM_MESSAGE),
        z.lte(10_000_000, COD_CONFIRM_MESSAGE),
      ),
    0,
  ),
})

export const WALLET_NUMBER_MESSAGE = 'Enter a mobile number like 01712345678, or leave it empty'
export const TRANSFER_NUMBERS_MESSAGE = 'Give the number of at least one wallet to send money to'
const walletNumber = z.string().check(
  z.trim(),
  z.maxLength(20, WALLET_NUMBER_MESSAGE),
  z.refine((text) => text === '' || /^01[3-9]\d{8}$/.test(text), WALLET_NUMBER_MESSAGE),
)
/** "Send Money" to the shop's own wallets: the number of each wallet the shop takes transfers on ('' for none) */
const transfer = z
  .object({
    enabled: z.boolean(),
    numbers: z.object({ bkash: walletNumber, nagad: walletNumber, rocket: walletNumber }),
  })
  .check(
    z.refine((value) => !value.enabled || Object.values(value.numbers).some((number) => number !== ''), {
      message: TRANSFER_NUMBERS_MESSAGE,
      path: ['numbers', 'bkash'],
    }),
  )

export const PER_LINE_MESSAGE = 'Enter a whole number from 1 to 1000'
export const PER_ORDER_MESSAGE = 'Enter a whole number from 1 to 10000'
export const HELD_MESSAGE = 'Enter a whole number from 0 to 10000 (0: no limit)'
const wholeFrom = (min: number, max: number, message: string) =>
  z.number().check(z.int(message), z.gte(min, message), z.lte(max, message))

/**
 * How much of the stock one order, and one shopper, may take before the shop has the money or its word for
 * it: pieces of one item and in all in an order (everyone's), the largest order without an account (its
 * total, TK; 0: no limit), and the pieces one mobile number, and one client address (widened by
 * PER_ADDRESS_LIMIT_FACTOR), may hold at once in orders not yet paid or confirmed (0: no limit).
 */
const orderLimits = z.object({
  perLine: wholeFrom(1, 1000, PER_LINE_MESSAGE),
  perOrder: wholeFrom(1, 10_000, PER_ORDER_MESSAGE),
  guestTotal: wholeFrom(0, 10_000_000, COD_LIMIT_MESSAGE),
  heldPerNumber: wholeFrom(0, 10_000, HELD_MESSAGE),
  heldPerAddress: wholeFrom(0, 10_000, HELD_MESSAGE),
})
export type OrderLimits = z.infer<typeof orderLimits>
/** a shop's first limits, and those of settings saved before there were any */
export const defaultOrderLimits: OrderLimits = {
  perLine: 10,
  perOrder: 30,
  guestTotal: 50_000,
  heldPerNumber: 50,
  heldPerAddress: 150,
}

export const POINTS_EARN_MESSAGE = 'Enter a whole number of points from 0 to 100 (0: none earned)'
export const POINT_VALUE_MESSAGE = 'Enter a value from 0.01 to 100 TK'
export const POINTS_MINIMUM_MESSAGE = 'Enter a whole number of points from 0 to 1000000'
export const POINTS_CAP_MESSAGE = 'Enter a percentage from 1 to 100'

/**
 * Reward points (docs/payments-delivery.md, docs/decisions/0038): points earned per TK 100 delivered (0: none),
 * what one point takes off in taka, the balance a shopper needs before spending any, the most of an order's
 * items' total points may pay (percent), and whether spending is on.
 */
const rewardPointSettings = z.object({
  earnPer100: wholeFrom(0, 100, POINTS_EARN_MESSAGE),
  pointValue: z.number().check(z.gte(0.01, POINT_VALUE_MESSAGE), z.lte(100, POINT_VALUE_MESSAGE)),
  minimum: wholeFrom(0, 1_000_000, POINTS_MINIMUM_MESSAGE),
  capPercent: wholeFrom(1, 100, POINTS_CAP_MESSAGE),
  spending: z.boolean(),
})
export type RewardPointSettings = z.infer<typeof rewardPointSettings>
/** a shop's first reward points, and those of settings saved before there was a choice: earned as before */
export const defaultRewardPoints: RewardPointSettings = {
  earnPer100: 1,
  pointValue: 1,
  minimum: 100,
  capPercent: 20,
  spending: true,
}

/** Reviews: whether signed-in shoppers' reviews, too, wait for approval (guests' always do). */
const reviewSettings = z.object({ holdSignedIn: z.boolean() })
export type ReviewSettings = z.infer<typeof reviewSettings>

export const REMINDER_DELAY_MESSAGE = 'Enter a whole number of hours from 1 to 72'
/** Carts left behind (docs/carts-left-behind.md): whether a shopper who gave their number is reminded, and when. */
const cartReminderSettings = z.object({
  enabled: z.boolean(),
  delayHours: z
    .number()
    .check(
      z.int(REMINDER_DELAY_MESSAGE),
      z.gte(1, REMINDER_DELAY_MESSAGE),
      z.lte(72, REMINDER_DELAY_MESSAGE),
    ),
})
export type CartReminderSettings = z.infer<typeof cartReminderSettings>
export const defaultCartReminders: CartReminderSettings = { enabled: true, delayHours: 3 }

export const WHATSAPP_MESSAGE =
  'Enter a Bangladeshi mobile number (01xxx-xxxxxx) or an international one starting with + (+44 7700 900123)'
export const MESSENGER_MESSAGE =
  'Enter the page’s username as in m.me/username: at least 5 letters, digits or full stops'
export const SHOW_EMPTY_MESSAGE = 'Fill this in to show it on product pages'

/**
 * The digits `https://wa.me/<digits>` takes for a WhatsApp number as the owner typed it: a Bangladeshi mobile
 * number (any of the ways storefront §5 accepts) with 880 before it, or an international number in E.164
 * (`+` and 8 to 15 digits) without its `+`; null when it is neither.
 */
export function whatsAppDigits(typed: string): string | null {
  const compact = compactPhone(typed)
  if (BD_PHONE_PATTERN.test(compact)) return `880${compact.slice(-10)}`
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact.slice(1) : null
}
const whatsAppNumber = z.string().check(
  z.trim(),
  z.maxLength(24, WHATSAPP_MESSAGE),
  z.refine((text) => text === '' || whatsAppDigits(text) !== null, WHATSAPP_MESSAGE),
)

/**
 * A Facebook page's username as `https://m.me/<username>` takes it: letters, digits and full stops, at least
 * 5 (Facebook's rule for usernames), or the page's number; a pasted `m.me/…` or `facebook.com/…` address is
 * read as its username.
 */
const messengerUsername = z.string().check(
  z.trim(),
  z.overwrite((text) =>
    text
      .replace(/^(?:https?:\/\/)?(?:www\.)?(?:m\.me|(?:m\.)?facebook\.com|fb\.com)\//i, '')
      .replace(/\/$/, ''),
  ),
  z.refine((text) => text === '' || /^(?=.*[a-z0-9])[a-z0-9.]{5,50}$/i.test(text), MESSENGER_MESSAGE),
)

/**
 * Chat to order: the shop's WhatsApp number and its Facebook page's Messenger username, each shown on product
 * pages ("Order on WhatsApp", "Message us on Messenger") only when the owner switches it on.
 */
const chatSettings = z
  .object({
    whatsapp: z.object({ number: whatsAppNumber, show: z.boolean() }),
    messenger: z.object({ username: messengerUsername, show: z.boolean() }),
  })
  .check(
    z.refine((chat) => !chat.whatsapp.show || chat.whatsapp.number !== '', {
      message: SHOW_EMPTY_MESSAGE,
      path: ['whatsapp', 'number'],
    }),
    z.refine((chat) => !chat.messenger.show || chat.messenger.username !== '', {
      message: SHOW_EMPTY_MESSAGE,
      path: ['messenger', 'username'],
    }),
  )
export type ChatSettings = z.infer<typeof chatSettings>
export const noChat: ChatSettings = {
  whatsapp: { number: '', show: false },
  messenger: { username: '', show: false },
}

export const PIXEL_ID_MESSAGE = 'Enter the pixel ID: digits only, as Events Manager shows it'
export const MEASUREMENT_ID_MESSAGE = 'Enter the measurement ID, like G-ABC123XYZ'
export const SECRET_MESSAGE = 'Paste the whole key, without spaces'
export const TEST_CODE_MESSAGE = 'Enter the test event code as Events Manager shows it, like TEST12345'
/** what an answer shows of a secret that is saved: its last four characters after this mark */
export const SECRET_MASK = '••••'
const optionalMatch = (pattern: RegExp, max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, message),
    z.refine((text) => text === '' || pattern.test(text), message),
  )
/**
 * A secret the server keeps sealed and never answers: an answer gives `SECRET_MASK` and its last four
 * characters ('' when none is saved); a save sends that back to keep it, '' to remove it, or a new one.
 */
const secret = (max: number) => optionalMatch(/^(••••.{0,4}|[\x21-\x7e]+)$/, max, SECRET_MESSAGE)

/**
 * The ad and analytics tags the owner switches on (docs/marketing-pixels.md): Meta's pixel with its
 * Conversions API token, and Google Analytics 4 with its Measurement Protocol secret; each is on once its
 * ID is given. `askConsent`: the storefront loads neither until the shopper accepts a banner.
 */
const marketingSettings = z.object({
  metaPixelId: optionalMatch(/^\d{5,20}$/, 20, PIXEL_ID_MESSAGE),
  metaAccessToken: secret(1000),
  metaTestEventCode: optionalMatch(/^[A-Za-z0-9]{1,40}$/, 40, TEST_CODE_MESSAGE),
  ga4MeasurementId: optionalMatch(/^G-[A-Z0-9]{4,20}$/, 22, MEASUREMENT_ID_MESSAGE),
  ga4ApiSecret: secret(200),
  askConsent: z.boolean(),
})
export type MarketingSettings = z.infer<typeof marketingSettings>
export const noMarketing: MarketingSettings = {
  metaPixelId: '',
  metaAccessToken: '',
  metaTestEventCode: '',
  ga4MeasurementId: '',
  ga4ApiSecret: '',
  askConsent: true,
}

export const shopSettings = z.object({
  name: bilingual(60),
  /** a media path (`POST admin/images?for=shop`), or null for the built-in logo */
  logo: z.nullable(z.string().check(z.maxLength(300), z.regex(/^[\w./-]+$/, 'Upload the logo again'))),
  phones: z.array(printedPhone).check(z.minLength(1, PHONES_MESSAGE), z.maxLength(3, PHONES_MESSAGE)),
  address: bilingual(200),
  email: z.string().check(z.trim(), z.maxLength(200, EMAIL_MESSAGE), z.email(EMAIL_MESSAGE)),
  hours: bilingual(120),
  social: z.object({
    facebook: optionalUrl,
    instagram: optionalUrl,
    youtube: optionalUrl,
    tiktok: optionalUrl,
  }),
  delivery: deliverySettings,
  /** the VAT a new product starts with, in percent */
  vatPercent: z.number().check(z.gte(0, PERCENT_MESSAGE), z.lte(100, PERCENT_MESSAGE)),
  /** at or below this many pieces a product counts as low on stock */
  lowStockThreshold: z
    .number()
    .check(z.int(THRESHOLD_MESSAGE), z.gte(0, THRESHOLD_MESSAGE), z.lte(100_000, THRESHOLD_MESSAGE)),
  /**
   * the return policy in full, plain text or Markdown, blank lines parting its paragraphs: the Return Policy
   * page (`/return-policy`) shows it
   */
  returnPolicy: z.object({ en: paragraphs(10_000), bn: paragraphs(10_000) }),
  /**
   * the policy in a line ("7-day easy return"), what the product page says of returns with a link to the
   * page; settings saved before it had none, and an empty one leaves the link alone
   */
  returnSummary: z._default(bilingual(80, false), { en: '', bn: '' }),
  seo: z.object({ title: bilingual(70), description: bilingual(200) }),
  orderLimits: z._default(orderLimits, defaultOrderLimits),
  rewardPoints: z._default(rewardPointSettings, defaultRewardPoints),
  // settings saved before there was a choice: signed-in shoppers' reviews are shown at once, as they were
  reviews: z._default(reviewSettings, { holdSignedIn: false }),
  // settings saved before carts left behind: reminders on, three hours after
  cartReminders: z._default(cartReminderSettings, defaultCartReminders),
  // settings saved before chat to order: nothing shown, as before
  chat: z._default(chatSettings, noChat),
  // settings saved before the tags existed: none is on
  marketing: z._default(marketingSettings, noMarketing),
  payments: z
    .object({
      cod: cashOnDelivery,
      bkash: switchedOn,
      transfer: z._default(transfer, { enabled: false, numbers: { bkash: '', nagad: '', rocket: '' } }),
    })
    .check(
      z.refine((methods) => shopPaymentMethods.some((method) => methods[method].enabled), {
        message: NO_PAYMENT_MESSAGE,
        path: ['cod', 'enabled'],
      }),
      z.refine(
        ({ cod, bkash, transfer }) =>
          !(cod.advance.outsideDhaka || cod.advance.above > 0) || bkash.enabled || transfer.enabled,
        { message: ADVANCE_MESSAGE, path: ['cod', 'advance', 'outsideDhaka'] },
      ),
    ),
})
export type ShopSettings = z.infer<typeof shopSettings>

export { deliveryZone, deliveryZones }

export const settingsAnswer = z.object({
  data: z.object({
    settings: shopSettings,
    version: z.int(),
    /** when the settings were last saved (ISO 8601), null while they are the first start's */
    updatedAt: z.nullable(z.string()),
    /** who saved them last, null when nobody has (or the person is gone) */
    updatedBy: z.nullable(z.string()),
  }),
})
export type SettingsAnswer = z.infer<typeof settingsAnswer>

export const settingsBody = z.strictObject({
  /** the version the form loaded */
  version: z.int().check(z.positive()),
  settings: shopSettings,
})
export type SettingsBody = z.infer<typeof settingsBody>

/** A save over someone else's: nothing was written; `conflict` says who saved and when (ISO 8601). */
export const settingsConflict = z.object({
  error: z.record(z.string(), z.array(z.string())),
  conflict: z.object({ by: z.nullable(z.string()), at: z.string() }),
})
export type SettingsConflict = z.infer<typeof settingsConflict>

/**
 * `GET /api/v1/shop` (the api key, no session): what every storefront page shows of the shop, as the
 * owner saved it in the back office's settings. Texts come in both languages; a Bangla text left empty
 * is the English one. Cached for a minute (`max-age=60, stale-while-revalidate=600`). The storefront reads
 * part of it (shop.ts `shopView`).
 */
export const shopAnswer = z.object({
  data: z.object({
    name: texts,
    /** the title of the shop's pages that have none of their own (the settings' SEO title) */
    title: texts,
    /** the logo's address, null for the built-in one */
    logo: z.nullable(z.string()),
    /** as printed, the first is the header's */
    phones: z.array(z.string()),
    address: texts,
    email: z.string(),
    hours: texts,
    /** only the networks the shop has an address for */
    social: z.array(z.object({ name: z.string(), url: z.string() })),
    /** each zone's charge up to `deliveryBaseKg`, and per kg (or part of one) above it */
    delivery: z.array(z.object({ zone: z.string(), charge: z.number(), perKg: z.number(), estimate: texts })),
    deliveryBaseKg: z.number(),
    /** the goods' total (after all discounts) from which delivery is free, 0 for never */
    freeDeliveryAbove: z.number(),
    returnPolicy: texts,
    /** the return policy in a line, for the product page (empty: none) */
    returnSummary: texts,
    /** the payment methods checkout offers, in the shop's order: switched on, and taken by this server */
    payments: z.array(z.string()),
    /** where a transfer is sent, when checkout offers it: each wallet the shop takes, with its number */
    transferTo: z.array(z.object({ wallet: z.string(), number: z.string() })),
    /** cash on delivery above this total asks a guest to confirm the number by a code; 0 for never */
    codConfirmAbove: z.number(),
    /** where cash on delivery asks the delivery charge in advance (`codAdvance`), when a way to pay it is offered */
    codAdvance: z.object({ outsideDhaka: z.boolean(), above: z.number() }),
    /**
     * chat to order, where the owner switched it on (null where not): the digits of the shop's WhatsApp number
     * as `https://wa.me/<digits>` takes them, and its Facebook page's username for `https://m.me/<username>`
     */
    chat: z.object({ whatsapp: z.nullable(z.string()), messenger: z.nullable(z.string()) }),
    /** the shop's public address, what its product pages' canonical links (and shared links) start with */
    origin: z.string(),
    /** the tags the storefront loads (absent: none): Meta's pixel ID, GA4's measurement ID, and whether consent is asked first */
    track: z.optional(trackView),
  }),
})
/** What the settings say of the shop for its pages (the answer adds the server's `origin`). */
export type ShopInfo = Omit<z.infer<typeof shopAnswer>['data'], 'origin'>
