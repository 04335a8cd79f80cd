import { z } from 'zod/mini'
import { ORDER_SOURCE_NAMES } from './admin-order-create'

/**
 * Where a site order came from (docs/attribution.md): the channel the reports count it under, the landing's
 * campaign tags, the other site that linked to the shop and when the shopper landed, and which ad click ids the
 * landing carried.
 */
export const orderAttribution = z.object({
  channel: z.string(),
  medium: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
  term: z.nullable(z.string()),
  content: z.nullable(z.string()),
  referrer: z.nullable(z.string()),
  /** null: the order's shopper had no landing kept (the channel is then `direct`) */
  landedAt: z.nullable(z.string()),
  clickIds: z.array(z.enum(['fbclid', 'gclid'])),
})
export type OrderAttribution = z.infer<typeof orderAttribution>

/** one channel's landings, orders and revenue over some days (the dashboard's channels) */
export const channelFigures = z.object({
  channel: z.string(),
  name: z.string(),
  nameBn: z.string(),
  landings: z.int(),
  /** the site's orders of the channel placed in the days, whatever became of them */
  orders: z.int(),
  /** of those, the ones that count as sales, and their revenue */
  sales: z.int(),
  revenue: z.number(),
})
export type ChannelFigures = z.infer<typeof channelFigures>

/** orders ÷ landings, as a share (null: no landings counted) */
export const conversion = (orders: number, landings: number) => (landings > 0 ? orders / landings : null)

/** the channel of the site's orders placed before landings were kept */
export const NOT_RECORDED = 'unknown'

/** the channels the shop's owners know by name, in both languages; any other is shown as it was tagged */
const CHANNEL_NAMES: Record<string, { en: string; bn: string }> = {
  direct: { en: 'Direct', bn: 'সরাসরি' },
  facebook: ORDER_SOURCE_NAMES.facebook,
  instagram: ORDER_SOURCE_NAMES.instagram,
  messenger: { en: 'Messenger', bn: 'মেসেঞ্জার' },
  whatsapp: ORDER_SOURCE_NAMES.whatsapp,
  google: { en: 'Google', bn: 'গুগল' },
  youtube: { en: 'YouTube', bn: 'ইউটিউব' },
  tiktok: { en: 'TikTok', bn: 'টিকটক' },
  [NOT_RECORDED]: { en: 'Not recorded', bn: 'জানা নেই' },
  '(other)': { en: 'Others', bn: 'অন্যান্য' },
}

/** a channel's name in both languages */
export const channelName = (channel: string) =>
  Object.hasOwn(CHANNEL_NAMES, channel)
    ? (CHANNEL_NAMES[channel] as { en: string; bn: string })
    : { en: channel, bn: channel }
