import { z } from 'zod/mini'
import { orderLookupBody } from './orders'

/**
 * Web push (docs/push.md): the shop's public VAPID key, and a browser's subscription as
 * `PushSubscription.toJSON()` gives it. A guest names the order they follow by its number and mobile number.
 */
export const pushKeyResponse = z.object({ data: z.object({ publicKey: z.string() }) })
export type PushKey = z.infer<typeof pushKeyResponse>['data']

const ENDPOINT_MESSAGE = 'The push endpoint must be an https address of a browser’s push service'

export const pushEndpoint = z.string().check(
  z.maxLength(1000, 'The push endpoint is too long'),
  z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), ENDPOINT_MESSAGE),
)

export const pushSubscriptionBody = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    /** the browser's P-256 public key: 65 bytes, uncompressed, base64url */
    p256dh: z.string().check(z.regex(/^B[A-Za-z0-9_-]{86}$/, 'This is not a P-256 public key')),
    /** the 16-byte authentication secret, base64url */
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'This is not a 16-byte authentication secret')),
  }),
  /** a guest's order (a signed-in shopper is told of all their orders and sends none) */
  order: z.optional(orderLookupBody),
})
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>

export const pushUnsubscribeBody = z.strictObject({ endpoint: pushEndpoint })

export const pushSubscribedResponse = z.object({ data: z.object({ subscribed: z.boolean() }) })

/** What a push carries to the service worker (sw/push.ts shows it). */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.optional(z.string()),
  image: z.optional(z.string()),
  /** the page a click opens, on the shop's own origin */
  url: z.string(),
})
export type PushMessage = z.infer<typeof pushMessage>

export { ENDPOINT_MESSAGE }
