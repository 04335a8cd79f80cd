import { z } from 'zod/mini'
import { noControlCharacters } from './common'
import { toLatinDigits } from './digits'
import { BD_PHONE_PATTERN, compactPhone } from './phone'
import { user } from './user'

export { SESSION_HINT_COOKIE, type User, user, userAnswer } from './user'

/**
 * Accounts contract (storefront §3, §5, §7): shared by the API and the PWA. Request schemas are strict,
 * so a field the endpoint does not know (say `adminType` or `passwordHash`) is a 400, never stored.
 */

export const PHONE_MESSAGE = 'Enter a valid mobile number, e.g. 01712345678'

/**
 * A mobile number in any accepted spelling, read as its one stored form `01XXXXXXXXX`. Spaces, dashes,
 * dots and brackets are how people group digits (`01xxx-xxxxxx`); they carry no meaning. Bengali digits
 * are the same number. `message` is what a form shows when it is not a mobile number.
 */
export function mobileNumber(message: string) {
  return z.pipe(
    z.pipe(
      z.pipe(z.string({ error: message }), z.transform(compactPhone)),
      z.string().check(z.regex(BD_PHONE_PATTERN, message)),
    ),
    z.transform((value: string) => value.slice(-11)),
  )
}

export const phoneInput = mobileNumber(PHONE_MESSAGE)

/** `order`: a guest proves the number of a large cash-on-delivery order (POST /auth/customer/confirm-phone) */
export const otpPurposes = ['login', 'register', 'reset', 'order'] as const
export const otpPurpose = z.enum(otpPurposes)
export type OtpPurpose = z.infer<typeof otpPurpose>

/** The six digits of a one-time code, typed in Latin or Bengali digits. */
export const otpCode = z.pipe(
  z.pipe(
    z.string({ error: 'Enter the 6-digit code' }),
    z.transform((value: string) => toLatinDigits(value.trim())),
  ),
  z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
)
/**
 * A new password's length (NIST SP 800-63B: at least 8, 15 recommended; no rule on which characters). The
 * server also refuses common, breached and guessable passwords and the person's own number or name.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const passwordInput = z
  .string({ error: 'Enter a password' })
  .check(z.maxLength(1024, 'The password is too long'), noControlCharacters())
const name = z.string().check(z.trim(), z.maxLength(100, 'At most 100 characters'), noControlCharacters())

export const gender = z.enum(['male', 'female', 'other'])

/** login, otp-login and social login all answer this (plus the session cookie). */
export const sessionAnswer = z.object({ data: z.object({ access_token: z.string(), user }) })
export type SessionAnswer = z.infer<typeof sessionAnswer>
export const messageAnswer = z.object({ message: z.string() })

export const registerBody = z.strictObject({
  firstName: z._default(name, ''),
  lastName: z._default(name, ''),
  password: passwordInput,
  phone: phoneInput,
})
export const loginBody = z.strictObject({
  phone: phoneInput,
  password: passwordInput,
  remember: z.optional(z.boolean()),
})
export const sendOtpBody = z.strictObject({ phone: phoneInput, type: otpPurpose })
export const sendOtpAnswer = z.object({ phone: z.string(), otpId: z.string() })
/** A registration answers like SEND CODE: the account exists once `otp-login` spends the code. */
export const registerAnswer = sendOtpAnswer
export const otpLoginBody = z.strictObject({
  phone: phoneInput,
  otpId: z.uuid('Request a new code'),
  otpCode,
})
export const passwordResetBody = z.strictObject({
  phone: phoneInput,
  otpId: z.uuid('Request a new code'),
  otpCode,
  password: passwordInput,
})

export const SOCIAL_USER_KEY_REQUIRED = 'user_key is required'
export const socialProviders = ['GMAIL', 'FACEBOOK'] as const
export const socialProvider = z.enum(socialProviders)
export type SocialProvider = z.infer<typeof socialProvider>
/** storefront §3 social payload plus the identity provider's ID token that proves it. */
export const socialLoginBody = z.strictObject({
  firstName: z._default(name, ''),
  lastName: z._default(name, ''),
  email: z.optional(z.nullable(z.email('Enter a valid email'))),
  provider: socialProvider,
  userKey: z
    .string({ error: SOCIAL_USER_KEY_REQUIRED })
    .check(z.trim(), z.minLength(1, SOCIAL_USER_KEY_REQUIRED), z.maxLength(256), noControlCharacters()),
  idToken: z.optional(z.string().check(z.maxLength(8192), noControlCharacters())),
})
export type SocialLoginBody = z.input<typeof socialLoginBody>

export const profileBody = z.strictObject({
  firstName: z.optional(name),
  lastName: z.optional(name),
  email: z.optional(z.nullable(z.email('Enter a valid email').check(z.maxLength(254)))),
  gender: z.optional(z.nullable(gender)),
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(500), noControlCharacters()))),
})
export type ProfileBody = z.infer<typeof profileBody>
export const passwordChangeBody = z.strictObject({ currentPassword: passwordInput, password: passwordInput })

export const smsOutboxQuery = z.object({ phone: phoneInput })
export const smsOutboxAnswer = z.object({
  data: z.array(z.object({ id: z.number(), phone: z.string(), body: z.string(), createdAt: z.string() })),
})
export type SmsOutboxAnswer = z.infer<typeof smsOutboxAnswer>

export const SESSION_COOKIE = 'haat_session'
