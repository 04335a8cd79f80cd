// One pg-core schema for PGlite and PostgreSQL. Money is numeric(12,2) read as number (TK, two decimals).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { deliveryZones } from '../../src/contract/addresses'
import { couponKinds } from '../../src/contract/admin-coupons'
import { customerImportSources } from '../../src/contract/admin-customer-import'
import { blockScopes } from '../../src/contract/admin-customers'
import { cancelCodes } from '../../src/contract/admin-delivery-record'
import { importStates } from '../../src/contract/admin-import'
import { orderSources } from '../../src/contract/admin-order-create'
import { orderChangeKinds, paymentStates, refundStates } from '../../src/contract/admin-orders'
import { productStatuses } from '../../src/contract/admin-product'
import { reviewStatuses } from '../../src/contract/admin-reviews'
import { otpPurposes, socialProviders } from '../../src/contract/auth'
import { cartLineStatuses } from '../../src/contract/cart'
import { courierNames, courierStatuses, shipmentStates } from '../../src/contract/couriers'
import { LANGUAGES } from '../../src/contract/language'
import { type OrderChange, orderStatuses, paymentStatuses, rewardPointKinds } from '../../src/contract/orders'

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

// ---------------------------------------------------------------- catalogue

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** the name in Bangla; empty: Bangla pages show the English name */
  nameBn: text('name_bn').notNull().default(''),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  image: text('image'),
})

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameBn: text('name_bn').notNull().default(''),
  logo: text('logo'),
})

export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameBn: text('name_bn').notNull().default(''),
  description: text('description').notNull().default(''),
  descriptionBn: text('description_bn').notNull().default(''),
  banner: text('banner'),
  discountPercent: integer('discount_percent').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** how its products are chosen: by hand (products.campaign_ids) or by a rule the back office applies */
  rule: jsonb('rule').$type<{ categoryIds?: number[]; brandIds?: number[]; minDiscountPercent?: number }>(),
  /** bumped by every back-office save: a save made from an older version is refused (409) */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A campaign's own price for a product (a flash deal's "per-product prices"); none: its discount %. */
export const campaignPrices = pgTable(
  'campaign_prices',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] })],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** Bangla name and descriptions; empty ones fall back to English on Bangla pages */
    nameBn: text('name_bn').notNull().default(''),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** the category and all its ancestors, so a parent category lists its children's products */
    categoryPath: integer('category_path').array().notNull(),
    campaignIds: integer('campaign_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** lowest sku price and its discounted price: what a card shows and what sorting uses */
    price: money('price').notNull(),
    discountedPrice: money('discounted_price').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** comma-separated image paths relative to the media root (storefront §3) */
    thumbnail: text('thumbnail').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    shortDescriptionBn: text('short_description_bn').notNull().default(''),
    longDescriptionBn: text('long_description_bn').notNull().default(''),
    /** only `active` products reach the storefront; `draft` ones are being written, `archived` ones are gone */
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    colours: text('colours').array().notNull().default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(true),
    soldCount: integer('sold_count').notNull().default(0),
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** lower-cased name, brand and category: the text search and trigram matching run over it */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    /** the stock of all its skus together: the back office's out / low / in filter */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** the product's options in order (`Size`: S, M, L; `Colour`: …): the sku matrix is made from them */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** alt texts of the images, by image path: `{ en, bn }` */
    imageAlts: jsonb('image_alts').$type<Record<string, { en: string; bn: string }>>().notNull().default({}),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    /** bumped by every back-office save: a save made from an older version is refused (409) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who saved it last (null: the seed, an import by token, someone since deleted) */
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // the sort indexes below (admin_* , newest, price) also INCLUDE the back office's filter columns (migration
    // 0017, by hand: drizzle cannot declare INCLUDE)
    index('products_admin_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('products_admin_stock').on(t.stockQuantity, t.id),
    index('products_admin_status').on(t.status, t.updatedAt.desc(), t.id.desc()),
    index('products_admin_name').on(t.name, t.id),
    index('products_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_category_path').using('gin', t.categoryPath),
    index('products_campaign_ids').using('gin', t.campaignIds),
    index('products_sizes').using('gin', t.sizes),
    index('products_colours').using('gin', t.colours),
    index('products_brand').on(t.brandId),
    index('products_newest').on(t.createdAt.desc(), t.id.desc()),
    index('products_price').on(t.discountedPrice, t.id),
    index('products_best_selling').on(t.soldCount.desc(), t.id.desc()),
    index('products_top_rated').on(t.ratingAvg.desc(), t.id.desc()),
  ],
)

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    price: money('price').notNull(),
    discountedPrice: money('discounted_price').notNull(),
    /** TK taken off one unit: price - discountedPrice */
    discountedValue: money('discounted_value').notNull().default(0),
    /** the discounted price of its own while a running campaign's price is in discountedPrice; null: none */
    regularDiscountedPrice: money('regular_discounted_price'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** VAT percentage included in the price */
    vat: numeric('vat', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    size: text('size'),
    colour: text('colour'),
    attributes: jsonb('attributes').$type<{ key: string; value: string }[]>().notNull().default([]),
    /** shipping weight in grams (couriers price by it) */
    weightGrams: integer('weight_grams').notNull().default(0),
    /** the sku's place in its product's matrix */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('skus_product').on(t.productId),
    check('skus_stock_not_negative', sql`${t.stockQuantity} >= 0`),
  ],
)

/**
 * The Bangla a shop gives one option value of its skus (a size or a colour), once for every product: the
 * English value stays the key everywhere (filters, carts, orders, stock); a value without a row here is named
 * by the built-in list of common sizes and colours (server/domain/option-labels.ts), else as it is.
 */
export const optionLabels = pgTable(
  'option_labels',
  {
    kind: text('kind', { enum: ['size', 'colour'] }).notNull(),
    value: text('value').notNull(),
    valueBn: text('value_bn').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
)

/**
 * A shopper waiting for a sold-out sku (docs/storefront.md, back in stock): told once, by text, when its stock
 * comes back from 0, in order of request and at most as many as there are pieces (migration 0039's trigger marks
 * `notifiedAt` and queues the text in the transaction that raised the stock). One open request per sku and number.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    /** a normalised 01XXXXXXXXX number */
    phone: text('phone').notNull(),
    /** the page's language when asked: the text is written in it */
    language: text('language', { enum: ['en', 'bn'] }).notNull(),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // who is waiting for this sku, in order of request: what a restock reads
    index('stock_alerts_waiting')
      .on(t.skuId, t.requestedAt, t.id)
      .where(sql`notified_at is null and cancelled_at is null`),
    // one open request per sku and number: a repeat adds nothing
    uniqueIndex('stock_alerts_open_per_number')
      .on(t.skuId, t.phone)
      .where(sql`notified_at is null and cancelled_at is null`),
    index('stock_alerts_phone').on(t.phone).where(sql`notified_at is null and cancelled_at is null`),
  ],
)

/** A product's former slugs: an old link still finds the product (its page moves to the new address). */
export const productRedirects = pgTable(
  'product_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_redirects_product').on(t.productId)],
)

/** Menus and pages are served as static JSON documents under /storage/{shop}/… */
export const menus = pgTable('menus', {
  name: text('name').primaryKey(),
  items: jsonb('items').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  /** an unpublished page answers 404 to shoppers and stays in the back office */
  published: boolean('published').notNull().default(true),
  /** the Markdown the back office edits (the body is rendered from it); empty for pages made before */
  markdown: text('markdown').notNull().default(''),
  markdownBn: text('markdown_bn').notNull().default(''),
  title: text('title').notNull(),
  body: jsonb('body').notNull(),
  /** the page in Bangla; empty title / null body: Bangla pages show the English one */
  titleBn: text('title_bn').notNull().default(''),
  bodyBn: jsonb('body_bn'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** normalised 01XXXXXXXXX; null for an account made by social sign-in alone */
    phone: text('phone').unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    avatar: text('avatar'),
    gender: text('gender'),
    adminType: text('admin_type').notNull().default('customer'),
    status: text('status').notNull().default('active'),
    /** the shop's password; a staff member's back-office password is `staffPasswordHash` */
    passwordHash: text('password_hash'),
    /**
     * When a one-time code last proved that the number is this account's; null for an account whose number
     * nobody has proven (made by a password registration before codes were required)
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // the back office (staff: admin_type owner, manager or staff)
    /**
     * the back office's password, apart from the shop's: set only by a setup link or the member's own change
     * there, so a reset of the shop's password by SMS never opens the back office
     */
    staffPasswordHash: text('staff_password_hash'),
    /** base32 secret of the authenticator app, once confirmed; null: SMS codes only */
    totpSecret: text('totp_secret'),
    /** a secret shown by `totp/setup` and not yet confirmed by a code from the app */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** the last TOTP time step accepted: a code is never accepted twice */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** set by an invitation or `npm run admin:create`: the next thing this person must do is choose a password */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * the shopper's reward points: always the sum of their `reward_point_moves`, written in the same
     * transaction as each move, never below 0 (docs/decisions/0038)
     */
    rewardPoints: integer('reward_points').notNull().default(0),
  },
  (t) => [
    check('users_reward_points_not_negative', sql`${t.rewardPoints} >= 0`),
    index('users_staff').on(t.adminType).where(sql`${t.adminType} <> 'customer'`),
    // the back office's customer search: a number's last digits, words of a name
    index('users_phone_trgm').using('gin', t.phone.op('gin_trgm_ops')),
    index('users_name_trgm').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
)

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: socialProviders }).notNull(),
    /** the verified `sub` of the identity token */
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject').on(t.provider, t.subject)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: otpPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * A registration waiting for its code: the chosen password's hash and names. The account is made only
     * when the code is spent, and the waiting registration expires with the code.
     */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
  },
  (t) => [index('otps_phone').on(t.phone, t.createdAt)],
)

/** Fixed-window counters for rate limits when no Redis is configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/** What the console SMS provider "sent", kept only with DEV_OUTBOX (tests, `npm run dev`). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
})

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    division: text('division').notNull(),
    district: text('district').notNull(),
    area: text('area').notNull(),
    street: text('street').notNull(),
    landmark: text('landmark').notNull().default(''),
    zone: text('zone', { enum: deliveryZones }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user').on(t.userId)],
)

// ---------------------------------------------------------------- orders

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: couponKinds }).notNull(),
  value: money('value').notNull(),
  minSubtotal: money('min_subtotal').notNull().default(0),
  maxDiscount: money('max_discount'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
  /** what the back office calls it (the code is what shoppers type) */
  name: text('name').notNull().default(''),
  description: text('description').notNull().default(''),
  /** how many orders may use it in all; null: no limit */
  usageLimit: integer('usage_limit'),
  /** how many orders one customer (their number or account) may use it on; null: no limit */
  usageLimitPerCustomer: integer('usage_limit_per_customer'),
  firstOrderOnly: boolean('first_order_only').notNull().default(false),
  freeDelivery: boolean('free_delivery').notNull().default(false),
  /** the orders holding a use now: taken with a guarded update when an order is placed, given back on cancel */
  usedCount: integer('used_count').notNull().default(0),
  /** bumped by every save in the back office: a save made on an older version is refused (409) */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

/**
 * Offers the price quote applies with no code (src/contract/admin-promotions.ts): buy X get Y, spend and save
 * tiers, bundles. `rules` is the kind and its figures, as the contract's `promotionRules` reads them.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameBn: text('name_bn').notNull().default(''),
    rules: jsonb('rules').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    /** bumped by every save in the back office: a save made on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  // the quote's read: what runs now
  (t) => [index('promotions_running').on(t.endsAt).where(sql`${t.active}`)],
)

/** One row per order holding a coupon's use; it goes when the order is cancelled (the use comes back). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    discount: money('discount').notNull().default(0),
    /** the delivery charge the coupon waived */
    deliveryDiscount: money('delivery_discount').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_uses_coupon_at').on(t.couponCode, t.at.desc(), t.id.desc()),
    index('coupon_uses_coupon_phone').on(t.couponCode, t.phone),
    index('coupon_uses_coupon_user').on(t.couponCode, t.userId),
  ],
)

/** What the ad platforms know a browser by (`orders.browser`), each as the placing request gave it. */
export type OrderBrowser = { fbp?: string; fbc?: string; ga?: string; userAgent?: string; pageUrl?: string }

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** what the shopper reads and quotes: HT-YYMMDD-XXXXX */
    number: text('number').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    /** the language the shopper ordered in: what their messages about this order are written in */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    address: jsonb('address').notNull(),
    zone: text('zone', { enum: deliveryZones }).notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    couponCode: text('coupon_code'),
    couponDiscount: money('coupon_discount').notNull().default(0),
    vat: money('vat').notNull().default(0),
    deliveryCharge: money('delivery_charge').notNull(),
    total: money('total').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('unpaid'),
    /** cash on delivery with its delivery charge asked in advance: that charge, paid before delivery (0: none) */
    advance: money('advance').notNull().default(0),
    /**
     * what came in before delivery: the order's online payment or verified Send Money, or, where cash on
     * delivery asks it, its advance (the money rule reads them apart: server/domain/order-money.ts)
     */
    paid: money('paid').notNull().default(0),
    /** what was given back to the shopper */
    refunded: money('refunded').notNull().default(0),
    /**
     * cash the courier collected at the door: what was still owed when the order was delivered, or what the
     * courier's payout says it collected
     */
    collected: money('collected').notNull().default(0),
    /** what the courier kept of that cash (its delivery charge and cash-on-delivery fee), once it paid the rest out */
    courierCharges: money('courier_charges').notNull().default(0),
    /** when the courier's payout of the collected cash reached the shop (null: the cash is still with the courier) */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    /** bumped by every change made in the back office: a change made on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** who carries the parcel and its tracking number, from `shipped` on */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    /** why the order was cancelled, as the shop or the expiry gave it */
    cancelReason: text('cancel_reason'),
    /** who the cancellation is on, as a code the customer's record reads (null: not said) */
    cancelCode: text('cancel_code', { enum: cancelCodes }),
    /**
     * the reason chosen from the list (src/contract/admin-order-reasons.ts), written in each reader's language; null:
     * `cancel_reason` as the staff wrote it (or the shop's own)
     */
    cancelReasonCode: text('cancel_reason_code'),
    /** when the order's stock went back (cancelled): set once, so it goes back once */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** sha-256 of the canonical request body: the same key with another body is refused */
    requestHash: text('request_hash').notNull(),
    /** the client address the order was placed from: what it holds unconfirmed counts against that address */
    clientAddress: text('client_address'),
    /**
     * what the ad platforms know the placing browser by, read from the placing request (the `_fbp`, `_fbc` and
     * `_ga` cookies, the user agent, the checkout page's address): the Conversions API's purchase names it
     * (server/marketing/); null for an order taken by hand
     */
    browser: jsonb('browser').$type<OrderBrowser>(),
    /** where the order came from: the shop's site, or a phone call or an inbox the staff took it from */
    source: text('source', { enum: orderSources }).notNull().default('website'),
    /** the staff member who took the order by hand (null: the shopper placed it, or the staff member is gone) */
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    /** a discount the staff gave by hand, taken off the total, and why */
    manualDiscount: money('manual_discount').notNull().default(0),
    /** what the shop's promotions took off the goods, and which they were (`[{ id, name, nameBn, discount }]`) */
    promotionDiscount: money('promotion_discount').notNull().default(0),
    promotions: jsonb('promotions').notNull().default([]),
    manualDiscountReason: text('manual_discount_reason'),
    /** the shopper's reward points the order spent, and the taka they took off its items (docs/decisions/0038) */
    pointsUsed: integer('points_used').notNull().default(0),
    pointsDiscount: money('points_discount').notNull().default(0),
    /**
     * the shopper's landing the order came from (server/domain/attribution.ts `Landing`: utm tags, click ids,
     * referrer, time); null: taken by hand, or placed before landings were kept
     */
    attribution: jsonb('attribution'),
    /** the channel the reports count the site's order under (facebook, google, direct …); null as above */
    channel: text('channel'),
    medium: text('medium'),
    campaign: text('campaign'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user').on(t.userId, t.createdAt.desc()),
    index('orders_phone').on(t.phone),
    // the orders still holding stock unpaid and unconfirmed, by the address they came from (order-holds.ts)
    index('orders_held_by_address')
      .on(t.clientAddress)
      .where(sql`${t.status} in ('pending_payment', 'pending')`),
    // both also INCLUDE the columns the list's filters, its tabs' counts and the dashboard read (migration 0015,
    // by hand: drizzle cannot declare INCLUDE), so those are answered from the index alone
    index('orders_created').on(t.createdAt.desc(), t.id.desc()),
    // the site's orders of one channel over some days (the sales report's channels)
    index('orders_channel_created').on(t.channel, t.createdAt).where(sql`${t.channel} is not null`),
    index('orders_status_created').on(t.status, t.createdAt.desc(), t.id.desc()),
    // cash still with the couriers: delivered orders whose collected cash was not paid out yet
    index('orders_cash_with_couriers')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'delivered' and ${t.collected} > 0 and ${t.settledAt} is null`),
    // the back office's search: any part of a number, a phone's digits, words of a name
    index('orders_number_trgm').using('gin', t.number.op('gin_trgm_ops')),
    index('orders_phone_trgm').using('gin', t.phone.op('gin_trgm_ops')),
    index('orders_name_trgm').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
  ],
)

/** Orders the staff began taking by hand and saved to finish later: the form as it was, holding no stock. */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: serial('id').primaryKey(),
    content: jsonb('content').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_drafts_updated').on(t.updatedAt.desc())],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    size: text('size'),
    colour: text('colour'),
    image: text('image'),
    unitPrice: money('unit_price').notNull(),
    unitDiscountedPrice: money('unit_discounted_price').notNull(),
    quantity: integer('quantity').notNull(),
    vat: money('vat').notNull().default(0),
    lineTotal: money('line_total').notNull(),
    /** how many of the line came back (a return): their stock went back, never more than the quantity */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    // INCLUDEs what a sale adds up: product, quantities, line total (migration 0015)
    index('order_lines_order').on(t.orderId),
    // the few lines that came back: what the dashboard takes off an order's revenue (INCLUDEs the values it
    // adds up, migration 0015)
    index('order_lines_returned').on(t.orderId).where(sql`${t.returnedQuantity} > 0`),
  ],
)

/**
 * Every change of a shopper's reward points: earned by a delivered order, spent on an order (negative), given
 * back when that order is cancelled, returned or its items reduced, taken back when a delivered order that
 * earned them is returned (negative), and adjusted by the staff with a reason. `users.reward_points` is their
 * sum (docs/decisions/0038).
 */
export const rewardPointMoves = pgTable(
  'reward_point_moves',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: rewardPointKinds }).notNull(),
    /** signed: what the move added to the balance */
    points: integer('points').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** the staff member who adjusted (null: the shop's own move) */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reward_point_moves_user').on(t.userId, t.id),
    index('reward_point_moves_order').on(t.orderId),
  ],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** status: the order moved to `status`; edit: its lines, address or charge changed; note: staff only */
    kind: text('kind', { enum: orderChangeKinds }).notNull().default('status'),
    /**
     * what the entry did besides its status, as data (src/contract/orders.ts OrderChange): put into words in
     * each reader's language; null on entries written before it was kept, whose note says it in English
     */
    changes: jsonb('changes').$type<OrderChange[]>(),
    /** the reason chosen from the list (src/contract/admin-order-reasons.ts); its English text is the note */
    reasonCode: text('reason_code'),
    /** who did it in the back office (null: the shopper, a payment or the server itself) */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order').on(t.orderId)],
)

/**
 * The Asia/Dhaka days whose orders changed, as the database itself writes them (migration 0021's triggers on
 * orders, order_lines and products), so that no way of writing an order goes unnoticed: the shop's numbers
 * keep what a closed day added up to only while that day's weights sum to what they summed to then
 * (server/repositories/reports/). Rows are only added, never updated, so that orders placed at once never
 * wait on each other here; the rows of a day are merged now and then into one carrying their summed weight.
 * A row without a day stands for every day: a product moved to another category or brand.
 */
export const orderDayChanges = pgTable(
  'order_day_changes',
  {
    day: date('day', { mode: 'string' }),
    weight: integer('weight').notNull().default(1),
  },
  (t) => [index('order_day_changes_day').on(t.day)],
)

/**
 * An online payment started for an order (a bKash checkout): one row per attempt at the gateway. `state` is
 * ours: `created` (the shopper was sent to pay), `executing` (one request holds the right to complete it until
 * `leaseUntil`), then `completed`, `failed` or `cancelled`. Completing goes through one guarded update, so
 * however many callbacks arrive the gateway is asked to take the money once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** the gateway's id of the payment (bKash paymentID) */
    reference: text('reference').notNull(),
    amount: money('amount').notNull(),
    state: text('state', { enum: paymentStates }).notNull().default('created'),
    /** where the shopper pays it (bKash's page) */
    payUrl: text('pay_url'),
    /** the gateway's transaction id once the money is taken (bKash trxID) */
    transactionId: text('transaction_id'),
    /** the wallet that paid, as the gateway said it */
    payer: text('payer'),
    /** the gateway's last word (status or error code and message), for the back office */
    detail: text('detail').notNull().default(''),
    /** how much of it went back to the shopper */
    refunded: money('refunded').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference').on(t.provider, t.reference),
    uniqueIndex('payments_provider_transaction').on(t.provider, t.transactionId),
    index('payments_order').on(t.orderId, t.createdAt.desc()),
  ],
)

/** Money given back for a payment: one row per refund the gateway made, by whom and why. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** the gateway's refund transaction id; null while the refund's outcome is not known */
    transactionId: text('transaction_id'),
    state: text('state', { enum: refundStates }).notNull().default('requested'),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_refunds_payment').on(t.paymentId)],
)

/** Server cart of storefront §7 for logged-in shoppers: one row per sku. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: cartLineStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_user_sku').on(t.userId, t.skuId)],
)

/** Cart merges already applied: the same merge sent again (a retry, a second tab) changes nothing. */
export const cartMerges = pgTable(
  'cart_merges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mergeId: text('merge_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_merges_user_merge').on(t.userId, t.mergeId)],
)

/** A line of a cart left behind, as the shopper last had it (docs/carts-left-behind.md). */
export type CartLeftLine = { skuId: number; quantity: number }

/**
 * Carts left behind (docs/carts-left-behind.md, docs/decisions/0041): one row per number a shopper gave (signed in
 * with a server cart, or typed at checkout), with the lines as they last were; reminded once, by push or text.
 * The link in the reminder is a random token whose SHA-256 alone is kept here.
 */
export const cartsLeft = pgTable(
  'carts_left',
  {
    id: serial('id').primaryKey(),
    /** a normalised 01XXXXXXXXX number */
    phone: text('phone').notNull().unique(),
    lines: jsonb('lines').$type<CartLeftLine[]>().notNull(),
    /** what the lines came to at the shopper's last activity */
    value: money('value').notNull(),
    /** the page's language at the last activity: the reminder is written in it */
    language: text('language', { enum: ['en', 'bn'] }).notNull(),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /** when the row's one pending reminder job runs (null: none queued); a new activity queues one only then */
    reminderDueAt: timestamp('reminder_due_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** 'push' or 'sms' */
    remindedBy: text('reminded_by', { enum: ['push', 'sms'] }),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    recoveredOrderId: integer('recovered_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // the report reads the last 30 days
  (t) => [index('carts_left_activity').on(t.lastActivityAt)],
)

/**
 * A parcel booked, or being booked, with a courier for an order. `state` is the booking's: `queued` (a
 * courier-book job books it), `booked` (the courier gave its consignment id) or `failed` (refused, or no clear
 * answer in the end: `error` says why). `status` is where the parcel is as the courier last said it (our
 * CourierStatus, server/couriers/courier.ts), `raw` the courier's own word. An order has at most one shipment
 * that has not failed, so however often "Send" is pressed one parcel is booked.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier', { enum: courierNames }).notNull(),
    /** the order number, as the courier knows the parcel (Pathao's merchant_order_id, Steadfast's invoice) */
    invoice: text('invoice').notNull(),
    state: text('state', { enum: shipmentStates }).notNull().default('queued'),
    consignmentId: text('consignment_id'),
    trackingCode: text('tracking_code'),
    /** the courier's public tracking page for the shopper */
    trackingUrl: text('tracking_url'),
    status: text('status', { enum: courierStatuses }),
    raw: text('raw'),
    /** when the parcel reached `status`, by the courier's clock when it says (older news is not applied) */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** when the courier last told us of the parcel (webhook or poll): the poll asks after the quiet ones */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** taka the courier collects on delivery (0: paid already) */
    codAmount: money('cod_amount').notNull().default(0),
    /** the courier's delivery charge, when it says */
    fee: money('fee'),
    /** booking requests sent: after one whose answer was lost, the courier is asked before booking again */
    requests: integer('requests').notNull().default(0),
    /** why the booking failed, or the last unclear answer while it is retried */
    error: text('error').notNull().default(''),
    /** who pressed "Send" */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_courier_consignment').on(t.courier, t.consignmentId),
    uniqueIndex('shipments_live_order').on(t.orderId).where(sql`${t.state} <> 'failed'`),
    index('shipments_order').on(t.orderId, t.id.desc()),
    index('shipments_courier_invoice').on(t.courier, t.invoice),
    // the parcels still on their way, quietest first: what the poll asks the couriers about
    index('shipments_on_the_way')
      .on(t.checkedAt)
      .where(sql`${t.state} = 'booked' and ${t.status} not in ('delivered', 'returned', 'cancelled')`),
  ],
)

/**
 * Our places (an address's division, district and area) as a courier names them: Pathao books by its own
 * city, zone and area ids. Written by the owner from Pathao's lists; nothing is seeded.
 */
export const courierPlaces = pgTable(
  'courier_places',
  {
    id: serial('id').primaryKey(),
    courier: text('courier', { enum: ['pathao'] }).notNull(),
    division: text('division').notNull(),
    district: text('district').notNull(),
    area: text('area').notNull(),
    cityId: integer('city_id').notNull(),
    cityName: text('city_name').notNull(),
    zoneId: integer('zone_id').notNull(),
    zoneName: text('zone_name').notNull(),
    areaId: integer('area_id'),
    areaName: text('area_name'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courier_places_place').on(t.courier, t.division, t.district, t.area)],
)

// ---------------------------------------------------------------- reviews

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: reviewStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    /** the shop's answer, shown under the review; null: none */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_product').on(t.productId, t.status, t.createdAt.desc()),
    // the back office's queue: one status, newest first
    index('reviews_status_created').on(t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('reviews_one_per_user').on(t.productId, t.userId).where(sql`${t.userId} is not null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
)

/**
 * The shop's customers: every number that has ordered or has an account, guest or not, and each account made
 * by social sign-in alone (no number). Placing an order keeps its number's row (place-insert.ts), an account's
 * making keeps its own (accounts.ts); what the orders say is counted from them by phone. Blocking is here.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** normalised 01XXXXXXXXX; null only for an account made by social sign-in alone */
    phone: text('phone').unique(),
    /** the shopper's account with this number (or the social sign-in's); null: a guest */
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    /** the name on the number's latest order ('' until it orders): the name of a guest */
    name: text('name').notNull().default(''),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** what the shop refuses the number: cash on delivery, or every order; null: not blocked */
    block: text('block', { enum: blockScopes }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** when the number first ordered, or the account was made */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the list: the latest to order first (an account that never ordered, by when it was made)
    index('customers_latest').on(sql`coalesce(${t.lastOrderAt}, ${t.createdAt}) desc`, t.id.desc()),
    index('customers_blocked').on(t.id).where(sql`${t.block} is not null`),
    // the back office's search: a number's last digits, words of a name
    index('customers_phone_trgm').using('gin', t.phone.op('gin_trgm_ops')),
    index('customers_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
)

/** What the shop's staff wrote down about a customer: read in the back office only, never by the customer. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** who wrote it (null: the ADMIN_TOKEN, or a staff member since deleted) */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** the export the note came from (its `Note` column), kept once per customer and export; null: staff's */
    importedFrom: text('imported_from', { enum: customerImportSources }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_notes_customer').on(t.customerId, t.createdAt.desc()),
    uniqueIndex('customer_notes_imported')
      .on(t.customerId, t.importedFrom)
      .where(sql`${t.importedFrom} is not null`),
  ],
)

/**
 * A number's order history at the shop's previous platform, as an export of it said (docs/customers-csv.md):
 * one row per number and kind of export, replaced whole by the next import of that kind (`importId`). The
 * number's delivery record counts it (server/repositories/delivery-record.ts).
 */
export const importedOrderHistory = pgTable(
  'imported_order_history',
  {
    /** normalised 01XXXXXXXXX, as `customers.phone` */
    phone: text('phone').notNull(),
    source: text('source', { enum: customerImportSources }).notNull(),
    orders: integer('orders').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    totalSpent: money('total_spent').notNull().default(0),
    /** the import that wrote the row: the next of its source removes the rows it did not write */
    importId: uuid('import_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.phone, t.source] }),
    index('imported_order_history_source').on(t.source, t.importId),
  ],
)

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  purpose: text('purpose').notNull(),
  path: text('path').notNull().unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** a guest's upload: sha-256 of the uploader's guest key (cookie), so only they can attach it */
  guestKeyHash: text('guest_key_hash'),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
})

// ---------------------------------------------------------------- the back office

/**
 * Step 2 of a staff sign-in: a right number and password open a challenge for five minutes; a second
 * factor (a code sent by SMS, or one from the authenticator app) spends it and opens the staff session.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey(),
    /** sha-256 of the challenge token the sign-in page holds */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hash of the SMS code, bound to this challenge and number (null until one is sent) */
    codeHash: text('code_hash'),
    /** codes tried, counted before each is checked; five void the challenge */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('staff_challenges_user').on(t.userId)],
)

/** The back office's sessions, apart from the shoppers': their own cookie, idle and absolute expiry. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    /** sha-256 of the opaque token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** the sign-in plus STAFF_MAX_MS, whatever happens */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('staff_sessions_user').on(t.userId)],
)

/** One-time links that let a new owner or invited staff member choose their first password. */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_setup_tokens_user').on(t.userId)],
)

/**
 * The one-time links a start prints while the shop has no owner: whoever opens one chooses the first owner's
 * number, name and password. Each start adds its own (instances started together each print a working
 * one); all of them stop working once an owner exists.
 */
export const firstOwnerTokens = pgTable('first_owner_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Every write made through the back office: who, what, on which object, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** null: the shop owner's ADMIN_TOKEN, the admin:create command, or a staff member since deleted */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** `<object>.<verb>`: `staff.invite`, `sku.update` */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_object').on(t.objectType, t.objectId, t.at.desc()),
    index('audit_log_staff').on(t.staffId, t.at.desc()),
    index('audit_log_at').on(t.at.desc(), t.id.desc()),
  ],
)

/**
 * Secrets the server makes for itself on first use and every instance shares (the key the CSRF tokens
 * of staff sessions are derived with): nothing to configure, and the same after a restart.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * The shop's settings, edited by the owner in the back office: one row per group (`shop`), the value
 * checked by its contract. Environment variables only give the first start's values.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

/** A CSV import of products: its dry run or its run, the progress the page polls and every row's errors. */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: importStates }).notNull().default('running'),
    rowsRead: integer('rows_read').notNull().default(0),
    /** bytes of the file read so far and in all: the progress bar */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /**
     * the first errors found (IMPORT_ERRORS_KEPT at most), each a refused row and why:
     * `{ row, sku, field, message }[]`, also downloadable as CSV
     */
    errors: jsonb('errors')
      .$type<{ row: number; sku: string; field: string; message: string }[]>()
      .notNull()
      .default([]),
    /** every error found, those kept in `errors` and the others */
    errorCount: integer('error_count').notNull().default(0),
    /** products saved as drafts (the file had them active) because a photo of theirs could not be fetched */
    drafts: integer('drafts').notNull().default(0),
    /**
     * the first warnings (IMPORT_ERRORS_KEPT at most), each a photo left out of its product:
     * `{ row, sku, field, address, message }[]`, also in the downloadable report
     */
    warnings: jsonb('warnings')
      .$type<{ row: number; sku: string; field: string; address: string; message: string }[]>()
      .notNull()
      .default([]),
    /** every warning found, those kept in `warnings` and the others */
    warningCount: integer('warning_count').notNull().default(0),
    createdAt: createdAt(),
    /**
     * When it last saved its progress: a running import not heard of for a while stopped with its process
     * (whichever instance ran it), and is shown as failed
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalogue_imports_at').on(t.createdAt.desc())],
)

/**
 * The job queue: side effects that must happen once and survive a restart (text messages about orders,
 * expiring unpaid orders, a campaign's start and end). Any instance takes a due job with
 * `for update skip locked`, holds it for a lease, and retries it with a growing delay when it fails.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** the same key queued again adds nothing: one text per order and status, one expiry per order */
    key: text('key').unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** taken by an instance until then; a job whose instance died is taken again after it */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** it failed maxAttempts times: kept with its last error, never run again */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due').on(t.runAt).where(sql`done_at is null and failed_at is null`)],
)

/**
 * Landings counted by day and channel (server/plugins/landing.ts): one more each time a shopper's landing
 * cookie is set, so the reports can divide orders by visits. No personal data; at most a few hundred keys a day
 * (beyond those, campaigns are counted as `(other)`). medium and campaign are '' when the landing had none.
 */
export const landingCounts = pgTable(
  'landing_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    landings: integer('landings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.channel, t.medium, t.campaign] })],
)

/**
 * The shop's VAPID key pair (RFC 8292), made at the first start and kept here: one row. The private key is
 * sealed with the shop's sealing key (server/domain/sealed.ts); only the public key leaves the server.
 */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
})

/**
 * Browsers that asked to be told of orders (docs/push.md): a signed-in shopper's (all their orders) or a
 * guest's, for the one order they proved (its number and mobile number). One row per endpoint: the same
 * browser subscribing again takes the row over. Removed when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user').on(t.userId),
    index('push_subscriptions_order').on(t.orderId),
    check('push_subscriptions_owner', sql`(user_id is null) <> (order_id is null)`),
  ],
)
