import { z } from 'zod/mini'

/**
 * `GET /api/v1/shop` (the api key, no session): what every storefront page shows of the shop, as the
 * owner saved it in the back office's settings. Texts come in both languages; a Bangla text left empty
 * is the English one. Cached for a minute (`max-age=60, stale-while-revalidate=600`).
 */
export const texts = z.object({ en: z.string(), bn: z.string() })

/** The tags the storefront loads: Meta's pixel ID and GA4's measurement ID ('' for none), and whether to ask first. */
export const trackView = z.object({ meta: z.string(), ga: z.string(), ask: z.boolean() })
export type TrackView = z.infer<typeof trackView>

/** What the storefront's pages read of `GET /api/v1/shop` (the answer has more: see settings.ts `shopAnswer`). */
export const shopView = z.object({
  data: z.object({
    name: texts,
    /** the title of a page that has none of its own (absent from answers kept before it was sent) */
    title: z.optional(texts),
    /** the logo's address, null (or absent, kept from before) for the built-in mark */
    logo: z.optional(z.nullable(z.string())),
    /** as printed, the first is the header's */
    phones: z.array(z.string()),
    address: texts,
    email: z.string(),
    hours: texts,
    /** only the networks the shop has an address for */
    social: z.array(z.object({ name: z.string(), url: z.string() })),
    /** the payment methods checkout takes (absent from answers kept before it was sent) */
    payments: z.optional(z.array(z.string())),
    track: z.optional(trackView),
  }),
})
export type ShopView = z.infer<typeof shopView>['data']
