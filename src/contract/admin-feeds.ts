import { z } from 'zod/mini'
import { LANGUAGES } from './language'

/**
 * The product feeds for Meta Commerce Manager and Google Merchant Center (`/feeds/meta.xml`,
 * `/feeds/google.xml`, `?lang=bn` for Bangla; docs/feeds.md), as the back office lists them
 * (`/api/v1/admin/feeds`): owners and managers.
 * - `GET feeds` → adminFeedsAnswer: each feed's address to paste into the platform (with the token when one is
 *   set), and what its last build on this server gave: when, how many items, which skus were left out and why.
 * - `POST feeds/rebuild` → adminFeedsAnswer: builds every feed again now.
 * - `PUT feeds/token` (feedTokenBody) → adminFeedsAnswer: `rotate` sets a new token (the old addresses stop
 *   working), `remove` opens the feeds to anyone with the address.
 */

export const feedPlatforms = ['meta', 'google'] as const
export type FeedPlatform = (typeof feedPlatforms)[number]

/** Why a sku is not in a feed: the platforms refuse an item without a picture or a price. */
export const feedSkipReasons = ['no-image', 'no-price'] as const
export type FeedSkipReason = (typeof feedSkipReasons)[number]

export const feedSkipped = z.object({
  sku: z.string(),
  product: z.string(),
  reason: z.enum(feedSkipReasons),
})
export type FeedSkipped = z.infer<typeof feedSkipped>

export const feedBuild = z.object({
  builtAt: z.string(),
  /** milliseconds the build took */
  tookMs: z.int(),
  items: z.int(),
  /** the compressed file's size in bytes */
  bytes: z.int(),
  /** skus left out, by reason */
  skipped: z.record(z.enum(feedSkipReasons), z.int()),
  /** the first few skus left out, to fix in the catalogue */
  examples: z.array(feedSkipped),
  /** why the last build failed, when it did (the previous file, if any, is still served) */
  failure: z.nullable(z.string()),
})
export type FeedBuild = z.infer<typeof feedBuild>

export const feedEntry = z.object({
  platform: z.enum(feedPlatforms),
  language: z.enum(LANGUAGES),
  /** the address to paste into the platform, on the shop's public address, with the token when set */
  address: z.string(),
  /** null: not built on this server since it started */
  build: z.nullable(feedBuild),
})
export type FeedEntry = z.infer<typeof feedEntry>

export const adminFeedsAnswer = z.object({
  data: z.object({ tokenSet: z.boolean(), feeds: z.array(feedEntry) }),
})
export type AdminFeeds = z.infer<typeof adminFeedsAnswer>['data']

export const feedTokenBody = z.strictObject({ action: z.enum(['rotate', 'remove']) })
export type FeedTokenBody = z.infer<typeof feedTokenBody>
