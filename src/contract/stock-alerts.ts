import { z } from 'zod/mini'
import { bdPhone } from './addresses'
import { LANGUAGES } from './language'

/**
 * "Notify me when it's back" on a sold-out size or colour (POST /stock-alerts, storefront §2, back in stock): the sku, the
 * number to text, and the page's language (the text is written in it).
 */
export const stockAlertBody = z.strictObject({
  sku: z.int().check(z.positive('Choose a size or colour')),
  phone: bdPhone,
  language: z.enum(LANGUAGES),
})
export type StockAlertBody = z.input<typeof stockAlertBody>

/** One answer for a new request and a repeat alike: nobody learns whether a number already waits. */
export const stockAlertAnswer = z.object({ data: z.object({ message: z.string() }) })
