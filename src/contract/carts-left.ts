import { z } from 'zod/mini'
import { bdPhone } from './addresses'
import { cartLineInput } from './cart'
import { LANGUAGES } from './language'

/**
 * The checkout's contact step, completed or left with a valid mobile number (POST /carts-left): the number, the
 * cart's lines and the page's language, kept so that a cart left behind can be reminded of once
 * (docs/carts-left-behind.md).
 */
export const cartLeftBody = z.strictObject({
  phone: bdPhone,
  lines: z.array(cartLineInput).check(z.minLength(1), z.maxLength(100)),
  language: z.enum(LANGUAGES),
})
export type CartLeftBody = z.input<typeof cartLeftBody>

export { cartLeftAnswer, type RestoredCart, restoredCartAnswer } from './cart'

/** The token of a reminder's links: 32 random bytes, base64url. */
export const reminderTokenParam = z.object({
  token: z.string().check(z.regex(/^[\w-]{43}$/, 'This link is not one of ours')),
})

export const remindersStoppedAnswer = z.object({ data: z.object({ message: z.string() }) })
