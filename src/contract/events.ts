import { z } from 'zod/mini'
import { noControlCharacters, requestSchema } from './common'

/** The browser events the pixel fires that the server sends too (docs/marketing-pixels.md); Purchase is the server's own. */
export const BROWSER_EVENTS = ['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout'] as const
export type BrowserEventName = (typeof BROWSER_EVENTS)[number]

/** The largest body `POST /api/v1/events` reads: a checkout of the most SKUs a cart holds, with room to spare. */
export const BROWSER_EVENT_BYTES = 8 * 1024
/** SKU codes one event may name: a cart's lines, a product's SKUs */
export const BROWSER_EVENT_MAX_ITEMS = 100

/**
 * One event the pixel fired, as the tags' code posts it: under the same `eventId` it gave the pixel, so that
 * Meta keeps one of the two. Product events name their SKUs by code, their value and currency.
 */
export const browserEventBody = requestSchema(() =>
  z.strictObject({
    event: z.enum(BROWSER_EVENTS),
    eventId: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Not an event ID')),
    url: z
      .string()
      .check(z.maxLength(1000), z.regex(/^https?:\/\/[^\s]+$/, 'Not a page address'), noControlCharacters()),
    contentIds: z.optional(
      z
        .array(z.string().check(z.minLength(1), z.maxLength(100), noControlCharacters()))
        .check(z.maxLength(BROWSER_EVENT_MAX_ITEMS)),
    ),
    value: z.optional(z.number().check(z.nonnegative(), z.lte(100_000_000))),
    currency: z.optional(z.literal('BDT')),
    numItems: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  }),
)
export type BrowserEventBody = z.infer<typeof browserEventBody>
